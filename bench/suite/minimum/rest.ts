// The hand-written client of the "minimum" contender: the REST calls made directly with undici,
// each signed with an HS256 JWT over node:crypto (the load generator's signer), JSON parsed plainly.
import { Agent, request } from 'undici';
import { createSigner, type BenchUser } from '../../sandbox/signer';
import type { MinimumRest } from '../scenarios/types';

type Query = Record<string, string | number | string[]>;

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface ClosableRest extends MinimumRest {
  close(): Promise<void>;
}

/** `baseUrl` as the sandbox prints it, e.g. http://127.0.0.1:8081/api/v2.0 */
export function createMinimumRest(baseUrl: string, user: BenchUser): ClosableRest {
  const base = new URL(baseUrl);
  const sign = createSigner(user);
  const dispatcher = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

  async function call(
    method: 'GET' | 'POST',
    path: string,
    o: { space?: number; query?: Query; body?: unknown },
  ): Promise<unknown> {
    const requestPath = `${base.pathname}${path}${queryString(o.query)}`;
    const headers: Record<string, string> = {
      authorization: sign(method, requestPath),
      accept: 'application/json',
    };
    if (o.space !== undefined) headers.space = String(o.space);
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    const response = await request(new URL(requestPath, base.origin), { method, headers, body, dispatcher });
    const text = await response.body.text();
    if (response.statusCode >= 400)
      throw new Error(`${method} ${path} answered ${response.statusCode}: ${text.slice(0, 200)}`);
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return json && text ? (JSON.parse(text) as unknown) : text;
  }

  return {
    get: (path, o) => call('GET', path, o),
    post: (path, o) => call('POST', path, o),
    close: () => dispatcher.close(),
  };
}

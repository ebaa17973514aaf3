// Shared by the REST client's sandbox tests: a sandbox per file, the client under test, what the
// client actually put on the wire (via undici's diagnostics channel, no mocking), raw requests and
// hand-made tokens for the negative cases.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { SignJWT } from 'jose';
import { request } from 'undici';
import { createRestClient, type CallEvent, type RestClient, type RestClientOptions } from '../../src/rest';
import { startSandbox } from '../../src/sandbox/index';

export type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;
export type FaultInput = Parameters<RunningSandbox['faults']['set']>[0];

export { startSandbox };

export interface TestClient {
  client: RestClient;
  events: CallEvent[];
}

/** A client for the sandbox's first user, with small backoffs so retry tests stay fast. */
export function clientFor(sandbox: RunningSandbox, overrides: Partial<RestClientOptions> = {}): TestClient {
  const events: CallEvent[] = [];
  const user = sandbox.users[0];
  const client = createRestClient({
    baseUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3, maxRetryAfterMs: 2_000, budgetMs: 10_000 },
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
    onCall: (event) => events.push(event),
    ...overrides,
  });
  return { client, events };
}

export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * Records every request undici creates while active (the real wire view: method, path, headers).
 * Returns the list and a stop function.
 */
export function recordSent(): { sent: SentRequest[]; stop: () => void } {
  const sent: SentRequest[] = [];
  const onCreate = (message: unknown) => {
    const req = (message as { request: { method: string; path: string; headers: string[] | string } })
      .request;
    const headers: Record<string, string> = {};
    const list = Array.isArray(req.headers) ? req.headers : parseHeaderBlock(req.headers);
    for (let i = 0; i < list.length; i += 2) headers[String(list[i]).toLowerCase()] = String(list[i + 1]);
    sent.push({ method: req.method, path: req.path, headers });
  };
  subscribe('undici:request:create', onCreate);
  return { sent, stop: () => unsubscribe('undici:request:create', onCreate) };
}

function parseHeaderBlock(block: string): string[] {
  return block
    .split('\r\n')
    .filter(Boolean)
    .flatMap((line) => {
      const i = line.indexOf(':');
      return [line.slice(0, i), line.slice(i + 1).trim()];
    });
}

/** Sets faults through the sandbox's admin endpoint (the way an external process would). */
export async function putFaults(sandbox: RunningSandbox, faults: FaultInput): Promise<void> {
  const res = await request(`${sandbox.origin}/__admin/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`PUT /__admin/faults answered ${res.statusCode}: ${text}`);
}

export interface Claims {
  sub?: unknown;
  iat?: number;
  requestPath?: string;
  requestMethod?: string;
}

/** Signs arbitrary claims with an arbitrary key (base64), for the refusal cases. */
export async function signClaims(
  keyBase64: string,
  claims: Claims,
  header: Record<string, unknown> = {},
): Promise<string> {
  const key = Buffer.from(keyBase64, 'base64');
  return new SignJWT({ ...claims } as Record<string, unknown>)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', type: 'JWT', ver: 1, ...header })
    .sign(key);
}

/** An unsecured token (`alg: none`, empty signature). */
export function unsignedToken(claims: Claims): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT', type: 'JWT', ver: 1 })}.${enc(claims)}.`;
}

/** One raw request to the sandbox, bypassing the client; the body is parsed when it is JSON. */
export async function rawRequest(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const res = await request(`${sandbox.origin}${path}`, { method, headers });
  const text = await res.body.text();
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: isJson && text ? JSON.parse(text) : text };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

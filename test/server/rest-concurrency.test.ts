// `serve` gives the REST client PAYGRAPH_REST_CONCURRENCY as its own bound (and its pool's size): a
// setting above the client's default really puts that many calls in flight. A proxy in front of the
// sandbox holds the per-customer calls until the bound's worth of them is open at once, then lets
// everything through; a client holding back at its default would leave them waiting until the
// request's deadline.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_IN_FLIGHT } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import { startGraphServer } from '../../src/server/serve';

const BOUND = DEFAULT_MAX_IN_FLIGHT + 20;
const HELD = /^\/api\/v2\.0\/customers\/\d+\/(addresses|comments)/;

/** Forwards to the sandbox; holds calls matching HELD until `BOUND` of them are open together. */
class HoldingProxy {
  readonly server: Server;
  private waiting: (() => void)[] = [];
  private released = false;
  peak = 0;

  constructor(private readonly target: string) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v2.0`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!this.released && HELD.test(req.url ?? '')) await this.hold();
    const headers = Object.entries(req.headers).filter(
      ([name]) => !['host', 'connection', 'content-length'].includes(name),
    );
    const answer = await fetch(`${this.target}${req.url}`, {
      method: req.method,
      headers: headers.map(([name, value]) => [name, String(value)] as [string, string]),
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  private hold(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.peak = Math.max(this.peak, this.waiting.length);
      if (this.waiting.length < BOUND) return;
      this.released = true;
      for (const release of this.waiting.splice(0)) release();
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let sandbox: RunningSandbox;
let proxy: HoldingProxy;

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = new HoldingProxy(new URL(sandbox.baseUrl).origin);
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

describe('PAYGRAPH_REST_CONCURRENCY', () => {
  it(`above the REST client's default (${DEFAULT_MAX_IN_FLIGHT}) puts that many REST calls in flight at once`, async () => {
    const [user] = sandbox.users;
    const server = await startGraphServer({
      restUrl: await proxy.listen(),
      userId: user.id,
      authKey: user.key,
      port: 0,
      security: securityConfigFromEnv({ PAYGRAPH_REST_CONCURRENCY: String(BOUND) }),
    });
    try {
      // 100 customers, two child lists each: 200 calls wanted at once after the page.
      const query = `{ space(id: ${sandbox.spaces[0]}) { customers(first: 100) { nodes {
        restId addresses(first: 1) { nodes { restId } } comments(first: 1) { nodes { restId } } } } } }`;
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const body = (await response.json()) as {
        data?: { space: { customers: { nodes: unknown[] } } };
        errors?: unknown[];
      };
      expect(body.errors).toBeUndefined();
      expect(body.data?.space.customers.nodes).toHaveLength(100);
      // Never more than the bound either: the fair REST queue admits that many.
      expect(proxy.peak).toBe(BOUND);
    } finally {
      await server.close();
    }
  });
});

// Live connections, attacked (findings 4 and 5 of the security round 3): an SSE subscription went on
// delivering after its token expired and a WebSocket connection ran new queries after expiry; 150
// concurrent operations on one WebSocket all ran (HTTP refuses 78 of the same); 3,000 anonymous
// WebSocket connections were acknowledged and held without timeout. Served paygraph, real clients
// (graphql-sse, graphql-ws, ws), short-lived tokens instead of long sleeps.
import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSandbox } from '../../src/sandbox';
import { cacheConfigFromEnv } from '../../src/server/cache/config';
import { generateApiKey } from '../../src/server/auth/api-keys';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import type { RunningGraphServer } from '../../src/server/serve';
import { apiKeysFile, jwtSetup, serveOver, wsResult, type JwtSetup, type WsResult } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let sandbox: RunningSandbox;
let space: string;

beforeAll(async () => {
  world = await startWorld({ seedSize: 'default', graph: false });
  sandbox = world.sandbox;
  space = String(sandbox.spaces[0]);
});

afterAll(async () => {
  await world?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wsUrl = (graph: RunningGraphServer) => graph.url.replace('http', 'ws');
const CHANGES = `subscription($s: ID!) { transactionsChanged(space: $s) { id state } }`;
const SPACE = `query($s: ID!) { space(id: $s) { restId } }`;

/** A ws WebSocket that connects from a given loopback address (each test its own client address). */
function fromAddress(localAddress: string): typeof WebSocket {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { localAddress });
    }
  } as typeof WebSocket;
}

type Result = WsResult;
const run = (c: Client, query: string, variables: Record<string, unknown> = { s: space }) =>
  wsResult(c, query, variables);
const restCalls = async () => (await world.takeCalls()).total;

describe('a token that expires ends its live connections', () => {
  let jwt: JwtSetup;
  let graph: RunningGraphServer;
  const soon = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

  beforeAll(async () => {
    jwt = jwtSetup();
    graph = await serveOver(sandbox, {
      security: securityConfigFromEnv(jwt.env),
      liveTick: { fastMs: 50, slowMs: 100 },
    });
  });

  afterAll(async () => {
    await graph?.close();
    jwt?.close();
  });

  it('SSE: the stream delivers, then ends with an UNAUTHENTICATED error when the token expires; its watch stops', async () => {
    const token = await jwt.token({ spaces: [Number(space)] }, { exp: soon(2) });
    const client = createSseClient({
      url: graph.url,
      headers: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    try {
      const events: Result[] = [];
      const started = Date.now();
      for await (const event of client.iterate({ query: CHANGES, variables: { s: space } }))
        events.push(event as Result);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(events.at(-1)?.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
      expect(events.at(-1)?.errors?.[0].message).toMatch(/expired/);
      await restCalls();
      await pause(300);
      expect(await restCalls()).toBe(0);
    } finally {
      client.dispose();
    }
  });

  it('WebSocket: the connection answers until the token expires, then is closed with 4401; nothing runs after', async () => {
    const token = await jwt.token({ spaces: [Number(space)] }, { exp: soon(2) });
    let closed: number | undefined;
    const client = createWsClient({
      url: wsUrl(graph),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      // Not lazy: the client would close the socket itself once its last operation ended.
      lazy: false,
      // The close is the expected outcome, seen through `closed` (graphql-ws prints it otherwise).
      onNonLazyError: () => undefined,
      on: { closed: (event) => (closed = (event as { code: number }).code) },
    });
    try {
      const answered = (await run(client, SPACE)) as Result;
      expect(answered.data).toEqual({ space: { restId: String(space) } });
      // The stream ends with the socket, closed 4401 at expiry.
      const ended = (await run(client, CHANGES)) as { failed?: { code?: number } };
      expect(ended.failed?.code).toBe(4401);
      expect(closed).toBe(4401);
      await restCalls();
      const after = await run(client, SPACE);
      expect(after).toHaveProperty('failed');
      expect(await restCalls()).toBe(0);
    } finally {
      await client.dispose();
    }
  });

  it('WebSocket: a token already past its exp (accepted within the clock skew) is closed at once with 4401', async () => {
    const token = await jwt.token({ spaces: [Number(space)] }, { exp: soon(-5) });
    const socket = new WebSocket(wsUrl(graph), 'graphql-transport-ws');
    const code = await new Promise<number>((resolve) => {
      socket.on('open', () =>
        socket.send(
          JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
        ),
      );
      socket.on('close', (c) => resolve(c));
    });
    expect(code).toBe(4401);
  });
});

describe('WebSocket operations pass the per-caller gates, connections are capped and timed', () => {
  const keys = { admitted: generateApiKey(), capped: generateApiKey(), charged: generateApiKey() };
  let keysFile: ReturnType<typeof apiKeysFile>;
  let graph: RunningGraphServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    keysFile = apiKeysFile(
      Object.entries(keys).map(([name, key]) => ({ name, key, spaces: '*' as const, scopes: ['read'] })),
    );
    const security = securityConfigFromEnv({
      ...keysFile.env,
      PAYGRAPH_MAX_OPERATIONS_PER_CALLER: '2',
      PAYGRAPH_OPERATION_QUEUE_PER_CALLER: '1',
      PAYGRAPH_RATE_LIMIT_BURST: '120',
      PAYGRAPH_RATE_LIMIT_PER_SECOND: '1',
      PAYGRAPH_WS_CONNECTIONS_PER_CALLER: '2',
      PAYGRAPH_WS_CONNECTIONS_PER_ADDRESS: '3',
      PAYGRAPH_WS_INIT_TIMEOUT_MS: '300',
      PAYGRAPH_WS_IDLE_TIMEOUT_MS: '500',
    });
    graph = await serveOver(sandbox, {
      security,
      liveTick: { fastMs: 50, slowMs: 100 },
      cache: cacheConfigFromEnv({ PAYGRAPH_CACHE: 'off' }),
    });
  });

  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await graph?.close();
    keysFile?.close();
  });

  function client(
    key: string | undefined,
    localAddress: string,
    on: Parameters<typeof createWsClient>[0]['on'] = {},
  ): Client {
    const c = createWsClient({
      url: wsUrl(graph),
      webSocketImpl: fromAddress(localAddress),
      connectionParams: key ? { 'x-api-key': key } : {},
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
      on,
    });
    clients.push(c);
    return c;
  }

  it("runs a caller's operations within its allowance (2 at once, 1 waiting); the rest are RATE_LIMITED unsent", async () => {
    const c = client(keys.admitted, '127.0.0.11');
    const slow = { latencyMs: 300, match: { operationId: 'getSpace' } };
    await fetch(`${sandbox.origin}/__admin/faults`, {
      method: 'PUT',
      body: JSON.stringify(slow),
      headers: { 'content-type': 'application/json' },
    });
    try {
      await restCalls();
      const query = `query($s: ID!) { space(id: $s) { restId name } }`;
      const results = (await Promise.all(Array.from({ length: 10 }, () => run(c, query)))) as (Result & {
        failed?: Result['errors'];
      })[];
      // A refusal before execution is the protocol's `error` message, its errors as over HTTP.
      const codes = results.map((r) => (r.failed ?? r.errors)?.[0]?.extensions?.code ?? 'ok');
      expect(codes.filter((code) => code === 'ok')).toHaveLength(3);
      expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(7);
      expect(await restCalls()).toBe(3);
      // Every slot was given back: the caller's next operations run.
      const next = await Promise.all([run(c, query), run(c, query)]);
      expect(next.map((r) => ('failed' in r ? 'failed' : (r.errors?.[0]?.extensions?.code ?? 'ok')))).toEqual(
        ['ok', 'ok'],
      );
    } finally {
      await fetch(`${sandbox.origin}/__admin/faults`, { method: 'DELETE' });
    }
  });

  it('charges refused documents to their caller, as over HTTP', async () => {
    const c = client(keys.charged, '127.0.0.12');
    for (let i = 0; i < 3; i++) {
      const refused = (await run(c, `{ nope${i} }`, {})) as { failed: { extensions?: { code?: string } }[] };
      expect(refused.failed[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    const next = (await run(c, SPACE)) as Result;
    expect(next.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  });

  it('closes a connection past the caller’s cap with 4429', async () => {
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      let closed: number | undefined;
      const c = client(keys.capped, '127.0.0.13', {
        closed: (event) => (closed = (event as { code: number }).code),
      });
      const result = await run(c, SPACE);
      codes.push('failed' in result ? closed : 200);
    }
    expect(codes).toEqual([200, 200, 4429]);
  });

  it('refuses an upgrade past the address’s cap with HTTP 429', async () => {
    const open: WebSocket[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const socket = new (fromAddress('127.0.0.14'))(wsUrl(graph), 'graphql-transport-ws');
      statuses.push(
        await new Promise<number>((resolve) => {
          socket.on('open', () => resolve(101));
          socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
          socket.on('error', () => undefined);
        }),
      );
      open.push(socket);
    }
    expect(statuses).toEqual([101, 101, 101, 429]);
    for (const socket of open) socket.close();
  });

  it('closes a connection that sends no connection_init in time (4408)', async () => {
    const socket = new (fromAddress('127.0.0.15'))(wsUrl(graph), 'graphql-transport-ws');
    const started = Date.now();
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(4408);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('closes an acknowledged connection with no operation running after the idle timeout, not one with a stream', async () => {
    const socket = new (fromAddress('127.0.0.16'))(wsUrl(graph), 'graphql-transport-ws');
    const messages: { type: string }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as { type: string }));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    while (messages.length === 0) await pause(5);
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `{ __typename }` } }));
    const closed = new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    const started = Date.now();
    expect(await closed).toBe(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(messages.map((m) => m.type)).toEqual(['connection_ack', 'next', 'complete']);

    let streamClosed: number | undefined;
    const streaming = client(keys.admitted, '127.0.0.17', {
      closed: (event) => (streamClosed = (event as { code: number }).code),
    });
    const events: unknown[] = [];
    const stop = streaming.subscribe(
      { query: CHANGES, variables: { s: space } },
      { next: (e) => events.push(e), error: () => undefined, complete: () => undefined },
    );
    await pause(1_000);
    expect(streamClosed).toBeUndefined();
    stop();
    await pause(800);
    expect(streamClosed).toBe(1000);
  });
});

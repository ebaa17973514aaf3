// Slow clients, attacked (finding 9 of the security round 3: a body trickled one byte every 10 s was
// held 318 s; 21,400 slow connections exhausted the file descriptors). A served paygraph with short
// deadlines, raw sockets as the clients: a trickled body and unfinished headers are cut off at their
// deadline, an idle keep-alive connection is closed, connections past the cap are closed on arrival,
// and a WebSocket connection outlives the request deadline. None of it makes a REST call.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSandbox } from '../../src/sandbox';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import type { RunningGraphServer } from '../../src/server/serve';
import { serveOver } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let sandbox: RunningSandbox;
let graph: RunningGraphServer;
let port: number;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  sandbox = world.sandbox;
  const security = securityConfigFromEnv({
    PAYGRAPH_HTTP_REQUEST_TIMEOUT_MS: '1500',
    PAYGRAPH_HTTP_HEADERS_TIMEOUT_MS: '1000',
    PAYGRAPH_HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
    PAYGRAPH_MAX_CONNECTIONS: '4',
  });
  graph = await serveOver(sandbox, { security });
  port = Number(new URL(graph.url).port);
});

afterAll(async () => {
  await graph?.close();
  await world?.close();
});

const restCalls = async () => (await world.takeCalls()).total;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Watched {
  socket: Socket;
  received: () => string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfter: Promise<number>;
}

function open(): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let text = '';
    const socket = connect(port, '127.0.0.1');
    const closedAfter = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => text, closedAfter }));
    socket.once('error', reject);
  });
}

const HEAD = `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`;

describe('HTTP deadlines', () => {
  // The deadline tests and the WebSocket one wait on their own connections (three, under the cap of
  // four) and make no REST call: they wait together. The cap test needs the server to itself.
  it.concurrent('leaves a WebSocket connection alone past the request deadline', async ({ expect }) => {
    const socket = new WebSocket(graph.url.replace('http', 'ws'), 'graphql-transport-ws');
    let closed: number | undefined;
    socket.on('close', (code) => (closed = code));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await pause(2_500);
    expect(closed).toBeUndefined();
    socket.close();
  });

  it.concurrent('cuts off a body trickled a byte at a time at the request deadline (408), with no REST call', async ({
    expect,
  }) => {
    await restCalls();
    const c = await open();
    c.socket.write(`${HEAD}Content-Length: 200\r\n\r\n`);
    const trickle = setInterval(() => c.socket.writable && c.socket.write('{'), 200);
    try {
      const after = await c.closedAfter;
      expect(after).toBeGreaterThanOrEqual(1_400);
      expect(after).toBeLessThan(10_000);
      expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
    expect(await restCalls()).toBe(0);
  }, 15_000);

  it.concurrent('cuts off unfinished headers at the headers deadline', async ({ expect }) => {
    const c = await open();
    c.socket.write('POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const after = await c.closedAfter;
    expect(after).toBeGreaterThanOrEqual(900);
    expect(after).toBeLessThan(10_000);
  }, 15_000);

  it('closes an idle keep-alive connection after its timeout', async () => {
    const c = await open();
    const body = JSON.stringify({ query: '{ __typename }' });
    c.socket.write(`${HEAD}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    while (!c.received().includes('__typename')) await pause(10);
    // Node's default keeps it 5 s.
    expect(await c.closedAfter).toBeLessThan(4_000);
  });

  it('closes connections past PAYGRAPH_MAX_CONNECTIONS on arrival, and takes new ones once some left', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => open()));
    for (const c of held) c.socket.write('POST /graphql HTTP/1.1\r\n');
    const extra = await open();
    expect(await extra.closedAfter).toBeLessThan(1_000);
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closedAfter));
    const response = await fetch(graph.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
    expect(response.status).toBe(200);
  });
});

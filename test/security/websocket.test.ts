// Limits over WebSocket (graphql-ws, with its real client against a served paygraph): a document
// over PAYGRAPH_MAX_DOCUMENT_BYTES is refused with PAYLOAD_TOO_LARGE before parsing, a message larger
// than any request body may be closes the socket (1009) unread, and queries are held to the cost
// budget and reported in extensions.cost as over HTTP; none of the refusals makes a REST call.
import { createClient, type Client } from 'graphql-ws';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSandbox } from '../../src/sandbox';
import { generateApiKey, hashApiKey } from '../../src/server/auth/api-keys';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import { VARIABLES_ALLOWANCE_BYTES } from '../../src/server/limits/use-query-limits';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { wsResult, type WsResult } from './support';
import { startWorld, type TestWorld } from '../support/world';

const MAX_DOCUMENT_BYTES = 2_000;
let world: TestWorld;
let sandbox: RunningSandbox;
let graph: RunningGraphServer;
let dir: string;
const key = generateApiKey();
const clients: Client[] = [];

type Result = WsResult;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  sandbox = world.sandbox;
  dir = mkdtempSync(join(tmpdir(), 'paygraph-ws-'));
  writeFileSync(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ name: 'ws', hash: hashApiKey(key), spaces: '*', scopes: ['read'] }] }),
  );
  const security = securityConfigFromEnv({
    PAYGRAPH_AUTH: 'api-keys',
    PAYGRAPH_API_KEYS_FILE: join(dir, 'keys.json'),
    PAYGRAPH_MAX_DOCUMENT_BYTES: String(MAX_DOCUMENT_BYTES),
    PAYGRAPH_MAX_COST: '20',
  });
  const [user] = sandbox.users;
  graph = await startGraphServer({
    restUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    port: 0,
    security,
  });
});

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await graph?.close();
  await world?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function client(): Client {
  const c = createClient({
    url: graph.url.replace('http', 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: { 'x-api-key': key },
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(c);
  return c;
}

const run = wsResult;
const restCalls = async () => (await world.takeCalls()).total;

describe('limits over WebSocket', () => {
  it('refuses a document over the byte limit with PAYLOAD_TOO_LARGE, without a REST call', async () => {
    await restCalls();
    const query = `{ ${'__typename '.repeat(MAX_DOCUMENT_BYTES / 10)}}`;
    const answer = (await run(client(), query)) as {
      failed: { message: string; extensions?: { code?: string } }[];
    };
    expect(answer.failed[0].extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(answer.failed[0].message).toMatch(/at most 2000 are allowed/);
    expect(await restCalls()).toBe(0);
  });

  it('closes the socket on a message larger than any request body may be, unread', async () => {
    const query = `{ ${'__typename '.repeat((MAX_DOCUMENT_BYTES + VARIABLES_ALLOWANCE_BYTES) / 10)}}`;
    const answer = (await run(client(), query)) as { failed: { code?: number } };
    expect(answer.failed.code).toBe(1009);
  });

  it('holds queries to the cost budget and reports their cost, as over HTTP', async () => {
    const space = String(sandbox.spaces[0]);
    await restCalls();
    const over = (await run(
      client(),
      `query($s: ID!) { space(id: $s) { customers(first: 30) { nodes { addresses(first: 1) { nodes { restId } } } } } }`,
      {
        s: space,
      },
    )) as Result;
    expect(over.errors?.[0].extensions?.code).toBe('COST_LIMIT_EXCEEDED');
    expect(await restCalls()).toBe(0);
    const within = (await run(
      client(),
      `query($s: ID!) { space(id: $s) { customers(first: 3) { nodes { restId } } } }`,
      {
        s: space,
      },
    )) as Result;
    expect(within.errors).toBeUndefined();
    expect(within.data?.space.customers.nodes).toHaveLength(3);
    expect(within.extensions?.cost).toMatchObject({ budget: 20 });
    expect(within.extensions?.cost?.actual).toBe(await restCalls());
  });
});

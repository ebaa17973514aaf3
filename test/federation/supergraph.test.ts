// paygraph in a supergraph, end to end as a team would run it: paygraph (api-keys mode) and a second
// subgraph written here ("orders": an Order with `transaction: Transaction`) on loopback ports, the
// README's composition command (`npm run -s compose`, @theguild/federation-composition), Hive Gateway
// with the README's configuration serving the result, and queries through it: orders with their
// transactions' state, amount and customer e-mail equal paygraph's own answer, with the REST calls
// counted by the sandbox (one batched search for 20 transactions). Authorization is the caller's:
// the gateway forwards its credentials, paygraph decides.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedSubgraph } from '../../src/schema/print';
import { appOver, spaceReader } from '../security/support';
import { startWorld, type TestWorld } from '../support/world';
import { composeSupergraph, paygraphSubgraph } from '../../scripts/compose-supergraph';
import { GATEWAY_CONFIG, runCompose, startGateway, type RunningGateway } from './gateway-process';
import { ORDERS_SDL, startOrdersSubgraph, type RunningSubgraph } from './orders-subgraph';

const ORDERS = 20;
let world: TestWorld;
let paygraph: Server;
let paygraphUrl: string;
let orders: RunningSubgraph;
let gateway: RunningGateway;
let transactionIds: string[];
const dir = mkdtempSync(join(tmpdir(), 'paygraph-supergraph-'));
const supergraphFile = join(dir, 'supergraph.graphql');

const TRANSACTION = 'id state authorizationAmount currency customerEmailAddress customer { emailAddress }';

interface Answer {
  status: number;
  body: {
    data?: Record<string, any> | null;
    errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
  };
}

async function post(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** REST calls the sandbox received since the last call, by operation (and resets its counter). */
async function restCalls(): Promise<Record<string, number>> {
  const admin = `${world.sandbox.origin}/__admin/requests`;
  const counted = ((await (await fetch(admin)).json()) as { byOperation: Record<string, number> })
    .byOperation;
  await fetch(admin, { method: 'DELETE' });
  return counted;
}

const total = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);
let bearer: Record<string, string> = {};

beforeAll(async () => {
  world = await startWorld({ graph: false });
  const [mine, theirs] = world.sandbox.spaces;
  const storefront = spaceReader('storefront', [mine]);
  bearer = { authorization: `Bearer ${storefront.key}` };
  const app = appOver(world.rest, { authenticator: storefront.authenticator });
  paygraph = createServer((req, res) => void app(req, res));
  paygraph.listen(0, '127.0.0.1');
  await once(paygraph, 'listening');
  paygraphUrl = `http://127.0.0.1:${(paygraph.address() as AddressInfo).port}/graphql`;
  const first = async (space: number, n: number) =>
    (
      (await world.rest.call('searchTransactions', { space, query: { limit: n } })) as {
        data: { id: number }[];
      }
    ).data.map((t) => t.id);
  const { encodeGlobalId } = await import('../../src/resolvers');
  transactionIds = [
    ...(await first(mine, ORDERS)).map((id) => encodeGlobalId('Transaction', mine, id)),
    encodeGlobalId('Transaction', theirs, (await first(theirs, 1))[0]),
  ];
  orders = await startOrdersSubgraph(transactionIds, ORDERS);
}, 60_000);

afterAll(async () => {
  await gateway?.stop();
  await orders?.close();
  await new Promise((resolve) => paygraph?.close(resolve));
  await world?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('composition', () => {
  it('the README command composes paygraph with another subgraph, with zero errors', async () => {
    const composed = await runCompose([
      '--subgraph',
      `orders=${orders.url}`,
      '--paygraph-url',
      paygraphUrl,
      '--out',
      supergraphFile,
    ]);
    expect(composed.stderr).toBe('');
    expect(composed.code).toBe(0);
    expect(JSON.parse(composed.stdout)).toEqual({
      supergraph: supergraphFile,
      subgraphs: [
        { name: 'paygraph', url: paygraphUrl },
        { name: 'orders', url: orders.url },
      ],
    });
    const supergraph = readFileSync(supergraphFile, 'utf8');
    expect(supergraph).toContain(`PAYGRAPH @join__graph(name: "paygraph", url: "${paygraphUrl}")`);
    expect(supergraph).toMatch(
      /\btype Transaction implements Node[^{]*@join__type\(graph: PAYGRAPH, key: "id"\)/,
    );
    expect(supergraph).toMatch(
      /\btype Transaction implements Node[^{]*@join__type\(graph: ORDERS, key: "id", resolvable: false\)/,
    );
  });

  it("Apollo's composition agrees: zero errors and zero hints", async () => {
    const result = composeServices([
      { name: 'paygraph', url: paygraphUrl, typeDefs: parse(await printedSubgraph()) },
      { name: 'orders', url: orders.url, typeDefs: parse(ORDERS_SDL) },
    ]);
    expect(result.errors ?? []).toEqual([]);
    expect((result.hints ?? []).map((h) => `${h.definition.code}: ${h.message}`)).toEqual([]);
  });

  it('a subgraph that does not compose is refused with the composition errors, each with its code', async () => {
    const broken = ORDERS_SDL.replace(/(type Transaction @key[^{]*\{\s*id: )ID!/, '$1Int!');
    expect(broken).not.toBe(ORDERS_SDL);
    const composed = composeSupergraph([
      await paygraphSubgraph(paygraphUrl),
      { name: 'orders', url: orders.url, sdl: broken },
    ]);
    expect(composed.supergraphSdl).toBeUndefined();
    expect(composed.errors).toContainEqual(
      expect.stringMatching(/^FIELD_TYPE_MISMATCH: .*"Transaction\.id"/),
    );
  });
});

describe('the README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('shows the gateway configuration and the commands these tests run', () => {
    const shown = /```ts\n(import \{ defineConfig \} from '@graphql-hive\/gateway';[\s\S]*?)```/.exec(
      readme,
    )?.[1];
    expect(shown).toBeDefined();
    expect(readFileSync(new URL(`../../${GATEWAY_CONFIG}`, import.meta.url), 'utf8').endsWith(shown!)).toBe(
      true,
    );
    expect(readme).toContain(
      `npx hive-gateway supergraph supergraph.graphql --config-path ${GATEWAY_CONFIG}`,
    );
    expect(readme).toMatch(
      /npm run -s compose -- --subgraph orders=\S+ \\\n\s+--paygraph-url \S+ --out supergraph\.graphql/,
    );
  });
});

describe('through Hive Gateway', () => {
  const ordersQuery = `{ orders { number transaction { ${TRANSACTION} } } }`;

  beforeAll(async () => {
    gateway = await startGateway(supergraphFile);
  }, 90_000);

  it('orders with their transactions: the answer of paygraph itself, one batched search for the 20 transactions', async () => {
    await restCalls();
    const through = await post(gateway.url, ordersQuery, {}, bearer);
    const viaGateway = await restCalls();
    const direct = await post(
      paygraphUrl,
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Transaction { ${TRANSACTION} } } }`,
      { ids: transactionIds.slice(0, ORDERS) },
      bearer,
    );
    const ownCalls = await restCalls();

    expect(through.body.errors).toBeUndefined();
    const own = through.body.data!.orders as { number: number; transaction: unknown }[];
    expect(own.map((o) => o.number)).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    expect(own.map((o) => o.transaction)).toEqual(direct.body.data!.nodes);
    expect(own.every((o) => (o.transaction as { state?: string }).state)).toBe(true);
    expect(viaGateway.searchTransactions).toBe(1);
    expect(ownCalls.searchTransactions).toBe(1);
    expect(total(viaGateway)).toBeLessThanOrEqual(total(ownCalls) + 1);
  });

  it('a transaction in a space the caller may not use: paygraph answers null for it (NOT_FOUND), so only its key remains', async () => {
    await restCalls();
    const through = await post(
      gateway.url,
      `{ order(number: ${ORDERS + 1}) { number transaction { ${TRANSACTION} } } }`,
      {},
      bearer,
    );
    expect(total(await restCalls())).toBe(0);
    // The gateway keeps what the orders subgraph knows (the key) and nulls what paygraph refused.
    expect(through.body.data).toEqual({
      order: {
        number: ORDERS + 1,
        transaction: {
          id: transactionIds[ORDERS],
          state: null,
          authorizationAmount: null,
          currency: null,
          customerEmailAddress: null,
          customer: null,
        },
      },
    });
    expect(
      new Set(
        through.body.errors?.map((e) => `${String(e.extensions?.serviceName)} ${String(e.extensions?.code)}`),
      ),
    ).toEqual(new Set(['paygraph NOT_FOUND']));
  });

  it('without credentials paygraph refuses the entities (UNAUTHENTICATED) before any REST call', async () => {
    await restCalls();
    const through = await post(gateway.url, ordersQuery);
    expect(total(await restCalls())).toBe(0);
    const transactions = through.body.data!.orders.map(
      (o: { transaction: Record<string, unknown> }) => o.transaction,
    );
    expect(transactions.filter((t: Record<string, unknown>) => t.state !== null)).toEqual([]);
    expect(
      new Set(
        through.body.errors?.map((e) => `${String(e.extensions?.serviceName)} ${String(e.extensions?.code)}`),
      ),
    ).toEqual(new Set(['paygraph UNAUTHENTICATED']));
  });
});

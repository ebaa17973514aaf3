// Exact REST call counts for the suite of nested queries, over the real schema and the real sandbox,
// and answers equal to what REST returns for the same objects (directly, and through naive resolvers
// that make one plain retrieval per link).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import { restAsGraph } from '../support/wire';
import { at, count, startWorld, type TestWorld } from '../support/world';
import { suite, type SuiteIds } from './suite';

let h: TestWorld;
let ids: SuiteIds;

type Obj = Record<string, unknown>;

async function restSearch(operationId: string, space: number | null, query: Obj): Promise<Obj[]> {
  const body = (await h.rest.call(operationId as 'searchTransactions', {
    ...(space ? { space } : {}),
    query,
  })) as { data: Obj[] };
  return body.data;
}

/** Every scalar the GraphQL object selected equals the REST object's field (restId = REST key). */
function expectSameAsRest(gql: Obj, rest: Obj, keyField = 'id'): void {
  for (const [field, value] of Object.entries(gql)) {
    if (field === 'id' || field === '__typename') continue;
    if (field === 'restId') expect(String(value)).toBe(String(rest[keyField]));
    else if (
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      ('nodes' in value || 'edges' in value)
    )
      continue;
    else if (
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typeof rest[field] === 'object' &&
      !('en-US' in value)
    ) {
      expectSameAsRest(value as Obj, rest[field] as Obj);
    } else expect(value, field).toEqual(restAsGraph(rest[field], value));
  }
}

beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
  const [space, otherSpace] = h.sandbox.spaces;
  const txs = await restSearch('searchTransactions', space, { limit: 3, order: 'id:DESC' });
  const refunds = await restSearch('searchRefunds', space, { limit: 2 });
  const customers = await restSearch('searchCustomers', space, { limit: 2 });
  const [otherTx] = await restSearch('searchTransactions', otherSpace, { limit: 1 });
  ids = {
    space,
    otherSpace,
    nodeIds: [
      ...txs.map((t) => encodeGlobalId('Transaction', space, t.id as number)),
      ...refunds.map((r) => encodeGlobalId('Refund', space, r.id as number)),
      ...customers.map((c) => encodeGlobalId('Customer', space, c.id as number)),
      encodeGlobalId('RestCountry', null, 'CH'),
      encodeGlobalId('Transaction', otherSpace, otherTx.id as number),
      encodeGlobalId('Transaction', space, 999_999_999),
    ],
  };
});
afterAll(() => h?.close());

// `space(id:)` selected only for space-scoped fields costs no call: those fields' calls check the space.
const expected: Record<string, Record<string, number>> = {
  'list with links (depth 3)': { listTransactions: 1 },
  'links of links past depth 4': { searchDeliveryIndications: 1, searchPaymentConnectors: 1 },
  'one-to-many under a list': {
    listTransactions: 1,
    searchTransactionCompletions: 1,
    searchRefunds: 1,
    listTransactionComments: 20,
  },
  'id references and identity-only links': { listTransactionCompletions: 1, searchTransactions: 1 },
  'node lookups of mixed types': {
    searchTransactions: 2,
    searchRefunds: 1,
    searchCustomers: 1,
    searchCountries: 1,
  },
};

describe('REST calls per query', () => {
  for (const q of suite) {
    it(`${q.name}: exact calls, and the same answer as naive resolvers`, async () => {
      const fast = await h.run(q.query, q.variables(ids));
      expect(fast.errors).toBeUndefined();
      expect(count(fast.calls)).toEqual(expected[q.name]);
      const naive = await h.run(q.query, q.variables(ids), { naive: true });
      expect(naive.errors).toBeUndefined();
      expect(naive.calls.length).toBeGreaterThan(fast.calls.length);
      expect(fast.data).toEqual(naive.data);
    });
  }

  it('expands every link selected beyond its id, to depth 4, in the one list call', async () => {
    const r = await h.run(suite[0].query, suite[0].variables(ids));
    const list = r.calls.find((c) => c.operationId === 'listTransactions')!;
    expect(list.query?.expand).toEqual(['paymentConnectorConfiguration.connector.paymentMethod', 'token']);
    const deep = await h.run(suite[1].query, suite[1].variables(ids));
    const search = deep.calls.find((c) => c.operationId === 'searchDeliveryIndications')!;
    expect(search.query?.expand).toEqual([
      'completion.lineItemVersion.transaction.paymentConnectorConfiguration',
    ]);
    // The fifth level comes from one batch over the distinct connectors, itself expanded one level.
    const connectors = deep.calls.find((c) => c.operationId === 'searchPaymentConnectors')!;
    expect(connectors.query?.expand).toEqual(['processor']);
    expect(String(connectors.query?.query)).toMatch(/^\(id:\d+( OR id:\d+)+\)$/);
  });

  it('answers a list with links exactly as REST returns the same objects', async () => {
    const r = await h.run(suite[0].query, suite[0].variables(ids));
    const nodes = at(r.data, 'space.transactions.nodes') as Obj[];
    expect(nodes).toHaveLength(25);
    const rest = await restSearch('searchTransactions', ids.space, {
      query: nodes.map((n) => `id:${String(n.restId)}`).join(' OR '),
      limit: 25,
      expand: ['token', 'paymentConnectorConfiguration.connector.paymentMethod'],
    });
    const byId = new Map(rest.map((t) => [String(t.id), t]));
    for (const node of nodes) expectSameAsRest(node, byId.get(String(node.restId))!);
  });

  it('answers children grouped by parent exactly as a per-parent REST search does', async () => {
    const r = await h.run(suite[2].query, suite[2].variables(ids));
    for (const tx of at(r.data, 'space.transactions.nodes') as Obj[]) {
      const rest = await restSearch('searchTransactionCompletions', ids.space, {
        query: `linkedTransaction:${String(tx.restId)}`,
        order: 'id:ASC',
        limit: 4,
      });
      const page = tx.completions as { nodes: Obj[]; pageInfo: { hasNextPage: boolean } };
      expect(page.nodes.map((n) => n.restId)).toEqual(rest.slice(0, 3).map((c) => String(c.id)));
      expect(page.pageInfo.hasNextPage).toBe(rest.length > 3);
    }
  });

  it('node lookups: each type one batch, unknown ids null, types and spaces kept apart', async () => {
    const r = await h.run(suite[4].query, suite[4].variables(ids));
    const nodes = r.data?.nodes as (Obj | null)[];
    expect(nodes.map((n) => n?.__typename ?? null)).toEqual([
      'Transaction',
      'Transaction',
      'Transaction',
      'Refund',
      'Refund',
      'Customer',
      'Customer',
      'Country',
      'Transaction',
      null,
    ]);
    expect(nodes.slice(0, -1).map((n) => n!.id)).toEqual(ids.nodeIds.slice(0, -1));
    const spaces = r.calls.filter((c) => c.operationId === 'searchTransactions').map((c) => c.space);
    expect(spaces.sort()).toEqual([ids.space, ids.otherSpace].sort());
  });

  it('a link selected for its id only costs nothing', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactions(first: 30) { nodes { restId token { id restId __typename } } } } }`,
      {
        s: String(ids.space),
      },
    );
    expect(count(r.calls)).toEqual({ listTransactions: 1 });
    expect(r.calls[0].query?.expand).toBeUndefined();
  });
});

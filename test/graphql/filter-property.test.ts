// Property: for random filters with hostile values, paygraph's translation evaluated by the sandbox
// over HTTP selects exactly the objects the same filter selects when evaluated directly on the
// objects fetched from REST (the oracle in filter-oracle.ts). Also checked through the GraphQL
// `filter` argument. Customers cover scalars; transactions add enums and fields of single embedded
// objects (billingAddress, shippingAddress — missing on some —, failureReason), as dotted names.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemas } from '../../src/catalog';
import { translateFilter, type Filter } from '../../src/resolvers';
import { filterArb, holds, type Fields, type Obj } from './filter-oracle';
import { at, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;

const enumOf = (name: string): string[] => schemas[name]?.enum ?? [];
const ADDRESS: Fields = {
  strings: ['city', 'country', 'givenName', 'familyName', 'postcode', 'street', 'emailAddress'],
  numbers: [],
};

interface Case {
  model: string;
  search: 'searchCustomers' | 'searchTransactions';
  field: string;
  fields: Fields;
  /** How many objects (lowest ids) the filters are evaluated over, to keep each run to a few pages. */
  window: number;
  objects: Obj[];
  maxId: number;
}

const customers: Case = {
  model: 'Customer',
  search: 'searchCustomers',
  field: 'customers',
  fields: {
    strings: ['emailAddress', 'familyName', 'givenName', 'customerId', 'language', 'preferredCurrency'],
    numbers: ['id', 'version'],
  },
  window: Infinity,
  objects: [],
  maxId: 0,
};

const transactions: Case = {
  model: 'Transaction',
  search: 'searchTransactions',
  field: 'transactions',
  fields: {
    strings: ['currency', 'merchantReference', 'customerId'],
    numbers: ['id'],
    enums: { state: enumOf('TransactionState') },
    nested: {
      billingAddress: ADDRESS,
      shippingAddress: ADDRESS,
      failureReason: { strings: [], numbers: ['id'], enums: { category: enumOf('FailureCategory') } },
    },
  },
  window: 250,
  objects: [],
  maxId: 0,
};

async function restMatches(c: Case, query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const params = {
      limit: 100,
      order: 'id:ASC',
      ...(offset ? { offset } : {}),
      ...(query ? { query } : {}),
    };
    const body = (await h.rest.call(c.search, { space: h.space, query: params })) as {
      data: Obj[];
      hasMore: boolean;
    };
    ids.push(...body.data.map((o) => Number(o.id)));
    if (!body.hasMore) return ids;
  }
}

async function load(c: Case): Promise<void> {
  const all: Obj[] = [];
  for (let offset = 0; ; offset += 100) {
    const params = { limit: 100, order: 'id:ASC', ...(offset ? { offset } : {}) };
    const body = (await h.rest.call(c.search, { space: h.space, query: params })) as {
      data: Obj[];
      hasMore: boolean;
    };
    all.push(...body.data);
    if (!body.hasMore) break;
  }
  c.objects = all.slice(0, c.window);
  c.maxId = Number(c.objects[c.objects.length - 1]?.id);
}

/** The generated filter, limited to the case's window of objects (the limit is part of the filter). */
const windowed = (c: Case, filter: Filter): Filter =>
  c.window === Infinity ? filter : { and: [{ id: { lte: c.maxId } }, filter] };

/** The filter as the graph names it: the REST `id` of an embedded object is `restId` there. */
function graphFilter(value: unknown, nested: ReadonlySet<string>, inEmbedded = false): unknown {
  if (Array.isArray(value)) return value.map((v) => graphFilter(v, nested, inEmbedded));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      inEmbedded && k === 'id' ? 'restId' : k,
      graphFilter(v, nested, inEmbedded || nested.has(k)),
    ]),
  );
}

async function graphMatches(c: Case, filter: Filter): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  for (;;) {
    const r = await h.run(
      `query($s: ID!, $f: ${c.model}Filter, $a: String) { space(id: $s) {
        ${c.field}(first: 100, after: $a, filter: $f, orderBy: [{ field: ID }]) { nodes { restId } pageInfo { hasNextPage endCursor } } } }`,
      { s: String(h.space), f: graphFilter(filter, new Set(Object.keys(c.fields.nested ?? {}))), a: after },
    );
    expect(r.errors).toBeUndefined();
    const page = at(r.data, `space.${c.field}`) as {
      nodes: { restId: number }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    ids.push(...page.nodes.map((n) => Number(n.restId)));
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor;
  }
}

const expected = (c: Case, filter: Filter) =>
  c.objects
    .filter((o) => holds(filter, o, c.fields))
    .map((o) => Number(o.id))
    .sort((a, b) => a - b);

beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
  await load(customers);
  await load(transactions);
});
afterAll(() => h?.close());

describe.each([
  { c: customers, restRuns: 150, graphRuns: 40 },
  { c: transactions, restRuns: 120, graphRuns: 30 },
])(
  'filters on $c.model: translation evaluated by the sandbox = filter evaluated on the objects',
  ({ c, restRuns, graphRuns }) => {
    it('has data to tell filters apart', () => {
      expect(c.objects.length).toBeGreaterThan(50);
      if (c.fields.nested) {
        // Some objects lack an embedded object, some have it: missing ones must behave as "no value".
        for (const field of ['shippingAddress', 'failureReason']) {
          const present = c.objects.filter((o) => o[field]).length;
          expect(present, field).toBeGreaterThan(0);
          expect(present, field).toBeLessThan(c.objects.length);
        }
      }
    });

    it('over the REST search, for random hostile filters', async () => {
      await fc.assert(
        fc.asyncProperty(filterArb(c.objects, c.fields), async (generated) => {
          const filter = windowed(c, generated);
          expect(await restMatches(c, translateFilter(filter, c.model))).toEqual(expected(c, filter));
        }),
        { numRuns: restRuns },
      );
    });

    it('through the GraphQL filter argument', async () => {
      await fc.assert(
        fc.asyncProperty(filterArb(c.objects, c.fields), async (generated) => {
          const filter = windowed(c, generated);
          expect(await graphMatches(c, filter)).toEqual(expected(c, filter));
        }),
        { numRuns: graphRuns },
      );
    });
  },
);

// Property: for random filters with hostile values, paygraph's translation evaluated by the sandbox
// over HTTP selects exactly the objects the same filter selects when evaluated directly on the
// objects fetched from REST (SPEC semantics: `:` is case-insensitive equality, `:~` a
// case-insensitive substring, `:*` no value). Also checked through the GraphQL `filter` argument.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateFilter, type Filter } from '../../src/resolvers';
import { at, startHarness, type Harness } from './harness';

type Obj = Record<string, unknown>;
let h: Harness;
let customers: Obj[];

const STRING_FIELDS = ['emailAddress', 'familyName', 'givenName', 'customerId', 'language', 'preferredCurrency'] as const;
const NUMBER_FIELDS = ['id', 'version'] as const;

beforeAll(async () => {
  h = await startHarness();
  customers = [];
  for (let offset = 0; ; offset += 100) {
    const body = (await h.rest.call('searchCustomers', { space: h.space, query: { limit: 100, ...(offset ? { offset } : {}) } })) as {
      data: Obj[];
      hasMore: boolean;
    };
    customers.push(...body.data);
    if (!body.hasMore) break;
  }
});
afterAll(() => h?.close());

// ---- the oracle: the filter evaluated on plain objects ----
const lower = (v: unknown) => String(v).toLowerCase();
const absent = (v: unknown) => v === null || v === undefined;

function scalarHolds(value: unknown, cond: Obj): boolean {
  return Object.entries(cond).every(([op, arg]) => {
    const eq = (a: unknown) => !absent(value) && (typeof a === 'number' ? Number(value) === a : lower(value) === lower(a));
    switch (op) {
      case 'eq': return eq(arg);
      case 'ne': return !eq(arg);
      case 'in': return (arg as unknown[]).some(eq);
      case 'notIn': return !(arg as unknown[]).some(eq);
      case 'lt': return !absent(value) && Number(value) < (arg as number);
      case 'lte': return !absent(value) && Number(value) <= (arg as number);
      case 'gt': return !absent(value) && Number(value) > (arg as number);
      case 'gte': return !absent(value) && Number(value) >= (arg as number);
      case 'contains': return !absent(value) && lower(value).includes(lower(arg));
      case 'isNull': return absent(value) === arg;
      default: throw new Error(`oracle: unknown ${op}`);
    }
  });
}

function holds(filter: Filter, o: Obj): boolean {
  return Object.entries(filter).every(([key, arg]) => {
    if (key === 'and') return (arg as Filter[]).every((f) => holds(f, o));
    if (key === 'or') return (arg as Filter[]).some((f) => holds(f, o));
    if (key === 'not') return !holds(arg as Filter, o);
    return scalarHolds(o[key], arg as Obj);
  });
}

// ---- random filters ----
const hostile = fc.oneof(
  fc.constantFrom('AND', 'OR', 'NOT', '-', 'a:b', '(', ')', '"', "'", '\\', 'x) OR (id:*', "O'Brien", 'say "hi"', ' ', '*', '<', 'a,b', '-id:1'),
  fc.stringMatching(/^[ a-zA-Z0-9"'()\\:,\-*<>=~.@]{0,10}$/),
);

function fieldValue(field: string): fc.Arbitrary<string> {
  const seen = [...new Set(customers.map((c) => c[field]).filter((v): v is string => typeof v === 'string'))];
  const fromData = seen.length ? fc.constantFrom(...seen) : fc.constant('x');
  const cased = fromData.map((v) => v.toUpperCase());
  const piece = fromData.chain((v) => fc.integer({ min: 0, max: Math.max(0, v.length - 1) }).map((i) => v.slice(i, i + 3)));
  return fc.oneof(fromData, cased, piece, hostile);
}

function stringCondition(field: string): fc.Arbitrary<Filter> {
  const v = fieldValue(field);
  const containsValue = v.filter((s) => s !== '' && !s.includes(','));
  return fc
    .oneof(
      v.map((x) => ({ eq: x })),
      v.map((x) => ({ ne: x })),
      fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ in: xs })),
      fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ notIn: xs })),
      containsValue.map((x) => ({ contains: x })),
      fc.boolean().map((b) => ({ isNull: b })),
    )
    .map((cond) => ({ [field]: cond }));
}

function numberCondition(field: string): fc.Arbitrary<Filter> {
  const values = customers.map((c) => Number(c[field]));
  const v = fc.oneof(fc.constantFrom(...values), fc.integer({ min: -5, max: 100_000 }));
  const op = fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte');
  return fc.oneof(
    fc.tuple(op, v).map(([o, x]) => ({ [field]: { [o]: x } })),
    fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ [field]: { in: xs } })),
  );
}

function filterArb(): fc.Arbitrary<Filter> {
  const leaf = fc.oneof(...STRING_FIELDS.map(stringCondition), ...NUMBER_FIELDS.map(numberCondition));
  const { tree } = fc.letrec<{ tree: Filter }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((xs) => ({ and: xs })),
      fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((xs) => ({ or: xs })),
      tie('tree').map((x) => ({ not: x })),
    ),
  }));
  return tree;
}

async function restMatches(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const params = { limit: 100, order: 'id:ASC', ...(offset ? { offset } : {}), ...(query ? { query } : {}) };
    const body = (await h.rest.call('searchCustomers', { space: h.space, query: params })) as { data: Obj[]; hasMore: boolean };
    ids.push(...body.data.map((c) => Number(c.id)));
    if (!body.hasMore) return ids;
  }
}

async function graphMatches(filter: Filter): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  for (;;) {
    const r = await h.run(
      `query($s: ID!, $f: CustomerFilter, $a: String) { space(id: $s) {
        customers(first: 100, after: $a, filter: $f, orderBy: [{ field: ID }]) { nodes { restId } pageInfo { hasNextPage endCursor } } } }`,
      { s: String(h.space), f: filter, a: after },
    );
    expect(r.errors).toBeUndefined();
    const page = at(r.data, 'space.customers') as { nodes: { restId: number }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    ids.push(...page.nodes.map((n) => Number(n.restId)));
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor;
  }
}

const expected = (filter: Filter) => customers.filter((c) => holds(filter, c)).map((c) => Number(c.id)).sort((a, b) => a - b);

describe('filters: translation evaluated by the sandbox = filter evaluated on the objects', () => {
  it('over the REST search, for random hostile filters', async () => {
    expect(customers.length).toBeGreaterThan(50);
    await fc.assert(
      fc.asyncProperty(filterArb(), async (filter) => {
        expect(await restMatches(translateFilter(filter, 'Customer'))).toEqual(expected(filter));
      }),
      { numRuns: 150 },
    );
  });

  it('through the GraphQL filter argument', async () => {
    await fc.assert(
      fc.asyncProperty(filterArb(), async (filter) => {
        expect(await graphMatches(filter)).toEqual(expected(filter));
      }),
      { numRuns: 40 },
    );
  });
});

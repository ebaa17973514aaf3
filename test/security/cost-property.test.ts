// Property: the cost estimate is an upper bound. For random nested selections built from the schema
// (child connections paged forward or backward, small and large pages, as `nodes` or `edges { node }`,
// inside inline fragments, aliased twice, sizes in variables with defaults; links; under `spaces`,
// `space(id:)`, `nodes` of ids from several spaces and the plain list `countries`), the REST calls the
// sandbox counts never exceed `extensions.cost.estimated`. (Not generated: a parent with more children
// than one search returns, whose follow-ups the estimate cannot know; see cost-estimate.ts.)
import fc from 'fast-check';
import {
  getNamedType,
  isObjectType,
  isRequiredArgument,
  type GraphQLField,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/schema';
import { appOver, gql, resetCalls, restCalls } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
/** Global ids of transactions and customers of every space. */
let ids: string[] = [];

beforeAll(async () => {
  world = await startWorld({ seedSize: 'default', graph: false });
  const answer = await gql(
    appOver(world.rest),
    `{ spaces(first: 3) { nodes { transactions(first: 3) { nodes { id } } customers(first: 3) { nodes { id } } } } }`,
  );
  const spaces = (answer.body.data as { spaces: { nodes: Record<string, { nodes: { id: string }[] }>[] } })
    .spaces.nodes;
  ids = spaces.flatMap((s) => [...s.transactions.nodes, ...s.customers.nodes].map((n) => n.id));
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const isEntity = (type: GraphQLObjectType): boolean =>
  'id' in type.getFields() && 'restId' in type.getFields();

function isConnection(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNamedType(field.type);
  return isObjectType(type) && type.name.endsWith('Connection') && field.args.some((a) => a.name === 'first');
}

/** Fields a random selection may take: child connections and links, none with a required argument. */
function branches(type: GraphQLObjectType): GraphQLField<unknown, unknown>[] {
  return Object.values(type.getFields()).filter((f) => {
    if (f.args.some(isRequiredArgument)) return false;
    const named = getNamedType(f.type);
    return isConnection(f) || (isObjectType(named) && isEntity(named));
  });
}

/** A selection of `type` (always its id), branching at most `depth` more levels. */
function selectionOf(type: GraphQLObjectType, depth: number): fc.Arbitrary<string> {
  const candidates = depth > 0 ? branches(type) : [];
  if (candidates.length === 0) return fc.constant('id');
  return fc.subarray(candidates, { maxLength: Math.min(3, candidates.length) }).chain((picked) => {
    if (picked.length === 0) return fc.constant('id');
    return fc.tuple(...picked.map((f) => fieldOf(f, depth - 1))).map((parts) => `id ${parts.join(' ')}`);
  });
}

/** A page argument: forward or backward, small or past the batching bound, sometimes a variable with a default. */
const pageArgument: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('first', 'last'),
    fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom(49, 50, 60)),
    fc.boolean(),
  )
  .map(([name, size, inVariable]) =>
    inVariable ? `${name}: $${name === 'first' ? 'f' : 'l'}${size}` : `${name}: ${size}`,
  );

function fieldOf(field: GraphQLField<unknown, unknown>, depth: number): fc.Arbitrary<string> {
  const named = getNamedType(field.type) as GraphQLObjectType;
  if (!isConnection(field)) return selectionOf(named, depth).map((s) => `${field.name} { ${s} }`);
  const node = getNamedType(named.getFields().nodes.type) as GraphQLObjectType;
  const page = fc
    .tuple(pageArgument, selectionOf(node, depth), fc.constantFrom('nodes', 'edges', 'fragment'))
    .map(([args, s, shape]) => {
      const rows =
        shape === 'nodes'
          ? `nodes { ${s} }`
          : shape === 'edges'
            ? `edges { node { ${s} } }`
            : `... on ${named.name} { nodes { ${s} } }`;
      return `${field.name}(${args}) { ${rows} }`;
    });
  return fc
    .tuple(page, fc.option(page, { freq: 4 }))
    .map(([one, two]) => (two ? `a_${field.name}: ${one} b_${field.name}: ${two}` : one));
}

/** Declares the page-size variables a query uses, each with its size as default. */
function withVariables(query: string, extra = ''): string {
  const used = [...new Set(query.match(/\$[fl]\d+/g) ?? [])];
  const declared = [extra, ...used.map((v) => `${v}: Int = ${v.slice(2)}`)].filter(Boolean);
  return declared.length ? `query(${declared.join(', ')}) ${query}` : query;
}

const space = () => schema.getType('Space') as GraphQLObjectType;

const queries: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 3 }), selectionOf(space(), 3))
    .map(([n, s]) => withVariables(`{ spaces(first: ${n}) { nodes { ${s} } } }`)),
  selectionOf(space(), 3).map((s) => withVariables(`{ space(id: $s) { ${s} } }`, '$s: ID!')),
  fc
    .tuple(
      fc.constant(null).map(() => ids),
      selectionOf(schema.getType('Transaction') as GraphQLObjectType, 2),
      selectionOf(schema.getType('Customer') as GraphQLObjectType, 2),
    )
    .chain(([all, t, c]) =>
      fc
        .subarray(all, { minLength: 1 })
        .map((some) =>
          withVariables(
            `{ nodes(ids: ${JSON.stringify(some)}) { id ... on Transaction { ${t} } ... on Customer { ${c} } } }`,
          ),
        ),
    ),
  fc
    .constantFrom(
      '',
      '(filter: { isoCode2: { in: ["CH", "DE"] } })',
      '(orderBy: [{ field: NAME, direction: DESC }])',
    )
    .map((args) => `{ countries${args} { isoCode2 states { id } } }`),
);

describe('the cost estimate', () => {
  it('is at least the REST calls made, for random nested selections', async () => {
    const app = appOver(world.rest);
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        await resetCalls(world);
        const answer = await gql(app, query, { variables: { s: String(world.sandbox.spaces[0]) } });
        const cost = answer.body.extensions?.cost as { estimated: number; actual: number } | undefined;
        expect(cost, query).toBeDefined();
        const made = await restCalls(world);
        expect(cost!.actual, query).toBe(made);
        expect(made, query).toBeLessThanOrEqual(cost!.estimated);
      }),
      { numRuns: 60, seed: 20261125 },
    );
  }, 120_000);
});

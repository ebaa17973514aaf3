// The schema's depth, breadth and complexity limits (src/server/cost/complexity-limits.ts), measured
// once per document and variables in the cost step: an operation over a limit is refused before
// execution (`data: null`, COST_LIMIT_EXCEEDED with the measure, its value and the limit) and makes no
// REST call; the operation measured is the one named, and its variables count.
import { getOperationAST, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complexityLimits, complexityRefusal } from '../../src/server/cost/complexity-limits';
import { schema } from '../../src/schema';
import { appOver, gql, resetCalls, restCalls } from './support';
import { startWorld, type TestWorld } from '../support/world';

/** `levels` times customers -> nodes -> linkedSpace below a space: 3 levels of depth each. */
function deep(levels: number): string {
  let inner = 'restId';
  for (let i = 0; i < levels; i++) inner = `customers(first: 1) { nodes { linkedSpace { ${inner} } } }`;
  return `query Deep($s: ID!) { space(id: $s) { ${inner} } }`;
}

const WIDE = `query Wide($n: Int!) { spaces(first: $n) { nodes {
  transactions(first: $n) { nodes { completions(first: $n) { nodes { restId state } } } } } } }`;

function refusalOf(source: string, variables: Record<string, unknown> = {}, operationName?: string) {
  const document = parse(source);
  const operation = getOperationAST(document, operationName)!;
  return complexityRefusal(schema, document, operation, variables);
}

describe('complexity limits, measured', () => {
  it('refuses an operation deeper than the limit, naming the measure, its value and the limit', () => {
    expect(refusalOf(deep(4), { s: '1' })).toBeUndefined();
    const refusal = refusalOf(deep(6), { s: '1' });
    expect(refusal?.extensions).toMatchObject({ code: 'COST_LIMIT_EXCEEDED', kind: 'depth', limit: 16 });
    expect(refusal?.extensions.value).toBeGreaterThan(complexityLimits.depth);
  });

  it('counts the page sizes the variables ask for', () => {
    expect(refusalOf(WIDE, { n: 5 })).toBeUndefined();
    expect(refusalOf(WIDE, { n: 100 })?.extensions).toMatchObject({ kind: 'complexity', limit: 50_000 });
  });

  it('measures the operation named, with the fragments of its document', () => {
    const source = `query Small { spaces(first: 1) { nodes { restId } } }
      query Big { ...Wide }
      fragment Wide on Query { spaces(first: 100) { nodes {
        transactions(first: 100) { nodes { completions(first: 100) { nodes { restId } } } } } } }`;
    expect(refusalOf(source, {}, 'Small')).toBeUndefined();
    expect(refusalOf(source, {}, 'Big')?.extensions.kind).toBe('complexity');
  });

  it('leaves variables that do not coerce to execution', () => {
    expect(refusalOf(WIDE, { n: 'many' })).toBeUndefined();
  });
});

describe('complexity limits, served', () => {
  let world: TestWorld;
  let space: number;

  beforeAll(async () => {
    world = await startWorld({ graph: false });
    space = world.sandbox.spaces[0];
  });

  afterAll(async () => {
    await world?.close();
  });

  it('refuses an operation over a limit before execution, with no REST call', async () => {
    // A REST budget this large lets only the complexity limit refuse it.
    const app = appOver(world.rest, { env: { PAYGRAPH_MAX_COST: '1000000' } });
    await resetCalls(world);
    const over = await gql(app, WIDE, { variables: { n: 100 } });
    expect(over.body.data).toBeNull();
    expect(over.body.errors?.[0].extensions).toMatchObject({
      code: 'COST_LIMIT_EXCEEDED',
      kind: 'complexity',
    });
    expect(await restCalls(world)).toBe(0);
    const within = await gql(app, WIDE, { variables: { n: 2 } });
    expect(within.body.errors).toBeUndefined();
    expect(within.body.data?.spaces.nodes).toHaveLength(2);
  });

  it('refuses a subscription over a limit when it is subscribed', async () => {
    const rows = 'nodes { restId state createdOn }';
    const answer = await gql(
      appOver(world.rest),
      `subscription Wide($id: ID!) { entityChanged(id: $id) { ... on Space { transactions(first: 100) { nodes {
        completions(first: 100) { ${rows} } refunds(first: 100) { ${rows} } } } } } }`,
      { variables: { id: 'refused-before-it-is-read' } },
    );
    expect(answer.body.errors?.[0].extensions).toMatchObject({
      code: 'COST_LIMIT_EXCEEDED',
      kind: 'complexity',
    });
  });
});

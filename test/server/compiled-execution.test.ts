// Compiled execution (graphql-jit) answers as graphql-js does, and takes only the documents it can:
// a variable of an input type that contains itself (`TransactionFilter`: and/or/not) made graphql-jit
// compile forever and ran the process out of memory; such documents run on graphql-js.
import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { hasRecursiveVariable } from '../../src/server/execution/recursive-inputs';
import { useWorld } from '../support/world';

const f = useWorld();

const operationOf = (source: string) => parse(source).definitions[0] as OperationDefinitionNode;

describe('which documents run compiled', () => {
  const schema = buildSchema(`
    input Leaf { eq: String }
    input Filter { and: [Filter!], not: Filter, leaf: Leaf }
    input Outer { inner: Inner }
    input Inner { filter: Filter }
    type Query { q(f: Filter, o: Outer, l: Leaf, s: String): String }
  `);

  it('not those with a variable whose input type reaches a cycle, at any depth', () => {
    expect(hasRecursiveVariable(schema, operationOf('query($f: Filter) { q(f: $f) }'))).toBe(true);
    expect(hasRecursiveVariable(schema, operationOf('query($o: [Outer!]!) { q }'))).toBe(true);
  });

  it('those whose variables are scalars or input types without a cycle', () => {
    expect(hasRecursiveVariable(schema, operationOf('query($l: Leaf, $s: String) { q(l: $l, s: $s) }'))).toBe(
      false,
    );
    expect(hasRecursiveVariable(schema, operationOf('{ q(f: { and: [{ not: {} }] }) }'))).toBe(false);
  });
});

describe('a filter given in variables', () => {
  const query = `query($s: ID!, $f: TransactionFilter) {
    space(id: $s) { transactions(first: 3, filter: $f) { nodes { restId state } } }
  }`;

  it('is answered as the same filter written in the document', async () => {
    const filter = { and: [{ or: [{ not: { state: { eq: 'FULFILL' } } }, { state: { in: ['VOIDED'] } }] }] };
    const inVariables = await f.graph(query, { s: String(f.space), f: filter });
    const written = await f.graph(
      `query($s: ID!) { space(id: $s) { transactions(first: 3, filter: {
        and: [{ or: [{ not: { state: { eq: FULFILL } } }, { state: { in: [VOIDED] } }] }]
      }) { nodes { restId state } } } }`,
      { s: String(f.space) },
    );
    expect(inVariables.errors).toBeUndefined();
    expect(inVariables.data).toEqual(written.data);
    expect((inVariables.data.space.transactions.nodes as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('a document run again (compiled from its second run)', () => {
  it('answers what its first run answered, errors located as graphql-js locates them', async () => {
    const { encodeGlobalId } = await import('../../src/resolvers');
    const ids = [encodeGlobalId('Transaction', 99_999, 5), 'not-a-global-id'];
    const query = `query($ids: [ID!]!) {\n  nodes(ids: $ids) { id }\n}`;
    const runs = [await f.graph(query, { ids })];
    // The first run has the app load graphql-jit; loaded here too, it is ready for the runs after.
    await import('../../src/server/execution/jit');
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (let run = 1; run < 3; run++) runs.push(await f.graph(query, { ids }));
    const comparable = (answer: Record<string, any>) =>
      JSON.parse(JSON.stringify(answer, (key, value: unknown) => (key === 'upstreamErrorId' ? 'id' : value)));
    expect(runs[0].errors.map((e: { locations: unknown }) => e.locations)).toEqual([
      [{ line: 2, column: 3 }],
      [{ line: 2, column: 3 }],
    ]);
    expect(comparable(runs[1])).toEqual(comparable(runs[0]));
    expect(comparable(runs[2])).toEqual(comparable(runs[0]));
  });
});

describe('a mutation run again with variables that do not coerce', () => {
  it('is refused in graphql-js words, though the cost step no longer coerced them (its estimate reads none)', async () => {
    const mutation = `mutation Create($input: CreateCustomerInput!) {\n  createCustomer(input: $input) { __typename }\n}`;
    const bad = { input: { space: String(f.space), givenName: 'Bad', emailAddress: 123 } };
    const good = (n: number) => ({
      input: { space: String(f.space), givenName: `Compiled${n}`, familyName: 'Run' },
    });
    // The first run (graphql-js) coerces the variables itself; its estimate reads none of them.
    const first = await f.graph(mutation, bad);
    await import('../../src/server/execution/jit');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Compiled from the second run on; the estimate is the first one's, the variables coerced by graphql-jit.
    expect((await f.graph(mutation, good(1))).data).toEqual({
      createCustomer: { __typename: 'CreateCustomerPayload' },
    });
    const again = await f.graph(mutation, bad);
    expect(first.data).toBeUndefined();
    expect(first.errors[0].message).toMatch(
      /^Variable "\$input" got invalid value 123 at "input\.emailAddress"/,
    );
    expect(again).toEqual(first);
    expect((await f.graph(mutation, good(2))).data).toEqual({
      createCustomer: { __typename: 'CreateCustomerPayload' },
    });
  });
});

describe('a field that answers an error in place of a list item (`_entities`), run again', () => {
  // graphql-jit mishandles a list item whose resolver failed (the answer's list came out one item
  // longer) where graphql-js answers null in its place: the field says so by its extension, and
  // documents selecting it stay on graphql-js, whether selected directly or in a fragment.
  const direct = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Transaction { id } } }`;
  const inFragment = `query($r: [_Any!]!) { ... on Query { ...E } }
    fragment E on Query { _entities(representations: $r) { ... on Transaction { id } } }`;

  it.each([
    ['selected directly', direct],
    ['selected in a fragment', inFragment],
  ])('answers null and an error for each bad item on every run (%s)', async (_, query) => {
    const { encodeGlobalId } = await import('../../src/resolvers');
    const page = await f.graph(
      `query($s: ID!) { space(id: $s) { transactions(first: 1) { nodes { id } } } }`,
      {
        s: String(f.space),
      },
    );
    const [{ id }] = page.data.space.transactions.nodes as { id: string }[];
    const r = [
      { __typename: 'Transaction', id },
      { __typename: 'Transaction', id: encodeGlobalId('Transaction', 99_999, 5) },
      'Transaction',
    ];
    const runs = [await f.graph(query, { r })];
    // The first run has the app load graphql-jit; loaded here too, it is ready for the runs after.
    await import('../../src/server/execution/jit');
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (let run = 1; run < 3; run++) runs.push(await f.graph(query, { r }));
    for (const answer of runs) {
      expect(answer.data).toEqual({ _entities: [{ id }, null, null] });
      const errors = (answer.errors as { path: [string, number]; extensions: { code: string } }[])
        .map((e) => [e.path, e.extensions.code])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(errors).toEqual([
        [['_entities', 1], 'NOT_FOUND'],
        [['_entities', 2], 'BAD_USER_INPUT'],
      ]);
    }
  });
});

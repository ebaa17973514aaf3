// paygraph as an Apollo Federation v2 subgraph, asked directly as a gateway asks it: `_service { sdl }`
// links federation v2 and keys every Node type by its global ID; `_entities(representations:)`
// answers what `nodes(ids:)` answers, with the same batches (one REST search per type and space,
// counted by the sandbox itself), the same authorization (another space: null, no call) and the same
// cost rules (PAYGRAPH_MAX_COST refuses before any call); a malformed representation is a typed error
// in its place.
import { parse, Kind, type ObjectTypeDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import { schema } from '../../src/schema';
import { appOver, gql, resetCalls, restCalls, spaceReader, type Answer } from '../security/support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let mine: number;
let theirs: number;
let key: string;
let open: ReturnType<typeof appOver>;
let shop: ReturnType<typeof appOver>;

type Representation = { __typename: string; id: string };

const SELECTION = `
  __typename
  ... on Transaction { id state authorizationAmount currency customerEmailAddress }
  ... on Customer { id emailAddress }
  ... on Refund { id refundState: state amount }
`;
const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) { ${SELECTION} } }`;
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { ${SELECTION} } }`;

async function ask(
  app: ReturnType<typeof appOver>,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  await resetCalls(world);
  const answer = await gql(app, query, { variables, headers });
  return { answer, calls: await restCalls(world) };
}

/** Global IDs of the first `n` objects of a space's collection. */
async function ids(collection: string, space: number, n: number): Promise<string[]> {
  const { answer } = await ask(
    open,
    `query($s: ID!) { space(id: $s) { ${collection}(first: ${n}) { nodes { id } } } }`,
    {
      s: String(space),
    },
  );
  return (answer.body.data!.space[collection].nodes as { id: string }[]).map((node) => node.id);
}

const as = (typename: string) => (id: string) => ({ __typename: typename, id });

beforeAll(async () => {
  world = await startWorld({ seedSize: 'default', graph: false });
  [mine, theirs] = world.sandbox.spaces;
  open = appOver(world.rest);
  const reader = spaceReader('shop', [mine]);
  key = reader.key;
  shop = appOver(world.rest, { authenticator: reader.authenticator });
});

afterAll(async () => {
  await world?.close();
});

describe('_service { sdl }', () => {
  it('links Federation v2 and keys every Node type, and only those, by its global ID', async () => {
    const { answer } = await ask(open, '{ _service { sdl } }', {});
    const sdl = answer.body.data!._service.sdl as string;
    expect(sdl).toMatch(
      /extend schema\s+@link\(url: "https:\/\/specs\.apollo\.dev\/federation\/v2\.\d+", import: \["@key"\]\)/,
    );
    const objects = parse(sdl).definitions.filter(
      (d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION,
    );
    const keyed = objects.filter((o) => o.directives?.some((d) => d.name.value === 'key'));
    const nodeTypes = objects
      .filter((o) => o.interfaces?.some((i) => i.name.value === 'Node'))
      .map((o) => o.name.value);
    expect(keyed.map((o) => o.name.value).sort()).toEqual(nodeTypes.sort());
    expect(nodeTypes.length).toBeGreaterThan(50);
    for (const type of keyed) {
      const keys = type.directives!.filter((d) => d.name.value === 'key');
      expect(
        keys.map((k) =>
          k.arguments?.map((a) => [a.name.value, a.value.kind === Kind.STRING && a.value.value]),
        ),
        type.name.value,
      ).toEqual([[['fields', 'id']]]);
    }
    // The federation fields and @defer / @stream (the gateway's own in a supergraph) are not part of the SDL.
    expect(sdl).not.toMatch(/_entities|_service|_Any|_Entity|directive @defer|directive @stream/);
  });

  it('is the schema the endpoint serves: `_entities` returns every keyed type', () => {
    const union = schema.getType('_Entity');
    expect(union && 'getTypes' in union ? union.getTypes().length : 0).toBeGreaterThan(50);
  });
});

describe('_entities(representations:)', () => {
  it('100 representations of one type and space: one REST search, the answer of nodes(ids:)', async () => {
    const transactions = await ids('transactions', mine, 100);
    expect(transactions).toHaveLength(100);
    const entities = await ask(open, ENTITIES, { r: transactions.map(as('Transaction')) });
    const nodes = await ask(open, NODES, { ids: transactions });
    expect(entities.answer.body.errors).toBeUndefined();
    expect(entities.answer.body.data!._entities).toEqual(nodes.answer.body.data!.nodes);
    expect(entities.calls).toBe(1);
    expect(entities.answer.body.extensions!.cost).toMatchObject({ estimated: 1, actual: 1 });
  });

  it('3 types in 2 spaces, interleaved: one search per type and space (6), in the order asked', async () => {
    const representations: Representation[] = [];
    for (const space of [mine, theirs]) {
      const [t, c, r] = await Promise.all([
        ids('transactions', space, 5),
        ids('customers', space, 5),
        ids('refunds', space, 5),
      ]);
      for (let i = 0; i < 5; i++)
        representations.push(as('Refund')(r[i]), as('Transaction')(t[i]), as('Customer')(c[i]));
    }
    const entities = await ask(open, ENTITIES, { r: representations });
    const nodes = await ask(open, NODES, { ids: representations.map((r) => r.id) });
    const answered = entities.answer.body.data!._entities as { __typename: string; id: string }[];
    expect(answered.map((e) => [e.__typename, e.id])).toEqual(
      representations.map((r) => [r.__typename, r.id]),
    );
    expect(answered).toEqual(nodes.answer.body.data!.nodes);
    expect(entities.calls).toBe(6);
    expect(entities.answer.body.extensions!.cost.estimated).toBeGreaterThanOrEqual(6);
  });

  it("another space's object answers null with the error node gives, and no REST call for it", async () => {
    const [own] = await ids('transactions', mine, 1);
    const [other] = await ids('transactions', theirs, 1);
    const headers = { 'x-api-key': key };
    const entities = await ask(
      shop,
      ENTITIES,
      { r: [as('Transaction')(own), as('Transaction')(other)] },
      headers,
    );
    expect(entities.answer.body.data!._entities).toEqual([expect.objectContaining({ id: own }), null]);
    expect(entities.answer.body.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [['_entities', 1], 'NOT_FOUND'],
    ]);
    expect(entities.calls).toBe(1);
    const node = await ask(shop, `query($id: ID!) { node(id: $id) { id } }`, { id: other }, headers);
    expect(node.answer.body.data).toEqual({ node: null });
    expect(node.answer.body.errors?.[0].message).toBe(entities.answer.body.errors?.[0].message);
    expect(node.calls).toBe(0);
  });

  it('an object that does not exist answers null and costs a token, as in nodes(ids:)', async () => {
    const missing = encodeGlobalId('Transaction', mine, 987_654_321);
    const entities = await ask(shop, ENTITIES, { r: [as('Transaction')(missing)] }, { 'x-api-key': key });
    const nodes = await ask(shop, NODES, { ids: [missing] }, { 'x-api-key': key });
    expect(entities.answer.body).toMatchObject({
      data: { _entities: [null] },
      extensions: { cost: { misses: 1 } },
    });
    expect(entities.answer.body.errors).toBeUndefined();
    expect(nodes.answer.body.extensions!.cost.misses).toBe(1);
  });

  it('a malformed representation is a BAD_USER_INPUT error in its place; the others are answered', async () => {
    const [transaction] = await ids('transactions', mine, 1);
    const [customer] = await ids('customers', mine, 1);
    const malformed: unknown[] = [
      as('Transaction')(transaction),
      'Transaction',
      { id: transaction },
      { __typename: 'Order', id: transaction },
      { __typename: 'PageInfo', id: transaction },
      { __typename: 'Transaction' },
      { __typename: 'Transaction', id: 42 },
      { __typename: 'Transaction', id: 'not-a-global-id' },
      { __typename: 'Transaction', id: customer },
    ];
    const { answer, calls } = await ask(open, ENTITIES, { r: malformed });
    const entities = answer.body.data!._entities as unknown[];
    expect(entities[0]).toMatchObject({ __typename: 'Transaction', id: transaction });
    expect(entities.slice(1)).toEqual(malformed.slice(1).map(() => null));
    const errors = answer.body.errors!.map((e) => [e.path?.[1], e.extensions?.code, e.message]);
    expect(errors).toEqual([
      [
        1,
        'BAD_USER_INPUT',
        'representations[1] is "Transaction"; a representation is an object { __typename, id }',
      ],
      [
        2,
        'BAD_USER_INPUT',
        expect.stringMatching(/^representations\[2\]\.__typename undefined is not an entity type/),
      ],
      [
        3,
        'BAD_USER_INPUT',
        'representations[3].__typename "Order" is not an entity type of this subgraph (every Node type is one)',
      ],
      [
        4,
        'BAD_USER_INPUT',
        'representations[4].__typename "PageInfo" is not an entity type of this subgraph (every Node type is one)',
      ],
      [
        5,
        'BAD_USER_INPUT',
        "representations[5].id must be the Transaction's global ID (a string), got undefined",
      ],
      [6, 'BAD_USER_INPUT', "representations[6].id must be the Transaction's global ID (a string), got 42"],
      [7, 'BAD_USER_INPUT', 'representations[7].id "not-a-global-id" is not a global ID of this API'],
      [8, 'BAD_USER_INPUT', 'representations[8].id names a Customer, not a Transaction'],
    ]);
    expect(calls).toBe(1);
  });

  it('PAYGRAPH_MAX_COST refuses a too-large _entities call before any REST call', async () => {
    const capped = appOver(world.rest, { env: { PAYGRAPH_MAX_COST: '2' } });
    const transactions = await ids('transactions', mine, 100);
    const customers = await ids('customers', mine, 100);
    const [other] = await ids('transactions', theirs, 1);
    // Three searches: 100 transactions of one space, 100 customers of it, a transaction of another space.
    const representations = [
      ...transactions.map(as('Transaction')),
      ...customers.map(as('Customer')),
      as('Transaction')(other),
    ];
    const { answer, calls } = await ask(capped, ENTITIES, { r: representations });
    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors?.[0].extensions?.code).toBe('COST_LIMIT_EXCEEDED');
    expect(answer.body.extensions!.cost).toMatchObject({ estimated: 3, actual: 0 });
    // Within the budget, the same call goes through with the three searches estimated.
    const allowed = await ask(appOver(world.rest, { env: { PAYGRAPH_MAX_COST: '3' } }), ENTITIES, {
      r: representations,
    });
    expect(allowed.answer.body.errors).toBeUndefined();
    expect(allowed.calls).toBe(3);
    expect(calls).toBe(0);
  });

  it('needs credentials like every field: none answers UNAUTHENTICATED (HTTP 401), no REST call', async () => {
    const [transaction] = await ids('transactions', mine, 1);
    const { answer, calls } = await ask(shop, ENTITIES, { r: [as('Transaction')(transaction)] });
    expect(answer.status).toBe(401);
    expect(answer.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(calls).toBe(0);
  });
});

describe('_service where introspection is off', () => {
  const sdlOf = (a: Answer) => a.body.data?._service?.sdl as string | undefined;

  it('is refused as introspection is (NODE_ENV=production), naming where the SDL comes from; PAYGRAPH_INTROSPECTION=on allows it', async () => {
    const production = appOver(world.rest, { env: { NODE_ENV: 'production' } });
    const introspection = await ask(production, '{ __schema { queryType { name } } }', {});
    for (const query of ['{ _service { sdl } }', '{ ...F } fragment F on Query { _service { sdl } }']) {
      const refused = await ask(production, query, {});
      expect(refused.answer.body.data).toBeUndefined();
      expect(refused.answer.status).toBe(introspection.answer.status);
      expect(refused.answer.body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(
            /^introspection is off \(PAYGRAPH_INTROSPECTION\), and `_service \{ sdl \}` with it: .*`npm run -s print:subgraph`/,
          ),
          extensions: introspection.answer.body.errors![0].extensions,
        }),
      ]);
      expect(refused.calls).toBe(0);
    }
    const allowed = appOver(world.rest, { env: { NODE_ENV: 'production', PAYGRAPH_INTROSPECTION: 'on' } });
    expect(sdlOf((await ask(allowed, '{ _service { sdl } }', {})).answer)).toMatch(/^extend schema/);
    // _entities is no introspection: a gateway resolves entities in production as before.
    const [transaction] = await ids('transactions', mine, 1);
    const entities = await ask(production, ENTITIES, { r: [as('Transaction')(transaction)] });
    expect(entities.answer.body.data!._entities).toEqual([expect.objectContaining({ id: transaction })]);
  });
});

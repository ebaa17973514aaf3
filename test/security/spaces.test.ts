// Space authorization, attacked with a valid key for one space: another space reached by
// space(id:), by a global ID in node and nodes, by a list of spaces or by a lookup answers exactly
// as a space that does not exist, with zero REST calls for the refused part; read-only callers get
// FORBIDDEN on mutations before execution.
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId, type InboundCaller } from '../../src/resolvers';
import {
  apiKeyAuthenticator,
  generateApiKey,
  hashApiKey,
  parseKeysFile,
} from '../../src/server/auth/api-keys';
import { checkOperationAccess } from '../../src/server/access/operation-access';
import { appOver, gql, resetCalls, restCalls, type Answer } from './support';
import { startWorld, type TestWorld } from '../support/world';

const UNKNOWN_SPACE = 987_654_321;
let world: TestWorld;
let mine: number;
let theirs: number;
let theirTransaction: number;
let myTransaction: number;
const key = generateApiKey();
let app: ReturnType<typeof appOver>;

/** An answer with the space id and the upstream error ids (random per error) taken out. */
function normalized(answer: Answer, space: number): unknown {
  const { extensions: _cost, ...body } = answer.body;
  const text = JSON.stringify(body)
    .replaceAll(String(space), '<space>')
    .replace(/"upstreamErrorId":"[^"]+"/g, '"upstreamErrorId":"<id>"');
  return { status: answer.status, body: JSON.parse(text) };
}

async function ask(query: string, variables: Record<string, unknown>) {
  await resetCalls(world);
  const answer = await gql(app, query, { variables, headers: { 'x-api-key': key } });
  return { answer, calls: await restCalls(world) };
}

beforeAll(async () => {
  world = await startWorld({ graph: false });
  [mine, theirs] = world.sandbox.spaces;
  const first = async (space: number) =>
    (
      (await world.rest.call('searchTransactions', { space, query: { limit: 1 } })) as {
        data: { id: number }[];
      }
    ).data[0].id;
  myTransaction = await first(mine);
  theirTransaction = await first(theirs);
  const entries = parseKeysFile(
    JSON.stringify({ keys: [{ name: 'shop-a', hash: hashApiKey(key), spaces: [mine], scopes: ['read'] }] }),
  );
  app = appOver(world.rest, { authenticator: apiKeyAuthenticator(entries) });
});

afterAll(async () => {
  await world?.close();
});

describe('a space the caller may not use answers as one that does not exist', () => {
  it('space(id:) asked for its identity: null, zero REST calls', async () => {
    const query = `query($s: ID!) { space(id: $s) { restId name } }`;
    const refused = await ask(query, { s: String(theirs) });
    const unknown = await ask(query, { s: String(UNKNOWN_SPACE) });
    expect(refused.answer.body.data).toEqual({ space: null });
    expect(normalized(refused.answer, theirs)).toEqual(normalized(unknown.answer, UNKNOWN_SPACE));
    expect(refused.calls).toBe(0);
    const allowed = await ask(query, { s: String(mine) });
    expect(allowed.answer.body.data!.space.restId).toBe(String(mine));
  });

  it('space(id:) asked for its transactions: the same NOT_FOUND, zero REST calls', async () => {
    const query = `query($s: ID!) { space(id: $s) { transactions(first: 2) { nodes { restId } } } }`;
    const refused = await ask(query, { s: String(theirs) });
    const unknown = await ask(query, { s: String(UNKNOWN_SPACE) });
    expect(refused.answer.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(normalized(refused.answer, theirs)).toEqual(normalized(unknown.answer, UNKNOWN_SPACE));
    expect(refused.calls).toBe(0);
  });

  it("node(id:) with another space's global ID: the same answer as for an unknown space, zero REST calls", async () => {
    const query = `query($id: ID!) { node(id: $id) { id ... on Transaction { state } } }`;
    const refused = await ask(query, { id: encodeGlobalId('Transaction', theirs, theirTransaction) });
    const unknown = await ask(query, { id: encodeGlobalId('Transaction', UNKNOWN_SPACE, theirTransaction) });
    expect(refused.answer.body.data).toEqual({ node: null });
    expect(refused.answer.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(normalized(refused.answer, theirs)).toEqual(normalized(unknown.answer, UNKNOWN_SPACE));
    expect(refused.calls).toBe(0);
    const spaceNode = await ask(`query($id: ID!) { node(id: $id) { id } }`, {
      id: encodeGlobalId('Space', null, theirs),
    });
    expect(spaceNode.answer.body.data).toEqual({ node: null });
    expect(spaceNode.calls).toBe(0);
  });

  it('nodes(ids:) mixing both: the own object answered, the other as unknown; one REST call', async () => {
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Transaction { restId } } }`;
    const { answer, calls } = await ask(query, {
      ids: [
        encodeGlobalId('Transaction', mine, myTransaction),
        encodeGlobalId('Transaction', theirs, theirTransaction),
      ],
    });
    expect(answer.body.data!.nodes).toEqual([{ restId: String(myTransaction) }, null]);
    expect(answer.body.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [['nodes', 1], 'NOT_FOUND'],
    ]);
    expect(calls).toBe(1);
  });

  it('the list of spaces holds only the spaces the caller may use', async () => {
    const { answer } = await ask(`{ spaces(first: 100) { nodes { restId } } }`, {});
    expect(answer.body.data!.spaces.nodes).toEqual([{ restId: String(mine) }]);
  });

  it('a lookup inside an allowed space still answers; the same lookup in the other space does not', async () => {
    const query = `query($s: ID!, $t: ID!) { space(id: $s) { transaction(id: $t) { restId } } }`;
    const own = await ask(query, { s: String(mine), t: String(myTransaction) });
    expect(own.answer.body.data).toEqual({ space: { transaction: { restId: String(myTransaction) } } });
    const refused = await ask(query, { s: String(theirs), t: String(theirTransaction) });
    expect(refused.answer.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(refused.calls).toBe(0);
  });
});

describe('read-only callers', () => {
  const reader: InboundCaller = { name: 'key:reader', spaces: 'all', scopes: new Set(['read']) };
  const writer: InboundCaller = { name: 'key:writer', spaces: 'all', scopes: new Set(['read', 'write']) };

  it('are refused every mutation with FORBIDDEN before execution; by-credentials mutations and queries pass', () => {
    const mutation = parse(`mutation M { updateCustomer(input: {}) { id } }`);
    expect(checkOperationAccess(mutation, 'M', reader, false)).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    expect(checkOperationAccess(mutation, 'M', writer, false)).toBeNull();
    const fragment = parse(`mutation { ...F } fragment F on Mutation { deleteCustomer(id: "1") { id } }`);
    expect(checkOperationAccess(fragment, undefined, reader, false)).toMatchObject({ code: 'FORBIDDEN' });
    const byCredentials = parse(
      `mutation { processOneClickTokenByCredentials(credentials: "c", tokenVersionId: "1") { id } }`,
    );
    expect(checkOperationAccess(byCredentials, undefined, reader, false)).toBeNull();
    expect(
      checkOperationAccess(parse(`{ spaces(first: 1) { nodes { id } } }`), undefined, reader, false),
    ).toBeNull();
  });
});

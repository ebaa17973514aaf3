// Mutations, attacked with valid keys: another space's global ID in a mutation input answers as an
// unknown space would, and changes nothing; a read-only caller is refused every mutation with
// FORBIDDEN before any REST call. Counts come from the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import {
  apiKeyAuthenticator,
  generateApiKey,
  hashApiKey,
  parseKeysFile,
} from '../../src/server/auth/api-keys';
import { appOver, gql, resetCalls, restCalls, type Answer } from './support';
import { startWorld, type TestWorld } from '../support/world';

const UNKNOWN_SPACE = 987_654_321;
const DELETE = `mutation($id: ID!) { deleteCustomer(input: { id: $id }) {
  __typename ... on MutationError { code message } ... on DeleteCustomerPayload { deletedId } } }`;
let world: TestWorld;
let mine: number;
let theirs: number;
let theirCustomer: number;
let myCustomer: number;
const writer = generateApiKey();
const reader = generateApiKey();
let app: ReturnType<typeof appOver>;

function normalized(answer: Answer, space: number): unknown {
  const { extensions: _cost, ...body } = answer.body;
  return JSON.parse(JSON.stringify(body).replaceAll(String(space), '<space>'));
}

async function customerExists(space: number, id: number): Promise<boolean> {
  const found = (await world.rest.call('searchCustomers', {
    space,
    query: { query: `id:${id}`, limit: 1 },
  })) as { data: unknown[] };
  return found.data.length === 1;
}

beforeAll(async () => {
  world = await startWorld({ graph: false });
  [mine, theirs] = world.sandbox.spaces;
  const first = async (space: number) =>
    ((await world.rest.call('searchCustomers', { space, query: { limit: 1 } })) as { data: { id: number }[] })
      .data[0].id;
  myCustomer = await first(mine);
  theirCustomer = await first(theirs);
  const entries = parseKeysFile(
    JSON.stringify({
      keys: [
        { name: 'shop-a', hash: hashApiKey(writer), spaces: [mine], scopes: ['read', 'write'] },
        { name: 'reporting', hash: hashApiKey(reader), spaces: '*', scopes: ['read'] },
      ],
    }),
  );
  app = appOver(world.rest, { authenticator: apiKeyAuthenticator(entries) });
});

afterAll(async () => {
  await world?.close();
});

describe('mutations', () => {
  it("answers another space's global ID in an input as an unknown space, with zero REST calls, and changes nothing", async () => {
    await resetCalls(world);
    const refused = await gql(app, DELETE, {
      variables: { id: encodeGlobalId('Customer', theirs, theirCustomer) },
      headers: { 'x-api-key': writer },
    });
    expect(await restCalls(world)).toBe(0);
    const unknown = await gql(app, DELETE, {
      variables: { id: encodeGlobalId('Customer', UNKNOWN_SPACE, theirCustomer) },
      headers: { 'x-api-key': writer },
    });
    expect(
      refused.body.data?.deleteCustomer?.__typename ?? refused.body.errors?.[0].extensions?.code,
    ).toMatch(/NotFound|NOT_FOUND/);
    expect(normalized(refused, theirs)).toEqual(normalized(unknown, UNKNOWN_SPACE));
    expect(await customerExists(theirs, theirCustomer)).toBe(true);
  });

  it('refuses every mutation of a read-only caller with FORBIDDEN before any REST call', async () => {
    await resetCalls(world);
    const answer = await gql(app, DELETE, {
      variables: { id: encodeGlobalId('Customer', mine, myCustomer) },
      headers: { 'x-api-key': reader },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(answer.body.data ?? undefined).toBeUndefined();
    expect(await restCalls(world)).toBe(0);
    expect(await customerExists(mine, myCustomer)).toBe(true);
  });
});

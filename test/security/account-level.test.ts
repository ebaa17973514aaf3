// Account-level operations, attacked with tokens limited to one space (finding 1 of the security
// round 3: a token with `spaces: [60]`, or `[]`, and write scope listed every account and updated,
// deactivated and deleted another merchant's account). A caller limited to some spaces sees only
// the accounts owning them, changes accounts and spaces only with the `account` scope and only its own; every refusal
// reaches no account at REST.
import { createClient as createSseClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import type { App } from '../../src/server/app';
import { gql, jwtAppOver, jwtSetup, restCallsByOperation, type Answer, type JwtSetup } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let jwt: JwtSetup;
let app: App;
/** A space of the child account (the demo data: the parent account owns the first space, the child the others). */
let mine: number;
let parentAccount: number;
let childAccount: number;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  jwt = jwtSetup();
  app = await jwtAppOver(world, jwt);
  [parentAccount, childAccount] = world.sandbox.seedSummary.accounts;
  mine = world.sandbox.spaces[1];
});

afterAll(async () => {
  await world?.close();
  jwt?.close();
});

async function ask(claims: Record<string, unknown>, query: string, variables: Record<string, unknown> = {}) {
  await restCallsByOperation(world);
  const token = await jwt.token(claims);
  const answer = await gql(app, query, { variables, headers: { authorization: `Bearer ${token}` } });
  return { answer, calls: await restCallsByOperation(world) };
}

const total = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);
const accountCalls = (calls: Record<string, number>) => Object.keys(calls).filter((op) => /Account/.test(op));
const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;

describe('a caller limited to some spaces, with write scope but no account scope', () => {
  const limited = { spaces: [0], scope: 'read write' };
  const mutations: [string, () => string][] = [
    ['updateAccount', () => `updateAccount(input: { id: "${parentAccount}", version: 1, name: "pwned" })`],
    ['deactivateAccount', () => `deactivateAccount(input: { id: "${parentAccount}" })`],
    ['activateAccount', () => `activateAccount(input: { id: "${parentAccount}" })`],
    ['deleteAccount', () => `deleteAccount(input: { id: "${parentAccount}" })`],
    [
      'createAccount',
      () => `createAccount(input: { name: "mine now", scope: 1, parentAccount: "${parentAccount}" })`,
    ],
    ['createSpace', () => `createSpace(input: { account: "${parentAccount}", name: "pwned" })`],
    ['updateSpace', () => `updateSpace(input: { id: "${mine}", version: 1, name: "renamed" })`],
    ['deleteSpace', () => `deleteSpace(input: { id: "${mine}" })`],
  ];

  for (const [name, field] of mutations) {
    it(`${name}: FORBIDDEN (HTTP 403) before execution, zero REST calls`, async () => {
      for (const spaces of [[mine], []]) {
        const { answer, calls } = await ask({ ...limited, spaces }, `mutation { ${field()} { __typename } }`);
        expect(answer.status).toBe(403);
        expect(code(answer)).toBe('FORBIDDEN');
        expect(answer.body.errors?.[0].message).toMatch(/every space, or the `account` scope/);
        expect(answer.body.data).toBeUndefined();
        expect(total(calls)).toBe(0);
      }
    });
  }

  it('accounts lists only the account owning its space; spaces: [] lists none', async () => {
    const query = `{ accounts(first: 50) { nodes { restId name } } }`;
    const own = await ask({ spaces: [mine] }, query);
    expect(own.answer.body.errors).toBeUndefined();
    expect(own.answer.body.data!.accounts.nodes.map((a: { restId: string }) => a.restId)).toEqual([
      String(childAccount),
    ]);
    const none = await ask({ spaces: [] }, query);
    expect(none.answer.body.data!.accounts.nodes).toEqual([]);
  });

  it('account(id:) of another account answers as a missing one; no account is asked of REST', async () => {
    const query = `query($id: ID!) { account(id: $id) { restId name } }`;
    // Its own accounts looked up once first (then kept a minute): the refusals below ask nothing.
    await ask({ spaces: [mine] }, query, { id: String(childAccount) });
    const other = await ask({ spaces: [mine] }, query, { id: String(parentAccount) });
    const missing = await ask({ spaces: [mine] }, query, { id: '987654321' });
    expect(other.answer.body.data).toEqual({ account: null });
    expect(accountCalls(other.calls)).toEqual([]);
    expect(total(other.calls)).toBe(0);
    expect(missing.answer.body.data).toEqual({ account: null });
    const strip = (a: Answer) =>
      JSON.stringify(a.body.errors ?? [])
        .replace(/\d{6,}/g, '<id>')
        .replace(/"upstreamErrorId":"[^"]+"/g, '');
    expect(strip(other.answer)).toEqual(strip(missing.answer));
    const own = await ask({ spaces: [mine] }, query, { id: String(childAccount) });
    expect(own.answer.body.data).toEqual({
      account: { restId: String(childAccount), name: expect.any(String) },
    });
  });

  it('node(id:) and nodes(ids:) of another account: null', async () => {
    const { answer } = await ask(
      { spaces: [mine] },
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Account { restId } } }`,
      {
        ids: [encodeGlobalId('Account', null, childAccount), encodeGlobalId('Account', null, parentAccount)],
      },
    );
    expect(answer.body.data!.nodes).toEqual([{ restId: String(childAccount) }, null]);
  });

  it("an account expanded past its space's own (a parent account) is not shown", async () => {
    const query = `query($s: ID!) { space(id: $s) { account { restId parentAccount { restId name } } } }`;
    const { answer, calls } = await ask({ spaces: [mine] }, query, { s: String(mine) });
    expect(answer.body.data!.space.account.restId).toBe(String(childAccount));
    expect(answer.body.data!.space.account.parentAccount).toBeNull();
    expect(calls.getAccount ?? 0).toBe(0);
    const listed = await ask(
      { spaces: [mine] },
      `{ accounts(first: 5) { nodes { restId parentAccount { name } } } }`,
    );
    expect(listed.answer.body.data!.accounts.nodes).toEqual([
      { restId: String(childAccount), parentAccount: null },
    ]);
  });
});

describe('the account scope', () => {
  const admin = (spaces: number[]) => ({ spaces, scope: 'read write account' });

  it("changes the account owning the caller's space", async () => {
    const current = await ask(admin([mine]), `query($id: ID!) { account(id: $id) { version } }`, {
      id: String(childAccount),
    });
    const version = current.answer.body.data!.account.version as number;
    const { answer } = await ask(
      admin([mine]),
      `mutation($id: ID!, $v: Int!) { updateAccount(input: { id: $id, version: $v, name: "Child renamed" }) { __typename ... on UpdateAccountPayload { account { name } } } }`,
      { id: String(childAccount), v: version },
    );
    expect(answer.body.data!.updateAccount).toEqual({
      __typename: 'UpdateAccountPayload',
      account: { name: 'Child renamed' },
    });
  });

  it('answers another account as a missing one, with no call for it', async () => {
    await ask(admin([mine]), `{ accounts(first: 1) { nodes { restId } } }`);
    for (const field of [
      `updateAccount(input: { id: "${parentAccount}", version: 1, name: "pwned" })`,
      `deactivateAccount(input: { id: "${parentAccount}" })`,
      `deleteAccount(input: { id: "${parentAccount}" })`,
      `createSpace(input: { account: "${parentAccount}", name: "pwned" })`,
      `createAccount(input: { name: "sub", scope: 1, parentAccount: "${parentAccount}" })`,
    ]) {
      const { answer, calls } = await ask(
        admin([mine]),
        `mutation { r: ${field} { __typename ... on MutationError { code } } }`,
      );
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data!.r).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
      expect(total(calls)).toBe(0);
    }
  });

  it('makes no account without a parent: that takes every space', async () => {
    const { answer, calls } = await ask(
      admin([mine]),
      `mutation { createAccount(input: { name: "top", scope: 1 }) { __typename } }`,
    );
    expect(code(answer)).toBe('FORBIDDEN');
    expect(total(calls)).toBe(0);
  });
});

describe('a caller with every space', () => {
  it('reaches every account, as the REST user does', async () => {
    const { answer } = await ask(
      { spaces: '*', scope: 'read write' },
      `{ accounts(first: 50) { nodes { restId } } }`,
    );
    const ids = answer.body.data!.accounts.nodes.map((a: { restId: string }) => Number(a.restId));
    expect(ids).toEqual(expect.arrayContaining([parentAccount, childAccount]));
    for (const action of ['deactivateAccount', 'activateAccount']) {
      const { answer: done, calls } = await ask(
        { spaces: '*', scope: 'read write' },
        `mutation($id: ID!) { r: ${action}(input: { id: $id }) { __typename } }`,
        { id: String(parentAccount) },
      );
      expect(done.body.data!.r.__typename).toMatch(/Payload$/);
      expect(calls[action]).toBe(1);
    }
  });
});

describe('following accounts and spaces live (entityChanged, watched with paygraph’s own credentials)', () => {
  async function firstEvent(
    claims: Record<string, unknown>,
    id: string,
  ): Promise<{ event: Answer['body']; calls: Record<string, number> }> {
    await restCallsByOperation(world);
    const token = await jwt.token(claims);
    const client = createSseClient({
      url: 'http://paygraph.test/graphql',
      fetchFn: (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init)),
      headers: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    try {
      const events = client.iterate({
        query: `subscription($id: ID!) { entityChanged(id: $id) { ... on Account { name } ... on Space { name } } }`,
        variables: { id },
      });
      const first = await events.next();
      await events.return?.();
      return { event: first.value as Answer['body'], calls: await restCallsByOperation(world) };
    } finally {
      client.dispose();
    }
  }

  it('another account or space answers NOT_FOUND; nothing of it is asked of REST', async () => {
    const otherAccount = await firstEvent({ spaces: [mine] }, encodeGlobalId('Account', null, parentAccount));
    expect(otherAccount.event.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(accountCalls(otherAccount.calls)).toEqual([]);
    const otherSpace = await firstEvent(
      { spaces: [mine] },
      encodeGlobalId('Space', null, world.sandbox.spaces[0]),
    );
    expect(otherSpace.event.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(total(otherSpace.calls)).toBe(0);
  });

  it('its own account and space are followed', async () => {
    const own = await firstEvent({ spaces: [mine] }, encodeGlobalId('Account', null, childAccount));
    expect(own.event.data?.entityChanged).toEqual({ name: expect.any(String) });
    const space = await firstEvent({ spaces: [mine] }, encodeGlobalId('Space', null, mine));
    expect(space.event.data?.entityChanged).toEqual({ name: expect.any(String) });
  });
});

// Fields that need nothing of their object but its key and space (children, extras by id, the
// space-scoped fields of Space): a link or a Space selected only for them costs no call of its own,
// while lookups of other types and node(s) keep checking that the object exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import { at, count, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
let txWithToken: number;
let tokenId: number;
let unknownSpace: string;

type Obj = Record<string, unknown>;

async function rest(operationId: string, options: Obj): Promise<unknown> {
  return h.rest.call(operationId as 'searchTransactions', options);
}

beforeAll(async () => {
  h = await startWorld();
  const body = (await rest('searchTransactions', {
    space: h.space,
    query: { query: '-token:*', limit: 1, order: 'id:ASC' },
  })) as {
    data: Obj[];
  };
  txWithToken = body.data[0].id as number;
  tokenId = (body.data[0].token as { id: number }).id; // a collapsed link, as REST answers it
  unknownSpace = String(Math.max(...h.sandbox.spaces) + 1000);
});
afterAll(() => h?.close());

describe('a link selected only for key-only fields', () => {
  it('is answered by a stub from the parent id: neither expanded nor loaded', async () => {
    const q = `query($s: ID!, $t: ID!) { space(id: $s) { transaction(id: $t) { restId token {
      id restId versions(first: 2) { nodes { restId } } activeVersion { restId } } } } }`;
    const r = await h.run(q, { s: String(h.space), t: String(txWithToken) });
    expect(r.errors).toBeUndefined();
    expect(count(r.calls)).toEqual({
      searchTransactions: 1,
      searchTokenVersions: 1,
      getTokenActiveVersion: 1,
    });
    expect(r.calls.find((c) => c.operationId === 'searchTransactions')?.query?.expand).toBeUndefined();
    const token = at(r.data, 'space.transaction.token') as {
      restId: unknown;
      id: string;
      versions: { nodes: Obj[] };
      activeVersion: Obj;
    };
    expect(token.restId).toBe(String(tokenId));
    expect(token.id).toBe(encodeGlobalId('Token', h.space, tokenId));
    const versions = (await rest('searchTokenVersions', {
      space: h.space,
      query: { query: `token:${tokenId}`, order: 'id:ASC', limit: 2 },
    })) as { data: Obj[] };
    expect(token.versions.nodes.map((n) => n.restId)).toEqual(versions.data.map((v) => String(v.id)));
    const active = (await rest('getTokenActiveVersion', { space: h.space, path: { id: tokenId } })) as Obj;
    expect(token.activeVersion.restId).toBe(String(active.id));
    const naive = await h.run(q, { s: String(h.space), t: String(txWithToken) }, { naive: true });
    expect(naive.data).toEqual(r.data);
    expect(count(naive.calls)).toMatchObject({ getSpace: 1, getToken: 1 });
  });

  it('under a list: children of every stub in one batched search, no expand', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactions(first: 10, filter: { token: { id: { isNull: false } } }) {
      nodes { restId token { versions(first: 1) { nodes { restId } } } } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    expect(count(r.calls)).toEqual({ searchTransactions: 1, searchTokenVersions: 1 });
    expect(r.calls[0].query?.expand).toBeUndefined();
    const nodes = at(r.data, 'space.transactions.nodes') as { token: { versions: { nodes: Obj[] } } }[];
    expect(nodes.length).toBeGreaterThan(1);
    for (const n of nodes) expect(n.token.versions.nodes).toHaveLength(1);
  });
});

describe('space(id:)', () => {
  it('selected only for space-scoped fields returns a stub Space without a call of its own', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { id restId transactions(first: 2) { nodes { restId } } transactionExport(limit: 1) { rows } } }`,
      {
        s: String(h.space),
      },
    );
    expect(r.errors).toBeUndefined();
    expect(count(r.calls)).toEqual({ listTransactions: 1, exportTransactions: 1 });
    expect(at(r.data, 'space.restId')).toBe(String(h.space));
    expect(at(r.data, 'space.id')).toBe(encodeGlobalId('Space', null, h.space));
    expect(at(r.data, 'space.transactions.nodes')).toHaveLength(2);
  });

  it('selected for its own properties, or for its identity alone, is loaded', async () => {
    const named = await h.run(
      `query($s: ID!) { space(id: $s) { name transactions(first: 1) { nodes { restId } } } }`,
      {
        s: String(h.space),
      },
    );
    expect(count(named.calls)).toEqual({ searchSpaces: 1, listTransactions: 1 });
    const space = (await rest('getSpace', { path: { id: h.space } })) as Obj;
    expect(at(named.data, 'space.name')).toBe(space.name);
    const identity = await h.run(`query($s: ID!) { space(id: $s) { restId } }`, { s: unknownSpace });
    expect(identity.errors).toBeUndefined();
    expect(count(identity.calls)).toEqual({ searchSpaces: 1 });
    expect(identity.data).toEqual({ space: null });
  });

  it('of an unknown space: the first space-scoped call answers NOT_FOUND on its field', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactions(first: 2) { nodes { restId } } transaction(id: "1") { restId } } }`,
      {
        s: unknownSpace,
      },
    );
    expect(count(r.calls)).toEqual({ listTransactions: 1, searchTransactions: 1 });
    expect(r.data).toEqual({ space: { transactions: null, transaction: null } });
    const errors = (r.errors ?? []).map((e) => ({
      path: e.path,
      code: e.extensions?.code,
      message: e.message,
    }));
    expect(errors.sort((a, b) => String(a.path).localeCompare(String(b.path)))).toEqual([
      {
        path: ['space', 'transaction'],
        code: 'NOT_FOUND',
        message: expect.stringMatching(new RegExp(`Space ${unknownSpace} does not exist`)),
      },
      {
        path: ['space', 'transactions'],
        code: 'NOT_FOUND',
        message: expect.stringMatching(new RegExp(`Space ${unknownSpace} does not exist`)),
      },
    ]);
  });
});

describe('lookups that must check existence', () => {
  it('transaction(id:) of an unknown id answers null, even when only its children are selected', async () => {
    const q = `query($s: ID!, $t: ID!) { space(id: $s) { transaction(id: $t) { refunds(first: 2) { nodes { restId } } } } }`;
    const unknown = await h.run(q, { s: String(h.space), t: '999999999' });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data).toEqual({ space: { transaction: null } });
    // The children start with the lookup (one round), so an unknown id costs their search too.
    expect(count(unknown.calls)).toEqual({ searchTransactions: 1, searchRefunds: 1 });
    const known = await h.run(q, { s: String(h.space), t: String(txWithToken) });
    expect(count(known.calls)).toEqual({ searchTransactions: 1, searchRefunds: 1 });
    expect(at(known.data, 'space.transaction.refunds.nodes')).toBeInstanceOf(Array);
  });

  it('node(id:) and nodes(ids:) keep loading: unknown ids answer null', async () => {
    const known = encodeGlobalId('Transaction', h.space, txWithToken);
    const missing = encodeGlobalId('Transaction', h.space, 999_999_999);
    const space = encodeGlobalId('Space', null, h.space);
    const gone = encodeGlobalId('Space', null, Number(unknownSpace));
    const r = await h.run(
      `query($id: ID!, $ids: [ID!]!) {
      node(id: $id) { ... on Transaction { refunds(first: 1) { nodes { restId } } } }
      nodes(ids: $ids) { ... on Transaction { refunds(first: 1) { nodes { restId } } } ... on Space { transactions(first: 1) { nodes { restId } } } }
    }`,
      { id: missing, ids: [known, missing, space, gone] },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.node).toBeNull();
    const nodes = r.data?.nodes as (Obj | null)[];
    expect(nodes.map((n) => n === null)).toEqual([false, true, false, true]);
    expect(count(r.calls)).toMatchObject({ searchTransactions: 1, searchSpaces: 1 });
  });
});

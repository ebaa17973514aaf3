// REST failures as GraphQL errors: the code per status, the upstream error id, nothing secret, and
// one failing field never blanks its siblings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestConnectionError, RestHttpError } from '../../src/rest';
import { toGraphQLError } from '../../src/resolvers';
import { at, startWorld, type TestWorld } from '../support/world';

const info = { operationId: 'getTransaction', method: 'GET', path: '/api/v2.0/payment/transactions/1' };

describe('toGraphQLError', () => {
  const cases: [number, string][] = [
    [400, 'BAD_USER_INPUT'],
    [401, 'UPSTREAM_ERROR'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [406, 'NOT_ACCEPTABLE'],
    [409, 'CONFLICT'],
    [410, 'GONE'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [415, 'UNSUPPORTED_MEDIA_TYPE'],
    [416, 'RANGE_NOT_SATISFIABLE'],
    [422, 'UNPROCESSABLE'],
    [429, 'RATE_LIMITED'],
    [500, 'UPSTREAM_ERROR'],
    [503, 'UPSTREAM_ERROR'],
  ];
  it.each(cases)('status %i -> %s, with the upstream error id', (status, code) => {
    const e = toGraphQLError(
      new RestHttpError(info, status, {
        id: `err-${status}`,
        message: 'went wrong',
        errors: { limit: 'too big' },
      }),
    );
    expect(e.extensions).toMatchObject({
      code,
      upstreamErrorId: `err-${status}`,
      status,
      fields: { limit: 'too big' },
    });
    expect(e.message).toContain('went wrong');
  });

  it('network failures are UPSTREAM_ERROR', () => {
    const e = toGraphQLError(new RestConnectionError(info, 'ECONNRESET', false));
    expect(e.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', upstreamErrorId: null });
  });
});

describe('errors through the graph', () => {
  let h: TestWorld;
  beforeAll(async () => {
    h = await startWorld();
  });
  afterAll(() => h?.close());

  it('a failing link field is null with a typed error; its siblings keep their data', async () => {
    h.sandbox.faults.set({ errorCount: 1, errorStatus: 422, match: { operationId: 'searchTransactions' } });
    try {
      const r = await h.run(
        `query($s: ID!) { space(id: $s) { transactionCompletions(first: 5) { nodes { restId state linkedTransaction { state } } } } }`,
        { s: String(h.space) },
      );
      const nodes = at(r.data, 'space.transactionCompletions.nodes') as {
        restId: string;
        state: string;
        linkedTransaction: unknown;
      }[];
      expect(nodes).toHaveLength(5);
      expect(
        nodes.every(
          (n) => typeof n.restId === 'string' && typeof n.state === 'string' && n.linkedTransaction === null,
        ),
      ).toBe(true);
      expect(r.errors?.length).toBeGreaterThan(0);
      const err = r.errors![0];
      expect(err.extensions).toMatchObject({ code: 'UNPROCESSABLE', status: 422 });
      expect(typeof err.extensions.upstreamErrorId).toBe('string');
      const text = JSON.stringify(r.errors);
      expect(text).not.toContain(h.sandbox.users[0].key);
      expect(text).not.toMatch(/Bearer|eyJhbGci/);
    } finally {
      h.sandbox.faults.clear();
    }
  });

  it('bad input gets BAD_USER_INPUT naming what is wrong', async () => {
    const r = await h.run(`query($s: ID!) { space(id: $s) { customers(first: 500) { nodes { restId } } } }`, {
      s: String(h.space),
    });
    expect(r.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0].message).toMatch(/first/);
    const bad = await h.run(
      `query($s: ID!) { space(id: $s) { customers(first: 5, after: "nope") { nodes { restId } } } }`,
      {
        s: String(h.space),
      },
    );
    expect(bad.errors?.[0].message).toMatch(/after: not a cursor/);
  });

  it('node(id:) of a missing object is null, of a malformed id a BAD_USER_INPUT', async () => {
    const r = await h.run(
      `{ a: node(id: "VHJhbnNhY3Rpb246NjA6OTk5OTk5OTk5") { id } b: node(id: "garbage") { id } }`,
    );
    expect(r.data?.a).toBeNull();
    expect(r.data?.b).toBeNull();
    expect(r.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
  });
});

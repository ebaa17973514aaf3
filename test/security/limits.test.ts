// Queries that cannot hurt, attacked: a depth bomb, 10,000 aliases, a directive flood, a token
// flood, a 5 MB document, a fragment cycle, a 1,000-operation batch, a 1,000-character Long, and
// introspection when turned off; each refused before execution with its code and zero REST calls.
// Identical errors are reported once; a request past its deadline aborts its REST calls.
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByteBoundedCache } from '../../src/server/cache/parse-cache';
import { appOver, gql, resetCalls, restCalls, send, type Answer } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let app: ReturnType<typeof appOver>;

async function refused(
  answer: Promise<Answer>,
  status: number,
  code: string | RegExp,
  errors = 1,
): Promise<Answer> {
  await resetCalls(world);
  const a = await answer;
  // Request errors are HTTP 400 for application/graphql-response+json, 200 for plain JSON clients.
  expect(status === 400 ? [200, 400] : [status]).toContain(a.status);
  expect(a.body.data ?? undefined).toBeUndefined();
  expect(a.body.errors?.length).toBe(errors);
  expect(String(a.body.errors![0].extensions?.code)).toMatch(code);
  expect(await restCalls(world)).toBe(0);
  return a;
}

beforeAll(async () => {
  world = await startWorld({ graph: false });
  app = appOver(world.rest);
});

afterAll(async () => {
  await world?.close();
});

describe('document limits, before execution', () => {
  it('refuses a depth bomb', async () => {
    const query = `{ ${'spaces(first: 1) { nodes { '.repeat(10)}id${' } }'.repeat(10)} }`;
    const a = await refused(gql(app, query), 400, 'QUERY_TOO_DEEP');
    expect(a.body.errors![0].message).toMatch(
      /is 21 fields deep; at most 12 are allowed \(PAYGRAPH_MAX_DEPTH\)/,
    );
  });

  it('refuses 10,000 aliases with one error, without validating them', async () => {
    const big = appOver(world.rest, {
      env: { PAYGRAPH_MAX_DOCUMENT_BYTES: '1000000', PAYGRAPH_MAX_TOKENS: '1000000' },
    });
    const query = `{ ${Array.from({ length: 10_000 }, (_, i) => `a${i}: countries { name }`).join(' ')} }`;
    const a = await refused(gql(big, query), 400, 'TOO_MANY_ALIASES');
    expect(a.body.errors![0].message).toBe(
      'the query has 10000 aliases; at most 30 are allowed (PAYGRAPH_MAX_ALIASES)',
    );
    const typenames = `{ ${Array.from({ length: 5_000 }, (_, i) => `t${i}: __typename`).join(' ')} }`;
    await refused(gql(big, typenames), 400, 'TOO_MANY_ALIASES');
  });

  it('refuses a directive flood, each time it is sent (the check is kept per parsed document)', async () => {
    const query = `{ __typename ${'@include(if: true) '.repeat(60)} }`;
    for (let run = 0; run < 3; run++) await refused(gql(app, query), 400, 'TOO_MANY_DIRECTIVES');
  });

  it('refuses a token flood while parsing', async () => {
    const query = `{ spaces(first: 1) { nodes { ${'id '.repeat(6_000)} } } }`;
    const a = await refused(gql(app, query), 400, /TOO_MANY_TOKENS|GRAPHQL_PARSE_FAILED/);
    expect(a.body.errors![0].message).toMatch(/more than 5000 tokens.*PAYGRAPH_MAX_TOKENS/);
  });

  it('refuses a 5 MB document by its size, before reading it as GraphQL', async () => {
    const query = `{ __typename }${' '.repeat(5 * 1024 * 1024)}`;
    const a = await refused(gql(app, query), 413, 'PAYLOAD_TOO_LARGE');
    expect(JSON.stringify(a.body).length).toBeLessThan(1_000);
    const justOver = `{ __typename }${' '.repeat(100 * 1024)}`;
    const b = await refused(gql(app, justOver), 413, 'PAYLOAD_TOO_LARGE');
    expect(b.body.errors![0].message).toMatch(/at most 102400 are allowed \(PAYGRAPH_MAX_DOCUMENT_BYTES\)/);
  });

  /** A POST whose body streams in `chunks` without a Content-Length (chunked, as node sends a stream). */
  const streamed = (chunks: string[]) =>
    send(app, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      }),
      duplex: 'half',
    } as RequestInit);

  it('counts a body without a Content-Length as it streams in, refusing it past the limit', async () => {
    // 2 MB in 64 KB chunks: past the 100 KB document limit and its 1 MB allowance for variables.
    const chunks = [
      `{"query":"{ __typename }","variables":{"pad":"`,
      ...Array(32).fill('x'.repeat(65_536)),
      `"}}`,
    ];
    const a = await refused(streamed(chunks), 413, 'PAYLOAD_TOO_LARGE');
    expect(a.body.errors![0].message).toBe(
      `the request body has more than ${1_150_976} bytes; at most ${1_150_976} are accepted`,
    );
    const small = await streamed(['{"query":"{ __type', 'name }"}']);
    expect(small.status).toBe(200);
    expect(small.body.data).toEqual({ __typename: 'Query' });
  });

  it('refuses a Content-Length that is not one number', async () => {
    const a = await refused(
      send(app, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '12, 12' },
        body: '{"query":"{ __typename }"}',
      }),
      400,
      'BAD_REQUEST',
    );
    expect(a.body.errors![0].message).toBe('the Content-Length header is not one non-negative integer');
  });

  it('refuses a fragment cycle', async () => {
    const query = `{ ...A } fragment A on Query { ...B } fragment B on Query { spaces(first: 1) { nodes { id } } ...A }`;
    await refused(gql(app, query), 400, 'GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses a batch of 1,000 operations (batching is off by default)', async () => {
    const batch = Array.from({ length: 1_000 }, () => ({ query: '{ spaces(first: 1) { nodes { id } } }' }));
    await resetCalls(world);
    const a = await send(app, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    expect(a.status).toBeGreaterThanOrEqual(400);
    expect(await restCalls(world)).toBe(0);
  });

  it('refuses a 1,000-character Long without echoing it', async () => {
    const digits = '9'.repeat(1_000);
    await resetCalls(world);
    const a = await gql(
      app,
      `query($x: Long) { spaces(first: 1, filter: { createdBy: { eq: $x } }) { nodes { id } } }`,
      {
        variables: { x: digits },
      },
    );
    expect(a.body.errors?.[0].message).toMatch(/Long value of 1000 characters is too long/);
    expect(JSON.stringify(a.body)).not.toContain(digits.slice(0, 30));
    expect(await restCalls(world)).toBe(0);
  });

  it("answers GraphiQL's full introspection query under the default limits (introspection depth is not counted)", async () => {
    const a = await gql(app, getIntrospectionQuery());
    expect(a.body.errors).toBeUndefined();
    expect(a.body.data?.__schema).toBeDefined();
  });

  it('refuses introspection when turned off, and by default in production', async () => {
    const query = '{ __schema { types { name } } }';
    expect((await gql(app, query)).body.data?.__schema).toBeDefined();
    // One error for __schema, one for its `types` (both introspection types).
    await refused(
      gql(appOver(world.rest, { env: { PAYGRAPH_INTROSPECTION: 'off' } }), query),
      400,
      'GRAPHQL_VALIDATION_FAILED',
      2,
    );
    await refused(
      gql(appOver(world.rest, { env: { NODE_ENV: 'production' } }), query),
      400,
      'GRAPHQL_VALIDATION_FAILED',
      2,
    );
    expect(
      (
        await gql(
          appOver(world.rest, { env: { NODE_ENV: 'production', PAYGRAPH_INTROSPECTION: 'on' } }),
          query,
        )
      ).body.data,
    ).toBeDefined();
  });
});

describe('bounded errors and time', () => {
  it('reports identical errors once, with how often they occurred', async () => {
    const query = `{ ${Array.from({ length: 20 }, (_, i) => `s${i}: space(id: 987654321) { transactions(first: 1) { nodes { id } } }`).join(' ')} }`;
    const a = await gql(app, query);
    expect(a.body.errors).toHaveLength(1);
    expect(a.body.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND', occurrences: 20 });
  });

  it('aborts the REST calls still running at the request deadline', async () => {
    const admin = `${new URL(world.sandbox.baseUrl).origin}/__admin/faults`;
    await fetch(admin, {
      method: 'PUT',
      body: JSON.stringify({
        latencyMs: 5_000,
        errorRate: 0,
        errorStatus: 503,
        errorCount: 0,
        dropRate: 0,
        dropCount: 0,
      }),
    });
    try {
      const quick = appOver(world.rest, { env: { PAYGRAPH_REQUEST_TIMEOUT_MS: '200' } });
      const a = await gql(quick, '{ spaces(first: 1) { nodes { id } } }');
      expect(a.body.data?.spaces ?? null).toBeNull();
      expect(a.body.errors?.map((e) => e.extensions?.code)).toContain('TIMEOUT');
      expect(a.body.errors?.find((e) => e.extensions?.code === 'TIMEOUT')?.message).toMatch(
        /longer than 200 ms \(PAYGRAPH_REQUEST_TIMEOUT_MS\)/,
      );
    } finally {
      await fetch(admin, { method: 'DELETE' });
    }
  });

  it('bounds the parse cache in bytes, dropping the least recently used', () => {
    const cache = new ByteBoundedCache<number>(ByteBoundedCache.cost('x'.repeat(100)) * 3);
    for (let i = 0; i < 10; i++) cache.set(`${i}`.padEnd(100, 'x'), i);
    expect(cache.size).toBe(3);
    expect(cache.get('9'.padEnd(100, 'x'))).toBe(9);
    expect(cache.get('0'.padEnd(100, 'x'))).toBeUndefined();
    cache.set('y'.repeat(10_000), 1);
    expect(cache.size).toBe(3);
  });
});

// The app in process (app.fetch) over the real REST client and a real sandbox: answers equal REST,
// ids and lookups, argument errors, one failing field leaving its siblings, masking, cost limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';

class RecordingCaller implements RestCaller {
  calls: { operationId: string; query?: Record<string, unknown>; signal?: AbortSignal }[] = [];
  constructor(private readonly inner: RestCaller) {}
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    this.calls.push({
      operationId,
      query: options?.query as Record<string, unknown> | undefined,
      signal: options?.signal,
    });
    return this.inner.call(operationId, options);
  }
}

interface GraphResult {
  data?: Record<string, any> | null;
  errors?: { message: string; path?: (string | number)[]; extensions: Record<string, unknown> }[];
}

let sandbox: RunningSandbox;
let rest: RestClient;
let recorder: RecordingCaller;
let app: App;
let space: number;

async function run(
  query: string,
  variables: Record<string, unknown> = {},
  target: App = app,
): Promise<GraphResult> {
  const response = await target.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphResult;
}

async function opsUsedBy(query: string): Promise<string[]> {
  recorder.calls = [];
  await run(query);
  return recorder.calls.map((c) => c.operationId);
}

beforeAll(async () => {
  sandbox = await startSandbox();
  const [user] = sandbox.users;
  rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  recorder = new RecordingCaller(rest);
  app = createApp({ rest: recorder, graphiql: false });
  space = sandbox.spaces[0];
});

afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

describe('reads', () => {
  it('answers transactions with links as the REST API returns them', async () => {
    const result = await run(
      `query($space: ID!) { space(id: $space) { restId transactions(first: 5) { nodes {
        id restId state currency authorizationAmount createdOn token { restId } linkedSpace { restId } } } } }`,
      { space: String(space) },
    );
    expect(result.errors).toBeUndefined();
    const nodes = result.data!.space.transactions.nodes as Record<string, any>[];
    expect(nodes.length).toBe(5);
    for (const node of nodes) {
      const fromRest = (await rest.call('getTransaction', { path: { id: node.restId }, space })) as Record<
        string,
        any
      >;
      // Long and Decimal on the wire: strings of REST's digits.
      expect(node).toMatchObject({
        restId: String(fromRest.id),
        state: fromRest.state,
        currency: fromRest.currency,
        authorizationAmount: String(fromRest.authorizationAmount),
        createdOn: fromRest.createdOn,
        linkedSpace: { restId: String(space) },
      });
      const tokenId =
        typeof fromRest.token === 'object' && fromRest.token ? fromRest.token.id : fromRest.token;
      expect(node.token?.restId ?? null).toBe(
        tokenId === undefined || tokenId === null ? null : String(tokenId),
      );
      expect(typeof node.restId).toBe('string');
    }
  });

  it('finds an entity by global ID (node) and by REST id or global ID (lookup)', async () => {
    const list = await run(
      `query($s: ID!) { space(id: $s) { id transactions(first: 1) { nodes { id restId } } } }`,
      { s: String(space) },
    );
    const { id, restId } = list.data!.space.transactions.nodes[0];
    const spaceGlobalId = list.data!.space.id;
    const found = await run(
      `query($id: ID!, $rest: ID!, $s: ID!) {
        node(id: $id) { __typename id ... on Transaction { restId } }
        nodes(ids: [$id]) { id }
        byGlobal: space(id: $s) { transaction(id: $id) { restId } }
        byRest: space(id: $s) { transaction(id: $rest) { id } } }`,
      { id, rest: String(restId), s: spaceGlobalId },
    );
    expect(found.errors).toBeUndefined();
    expect(found.data).toEqual({
      node: { __typename: 'Transaction', id, restId },
      nodes: [{ id }],
      byGlobal: { transaction: { restId } },
      byRest: { transaction: { id } },
    });
  });

  it('refuses a global ID of another type, naming both types', async () => {
    const result = await run(`query($s: ID!) { space(id: $s) { transaction(id: $s) { restId } } }`, {
      s: String(space),
    });
    expect(result.errors).toBeUndefined();
    const spaceId = (await run(`query($s: ID!) { space(id: $s) { id } }`, { s: String(space) })).data!.space
      .id;
    const wrong = await run(
      `query($s: ID!, $id: ID!) { space(id: $s) { transaction(id: $id) { restId } } }`,
      {
        s: String(space),
        id: spaceId,
      },
    );
    expect(wrong.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(wrong.errors?.[0].message).toMatch(/global ID of a Space, expected a Transaction/);
  });

  it('passes the request’s AbortSignal down to every REST call', async () => {
    recorder.calls = [];
    const controller = new AbortController();
    const request = new Request('http://paygraph.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ spaces(first: 1) { nodes { restId account { name } } } }' }),
      signal: controller.signal,
    });
    const body = (await (await app.fetch(request)).json()) as GraphResult;
    expect(body.errors).toBeUndefined();
    expect(recorder.calls.length).toBeGreaterThan(0);
    const signals = recorder.calls.map((c) => c.signal);
    // The operation's signal (an OperationSignal: an EventTarget with AbortSignal's members).
    expect(signals.every((s) => s instanceof EventTarget && s.aborted === false)).toBe(true);
    controller.abort();
    expect(signals.every((s) => s!.aborted)).toBe(true);
  });

  it('sends Long filter values past 2^53 to REST digit for digit', async () => {
    recorder.calls = [];
    const big = '9007199254740993';
    const result = await run(
      `query($s: ID!) { space(id: $s) { transactions(first: 1, filter: { id: { eq: "${big}" } }) { nodes { restId } } } }`,
      {
        s: String(space),
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.space.transactions.nodes).toEqual([]);
    expect(JSON.stringify(recorder.calls.map((c) => c.query))).toContain(big);
  });
});

describe('errors', () => {
  it('rejects page sizes outside 1-100 with BAD_USER_INPUT and calls no REST', async () => {
    recorder.calls = [];
    const result = await run(`{ spaces(first: 101) { nodes { restId } } }`);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, path: ['spaces'] });
    expect(result.errors?.[0].message).toContain('`first` must be between 1 and 100');
    expect(recorder.calls).toEqual([]);
  });

  it('takes at most 100 ids in nodes(ids:)', async () => {
    recorder.calls = [];
    const ids = Array.from({ length: 101 }, (_, i) => `id${i}`);
    const result = await run(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, path: ['nodes'] });
    expect(result.errors?.[0].message).toContain('at most 100');
    expect(recorder.calls).toEqual([]);
  });

  it('keeps the siblings of a field whose REST call fails, with a typed error on that field', async () => {
    const query = `{ spaces(first: 1) { nodes { restId } } countries { isoCode2 } }`;
    expect((await run(query)).errors).toBeUndefined();
    // Fail whichever REST operation the countries field uses, and only that one.
    const spacesOps = await opsUsedBy(`{ spaces(first: 1) { nodes { restId } } }`);
    const countriesOp = (await opsUsedBy(`{ countries { isoCode2 } }`)).find((op) => !spacesOps.includes(op));
    expect(countriesOp).toBeDefined();
    sandbox.faults.set({ errorStatus: 500, errorCount: 10, match: { operationId: countriesOp } });
    try {
      const result = await run(query);
      expect(result.data!.spaces.nodes.length).toBe(1);
      expect(result.data!.countries).toBeNull();
      expect(result.errors).toHaveLength(1);
      expect(result.errors![0]).toMatchObject({
        path: ['countries'],
        extensions: { code: 'UPSTREAM_ERROR', status: 500 },
      });
      expect(result.errors![0].extensions.upstreamErrorId).toEqual(expect.any(String));
    } finally {
      sandbox.faults.clear();
    }
  });

  // A client discards the body of a non-2xx answer: one field's upstream 429 or 401 must not turn
  // the partial answer into an HTTP error (it used to, through extensions.http).
  it.each([
    [429, 'RATE_LIMITED', 'application/graphql-response+json'],
    [429, 'RATE_LIMITED', 'application/json'],
    [401, 'UPSTREAM_ERROR', 'application/graphql-response+json'],
    [401, 'UPSTREAM_ERROR', 'application/json'],
  ])(
    'answers HTTP 200 with partial data when one field gets an upstream %i (%s, %s)',
    async (status, code, accept) => {
      const query = `{ spaces(first: 1) { nodes { restId } } currencies { currencyCode } }`;
      const spacesOps = await opsUsedBy(`{ spaces(first: 1) { nodes { restId } } }`);
      const failing = (await opsUsedBy(`{ currencies { currencyCode } }`)).find(
        (op) => !spacesOps.includes(op),
      );
      expect(failing).toBeDefined();
      // A Retry-After beyond the client's cap: reported at once instead of waited for.
      sandbox.faults.set({
        errorStatus: status,
        errorCount: 10,
        retryAfterSeconds: 600,
        match: { operationId: failing },
      });
      try {
        const response = await app.fetch('http://paygraph.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept },
          body: JSON.stringify({ query }),
        });
        expect(response.status).toBe(200);
        const result = (await response.json()) as GraphResult;
        expect(result.data!.spaces.nodes.length).toBe(1);
        expect(result.data!.currencies).toBeNull();
        expect(result.errors).toHaveLength(1);
        expect(result.errors![0]).toMatchObject({ path: ['currencies'], extensions: { code, status } });
        expect(result.errors![0].extensions.http).toBeUndefined();
        if (status === 401)
          expect(result.errors![0].message).toMatch(
            /paygraph's REST user id or authentication key was refused/,
          );
      } finally {
        sandbox.faults.clear();
      }
    },
  );

  it('masks unexpected errors without leaking their text', async () => {
    const broken: RestCaller = {
      call: () => Promise.reject(new Error('internal detail secret-4711')),
    };
    const brokenApp = createApp({ rest: broken, graphiql: false });
    const response = await brokenApp.fetch('http://paygraph.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ spaces(first: 1) { nodes { restId } } }' }),
    });
    const text = await response.text();
    expect(text).not.toContain('secret-4711');
    const body = JSON.parse(text) as GraphResult;
    expect(body.errors?.[0]).toMatchObject({
      message: 'Unexpected error.',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('refuses operations over the cost limit before calling REST', async () => {
    recorder.calls = [];
    const result = await run(
      `query($s: ID!) { space(id: $s) { transactions(first: 100) { nodes {
      completions(first: 100) { nodes { restId } } refunds(first: 100) { nodes { restId comments(first: 100) { nodes { restId } } } } } } } }`,
      {
        s: String(space),
      },
    );
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'COST_LIMIT_EXCEEDED', kind: 'complexity' });
    expect(recorder.calls).toEqual([]);
  });
});

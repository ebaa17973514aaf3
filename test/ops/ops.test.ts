// Metrics, request ids, logs and health of the real app over the real sandbox. A small recording
// proxy between the REST client and the sandbox shows the headers paygraph sends upstream.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';
import { logLevelFrom, Ops } from '../../src/server/ops';

const ACCOUNTS = 'query Accounts { accounts(first: 1) { nodes { id } } }';

let sandbox: RunningSandbox;
let proxy: Server;
let rest: RestClient;
let app: App;
let ops: Ops;
const upstreamIds: (string | undefined)[] = [];
const logLines: Record<string, unknown>[] = [];

/** Forwards to the sandbox, noting each request's x-request-id. */
function recordingProxy(target: URL): Promise<Server> {
  const server = createServer((req, res) => {
    upstreamIds.push(req.headers['x-request-id'] as string | undefined);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function proxyUrl(): string {
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/v2.0`;
}

async function graph(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return app.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
}

async function metricsText(): Promise<string> {
  const response = await app.fetch('http://paygraph.test/metrics');
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await recordingProxy(new URL(sandbox.baseUrl));
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  ops = new Ops({ logLevel: 'info', logDestination: logs, readyCacheMs: 0 });
  const [user] = sandbox.users;
  rest = createRestClient({
    baseUrl: proxyUrl(),
    userId: user.id,
    authKey: user.key,
    ...ops.restHooks,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
  });
  app = createApp({ rest, graphiql: false, ops });
});

afterAll(async () => {
  await rest?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await sandbox?.close();
});

describe('request ids', () => {
  it('keeps a sane incoming x-request-id, answers it and sends it on every REST call of the request', async () => {
    upstreamIds.length = 0;
    const response = await graph(ACCOUNTS, { 'x-request-id': 'req-0123456789' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-0123456789');
    expect(upstreamIds.length).toBeGreaterThan(0);
    expect(new Set(upstreamIds)).toEqual(new Set(['req-0123456789']));
  });

  it("sends it on a mutation's REST calls, which its log line counts", async () => {
    upstreamIds.length = 0;
    logLines.length = 0;
    const spaces = (await (
      await graph('{ spaces(first: 1) { nodes { restId } } }', { 'x-request-id': 'mutation-read-1' })
    ).json()) as { data: { spaces: { nodes: { restId: string }[] } } };
    const space = spaces.data.spaces.nodes[0].restId;
    upstreamIds.length = 0;
    const response = await graph(
      `mutation Create { createCustomer(input: { space: "${space}", givenName: "Ada", emailAddress: "ada@example.com" }) {
        ... on CreateCustomerPayload { customer { id givenName } } ... on MutationError { code message } } }`,
      { 'x-request-id': 'mutation-id-0001' },
    );
    const body = (await response.json()) as {
      data?: { createCustomer: { customer?: { givenName: string } } };
    };
    expect(body.data?.createCustomer.customer?.givenName).toBe('Ada');
    expect(upstreamIds.length).toBeGreaterThan(0);
    expect(new Set(upstreamIds)).toEqual(new Set(['mutation-id-0001']));
    const [line] = logLines.filter((l) => l.requestId === 'mutation-id-0001');
    expect(line).toMatchObject({ operation: 'Create', type: 'mutation', restCalls: upstreamIds.length });
  });

  it('replaces a missing or unsafe id with a generated one, different per request', async () => {
    upstreamIds.length = 0;
    const first = (await graph(ACCOUNTS, { 'x-request-id': 'bad id\twith "quotes"' })).headers.get(
      'x-request-id',
    );
    const second = (await graph(ACCOUNTS)).headers.get('x-request-id');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
    expect(new Set(upstreamIds)).toEqual(new Set([first, second]));
  });
});

describe('logs', () => {
  it('writes one line per operation with its name, outcome, duration and REST calls, and no secret', async () => {
    logLines.length = 0;
    await graph(ACCOUNTS, { 'x-request-id': 'log-line-check', authorization: 'Bearer sekret-token-value' });
    const lines = logLines.filter((l) => l.requestId === 'log-line-check');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'graphql operation',
      operation: 'Accounts',
      type: 'query',
      outcome: 'success',
    });
    expect(lines[0].restCalls).toBeGreaterThan(0);
    expect(typeof lines[0].durationMs).toBe('number');
    const all = JSON.stringify(logLines);
    expect(all).not.toContain('sekret-token-value');
    expect(all).not.toContain(sandbox.users[0].key);
  });

  it('redacts authorization headers, keys and tokens wherever a log line carries them', () => {
    logLines.length = 0;
    ops.logger.info(
      {
        headers: { authorization: 'Bearer abc.def.ghi' },
        user: { key: 'k-123', token: 't-456' },
        authKey: 'a-789',
      },
      'probe',
    );
    const text = JSON.stringify(logLines);
    for (const secret of ['abc.def.ghi', 'k-123', 't-456', 'a-789']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('refuses an unknown PAYGRAPH_LOG_LEVEL naming the valid ones', () => {
    expect(() => logLevelFrom('loud', 'info')).toThrow(
      'PAYGRAPH_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
    expect(logLevelFrom(undefined, 'info')).toBe('info');
    expect(logLevelFrom('DEBUG', 'info')).toBe('debug');
  });

  it('logs a refused document as rejected, with the error code and not the message', async () => {
    logLines.length = 0;
    await graph('query Broken { accounts(first: 1) { nodes { secretFieldXyz } } }', {
      'x-request-id': 'rejected-check',
    });
    const [line] = logLines.filter((l) => l.requestId === 'rejected-check');
    expect(line).toMatchObject({ operation: 'unknown', outcome: 'rejected' });
    expect(JSON.stringify(line)).not.toContain('secretFieldXyz');
  });
});

describe('metrics', () => {
  it('counts operations by name and outcome, their durations, and REST calls by operationId and status', async () => {
    await graph(ACCOUNTS);
    const text = await metricsText();
    expect(text).toMatch(
      /paygraph_graphql_operations_total\{operation="Accounts",type="query",outcome="success"\} [1-9]/,
    );
    expect(text).toMatch(
      /paygraph_graphql_operation_duration_seconds_count\{operation="Accounts",type="query"\} [1-9]/,
    );
    expect(text).toMatch(/paygraph_rest_calls_total\{operation_id="listAccounts",status="200"\} [1-9]/);
    expect(text).toMatch(/paygraph_rest_call_duration_seconds_count\{operation_id="listAccounts"\} [1-9]/);
  });

  it('counts retries and the final status of a retried REST call', async () => {
    await fetch(`${sandbox.origin}/__admin/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorCount: 1, errorStatus: 503, match: { operationId: 'listAccounts' } }),
    });
    try {
      await graph(ACCOUNTS);
    } finally {
      await fetch(`${sandbox.origin}/__admin/faults`, { method: 'DELETE' });
    }
    expect(await metricsText()).toMatch(/paygraph_rest_retries_total\{operation_id="listAccounts"\} [1-9]/);
  });

  it('records DataLoader batch sizes by loader kind and graph type', async () => {
    const space = String(sandbox.spaces[0]);
    const response = await graph(
      `query Children { space(id: "${space}") { transactions(first: 20) { nodes { restId completions(first: 10) { nodes { restId } } } } } }`,
    );
    expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
    const text = await metricsText();
    // The completions of the 20 transactions are one batch of 20 parents.
    expect(text).toMatch(
      /paygraph_dataloader_batch_size_bucket\{le="10",loader="children",type="TransactionCompletion"\} 0\n/,
    );
    expect(text).toMatch(
      /paygraph_dataloader_batch_size_bucket\{le="20",loader="children",type="TransactionCompletion"\} 1\n/,
    );
    expect(text).toMatch(
      /paygraph_dataloader_batch_size_sum\{loader="children",type="TransactionCompletion"\} 20\n/,
    );
  });

  it('keeps variables and filter values out of labels, and each app has its own registry', async () => {
    await app.fetch('http://paygraph.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($q: String) { accounts(first: 1, query: $q) { nodes { id } } }',
        variables: { q: 'name:"filter-value-x"' },
      }),
    });
    const text = await metricsText();
    expect(text).not.toContain('filter-value-x');
    expect(text).toContain('operation="anonymous"');
    const other = createApp({ rest, graphiql: false });
    expect(await (await other.fetch('http://paygraph.test/metrics')).text()).not.toContain(
      'operation="Accounts"',
    );
  });
});

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const response = await app.fetch('http://paygraph.test/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when the REST API accepts the key', async () => {
    const response = await app.fetch('http://paygraph.test/readyz');
    expect(await response.json()).toEqual({ status: 'ready' });
    expect(response.status).toBe(200);
  });

  it('answers /readyz 503 with a reason, without key or URL, when the key is refused', async () => {
    const [user] = sandbox.users;
    const wrongKey = Buffer.from('not-the-key-of-this-user-at-all!').toString('base64');
    const badRest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: wrongKey });
    try {
      const response = await createApp({ rest: badRest, graphiql: false }).fetch(
        'http://paygraph.test/readyz',
      );
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ status: 'unavailable', reason: 'the REST API refused the key' });
      expect(body).not.toContain(wrongKey);
      expect(body).not.toContain(sandbox.origin);
    } finally {
      await badRest.close();
    }
  });

  it('answers /readyz 503 when the REST API is unreachable', async () => {
    const [user] = sandbox.users;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const deadRest = createRestClient({
      baseUrl: `http://127.0.0.1:${port}`,
      userId: user.id,
      authKey: user.key,
      retry: { maxAttempts: 1 },
    });
    try {
      const response = await createApp({ rest: deadRest, graphiql: false }).fetch(
        'http://paygraph.test/readyz',
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', reason: 'the REST API is unreachable' });
    } finally {
      await deadRest.close();
    }
  });
});

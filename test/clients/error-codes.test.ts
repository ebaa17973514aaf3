// Every GraphQL error of every answer carries `extensions.code`, whatever refused the request and
// wherever: the parser, validation, variable coercion, yoga's request checks, the browser rules (CSRF,
// form posts), authentication, permissions, the rate limit at the door, the cost estimate, limits,
// resolvers. And a non-2xx answer is labelled application/graphql-response+json for a client that
// asks for it, so that Apollo Client reads its body (README "Client setup").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import { readCallers } from '../security/support';

let sandbox: RunningSandbox;
let rest: RestClient;
let open: App;
let limited: App;
let guarded: App;
let readerKey: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const [user] = sandbox.users;
  rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  open = createApp({ rest, security: securityConfigFromEnv({ PAYGRAPH_MAX_DEPTH: '8' }) });
  limited = createApp({
    rest,
    security: securityConfigFromEnv({ PAYGRAPH_RATE_LIMIT_PER_SECOND: '1', PAYGRAPH_RATE_LIMIT_BURST: '1' }),
  });
  const callers = readCallers('reader');
  readerKey = callers.keys.reader;
  guarded = createApp({ rest, authenticator: callers.authenticator, security: securityConfigFromEnv({}) });
});
afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

/** Stands for the reader's API key in a case (the key is made in beforeAll). */
const READER_KEY_PLACEHOLDER = '<reader key>';
const ACCEPT = 'application/graphql-response+json, application/json;q=0.9';
const URL = 'http://paygraph.test/graphql';
const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
  body,
});
const query = (q: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  post(JSON.stringify({ query: q, variables }), headers);
const get = (q: string, headers: Record<string, string> = {}): RequestInit & { url: string } => ({
  url: `${URL}?query=${encodeURIComponent(q)}`,
  method: 'GET',
  headers: { accept: ACCEPT, ...headers },
});

const deep = `{ spaces(first: 1) { nodes { transactions(first: 1) { nodes { token { customer { transactions(first: 1) { nodes { token { restId } } } } } } } } } }`;
const costly = `{ spaces(first: 1) { nodes { transactions(first: 100) { nodes { refunds(first: 100) { nodes { transaction { completions(first: 100) { nodes { restId } } } } } } } } } }`;

/** Requests each refused (or failing in part) somewhere along the way. */
const cases: [string, () => App, RequestInit & { url?: string }][] = [
  ['parse error', () => open, query('{ spaces ')],
  ['validation error', () => open, query('{ nope }')],
  [
    'variable of the wrong type',
    () => open,
    query('query($n: Int!) { spaces(first: $n) { nodes { id } } }', { n: 'x' }),
  ],
  ['variable missing', () => open, query('query($id: ID!) { node(id: $id) { id } }')],
  [
    'Decimal variable that is no decimal',
    () => open,
    query(
      'query($d: Decimal!) { spaces(first: 1) { nodes { transactions(first: 1, filter: { authorizationAmount: { gte: $d } }) { nodes { id } } } } }',
      {
        d: '1,5',
      },
    ),
  ],
  [
    'Long literal too long',
    () => open,
    query(`{ spaces(first: 1, filter: { id: { eq: "${'9'.repeat(50)}" } }) { nodes { id } } }`),
  ],
  ['no query', () => open, post('{}')],
  ['body not JSON', () => open, post('{"query": ')],
  ['batch while batching is off', () => open, post('[{"query":"{ __typename }"}]')],
  [
    'unknown operation name',
    () => open,
    post(JSON.stringify({ query: 'query A { __typename }', operationName: 'B' })),
  ],
  ['wrong method', () => open, { ...post('{"query":"{ __typename }"}'), method: 'PUT' }],
  [
    'mutation by GET',
    () => open,
    get('mutation { deleteCustomer(input: { id: "1", space: "1" }) { __typename } }'),
  ],
  [
    'form POST',
    () => open,
    { method: 'POST', headers: { accept: ACCEPT }, body: new URLSearchParams({ query: '{ __typename }' }) },
  ],
  [
    'text/plain POST',
    () => open,
    {
      method: 'POST',
      headers: { 'content-type': 'text/plain', accept: ACCEPT },
      body: '{"query":"{ __typename }"}',
    },
  ],
  [
    'forged cross-site GET with a cookie',
    () => open,
    get('{ __typename }', { 'sec-fetch-site': 'cross-site', cookie: 'session=1' }),
  ],
  ['too deep', () => open, query(deep)],
  ['over the cost limit', () => open, query(costly)],
  ['a global ID that is none', () => open, query('{ node(id: "abc") { id } }')],
  [
    'an embedded object id in node()',
    () => open,
    query(`{ node(id: "${Buffer.from('TransactionGroup:1:5').toString('base64url')}") { id } }`),
  ],
  ['no credentials', () => guarded, query('{ spaces(first: 1) { nodes { id } } }')],
  ['bad credentials', () => guarded, query('{ __typename }', {}, { 'x-api-key': 'nope' })],
  [
    'read-only caller writing',
    () => guarded,
    query(
      'mutation { deleteCustomer(input: { id: "1", space: "60" }) { __typename } }',
      {},
      { 'x-api-key': READER_KEY_PLACEHOLDER },
    ),
  ],
];

async function errorsOf(app: App, init: RequestInit & { url?: string }) {
  const response = await app.fetch(init.url ?? URL, init);
  const text = await response.text();
  const body = JSON.parse(text) as { errors?: { message: string; extensions?: { code?: unknown } }[] };
  return { status: response.status, type: response.headers.get('content-type'), errors: body.errors ?? [] };
}

describe('extensions.code on every error of every answer', () => {
  it.each(cases)('%s', async (_name, app, init) => {
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k,
        v === READER_KEY_PLACEHOLDER ? readerKey : v,
      ]),
    );
    const { status, type, errors } = await errorsOf(app(), { ...init, headers });
    expect(errors.length, `status ${status}`).toBeGreaterThan(0);
    for (const error of errors) expect(typeof error.extensions?.code, error.message).toBe('string');
    if (status >= 400) expect(type).toMatch(/^application\/graphql-response\+json/);
  });

  it('RATE_LIMITED at the door (429) too, readable as GraphQL', async () => {
    let answer = await errorsOf(limited, query('{ spaces(first: 1) { nodes { id } } }'));
    for (let i = 0; i < 5 && answer.status !== 429; i++)
      answer = await errorsOf(limited, query('{ spaces(first: 1) { nodes { id } } }'));
    expect(answer.status).toBe(429);
    expect(answer.type).toMatch(/^application\/graphql-response\+json/);
    expect(answer.errors[0].extensions?.code).toBe('RATE_LIMITED');
  });

  it('keeps application/json for a client that does not ask for GraphQL responses', async () => {
    const answer = await errorsOf(open, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', accept: 'application/json' },
      body: '{}',
    });
    expect([answer.status, answer.type]).toEqual([415, 'application/json; charset=utf-8']);
  });
});

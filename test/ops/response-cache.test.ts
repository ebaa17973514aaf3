// The response cache of a served paygraph (in process, over real HTTP, against a real sandbox whose
// own counters say how many REST calls arrived): hits make no REST call and report cost actual 0,
// answers are kept per caller and language, moving objects are read again, our mutations drop what
// they changed, @defer stays incremental, and hits and misses are counted in /metrics.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { Kind, parse } from 'graphql';
import { examples } from '../../src/server/graphiql-examples';
import { DEFAULT_CACHE_CONFIG, cacheConfigFromEnv, type CacheConfig } from '../../src/server/cache/config';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { generateApiKey, hashApiKey } from '../../src/server/auth/api-keys';
import { securityConfigFromEnv } from '../../src/server/config/security-config';

interface Body {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: Record<string, any>;
}

let sandbox: RunningSandbox;
let server: RunningGraphServer;
const alpha = generateApiKey();
const beta = generateApiKey();
const everything = generateApiKey();
/** /metrics outside `open` mode needs a token. */
const metricsToken = generateApiKey();

function serverWith(cache: CacheConfig): Promise<RunningGraphServer> {
  const dir = mkdtempSync(join(tmpdir(), 'paygraph-cache-'));
  const keysFile = join(dir, 'keys.json');
  const [first, second] = sandbox.spaces;
  const keys = [
    { name: 'alpha', hash: hashApiKey(alpha), spaces: [first], scopes: ['read', 'write'] },
    { name: 'beta', hash: hashApiKey(beta), spaces: [second], scopes: ['read', 'write'] },
    { name: 'everything', hash: hashApiKey(everything), spaces: '*', scopes: ['read'] },
  ];
  writeFileSync(keysFile, JSON.stringify({ keys }));
  const [user] = sandbox.users;
  return startGraphServer({
    restUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    port: 0,
    security: securityConfigFromEnv({
      PAYGRAPH_AUTH: 'api-keys',
      PAYGRAPH_API_KEYS_FILE: keysFile,
      PAYGRAPH_METRICS_TOKEN: metricsToken,
    }),
    cache,
    persistedOperations: { mode: 'off' },
  });
}

beforeAll(async () => {
  // A manual clock: nothing in the sandbox changes between two reads unless a test drives it.
  sandbox = await startSandbox({ clock: 'manual' });
  server = await serverWith(DEFAULT_CACHE_CONFIG);
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

async function post(
  url: string,
  query: string,
  o: { key?: string; variables?: object; operationName?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': o.key ?? alpha, ...o.headers },
    body: JSON.stringify({ query, variables: o.variables ?? {}, operationName: o.operationName }),
  });
  return (await response.json()) as Body;
}

/** REST calls the sandbox received since the last call (the counter is reset). */
async function restCalls(): Promise<number> {
  const admin = `${sandbox.origin}/__admin/requests`;
  const { total } = (await (await fetch(admin)).json()) as { total: number };
  await fetch(admin, { method: 'DELETE' });
  return total;
}

async function lookups(outcome: 'hit' | 'miss'): Promise<number> {
  const text = await (
    await fetch(new URL('/metrics', server.url), { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`paygraph_response_cache_lookups_total{outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('response cache', () => {
  it('answers reference data again without a REST call, reports cost actual 0 and counts the hit', async () => {
    const query =
      'query Currencies { currencies(filter: { currencyCode: { in: ["CHF", "EUR", "USD"] } }) { id currencyCode } }';
    const [hitsBefore, missesBefore] = [await lookups('hit'), await lookups('miss')];
    await restCalls();
    const first = await post(server.url, query);
    expect(first.errors).toBeUndefined();
    expect(await restCalls()).toBeGreaterThan(0);
    expect(first.extensions?.cost.actual).toBeGreaterThan(0);
    const second = await post(server.url, query);
    expect(await restCalls()).toBe(0);
    expect(second.data).toEqual(first.data);
    expect(second.extensions?.cost).toMatchObject({ actual: 0, estimated: first.extensions?.cost.estimated });
    expect(await lookups('hit')).toBe(hitsBefore + 1);
    expect(await lookups('miss')).toBe(missesBefore + 1);
  });

  it("never serves one caller's answer to another: the same document answers each its own spaces", async () => {
    const query = 'query Mine { spaces(first: 10) { nodes { restId } } }';
    const [first, second] = sandbox.spaces;
    const ofAlpha = await post(server.url, query, { key: alpha });
    await restCalls();
    expect((await post(server.url, query, { key: alpha })).data).toEqual(ofAlpha.data);
    expect(await restCalls()).toBe(0);
    const ofBeta = await post(server.url, query, { key: beta });
    expect(ofAlpha.data?.spaces.nodes).toEqual([{ restId: String(first) }]);
    expect(ofBeta.data?.spaces.nodes).toEqual([{ restId: String(second) }]);
  });

  it('keeps answers per language', async () => {
    const query = 'query Connectors { paymentConnectors(first: 3) { nodes { name { value } } } }';
    const german = await post(server.url, query, { headers: { 'accept-language': 'de-CH' } });
    await restCalls();
    await post(server.url, query, { headers: { 'accept-language': 'en' } });
    expect(await restCalls()).toBeGreaterThan(0);
    expect((await post(server.url, query, { headers: { 'accept-language': 'de-CH' } })).data).toEqual(
      german.data,
    );
    expect(await restCalls()).toBe(0);
  });

  it('never caches the answers of callers without credentials (by-credentials fields)', async () => {
    const pending = `query ($s: ID!) { space(id: $s) { transactions(first: 1, filter: { state: { eq: PENDING } }) { nodes { credentials } } } }`;
    const found = await post(server.url, pending, {
      key: everything,
      variables: { s: String(sandbox.spaces[0]) },
    });
    const { credentials } = found.data?.space.transactions.nodes[0] as { credentials: string };
    const query = 'query ($c: String!) { transactionByCredentials(credentials: $c) { mobileSdkUrl } }';
    const anonymous = async () => {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables: { c: credentials } }),
      });
      return (await response.json()) as Body;
    };
    const first = await anonymous();
    expect(first.errors).toBeUndefined();
    await restCalls();
    expect((await anonymous()).data).toEqual(first.data);
    expect(await restCalls()).toBeGreaterThan(0);
  });

  it('reads moving objects (transactions) again every time', async () => {
    const query = `query Moving($space: ID!) { space(id: $space) { transactions(first: 2) { nodes { id state } } } }`;
    const variables = { space: String(sandbox.spaces[0]) };
    await post(server.url, query, { variables });
    await restCalls();
    const again = await post(server.url, query, { variables });
    expect(again.data?.space.transactions.nodes).toHaveLength(2);
    expect(await restCalls()).toBeGreaterThan(0);
  });

  it('drops the answers a mutation changed, and the cached lists of its type', async () => {
    const space = String(sandbox.spaces[0]);
    const list = `query List($space: ID!) { space(id: $space) { customers(first: 3, orderBy: [{ field: ID, direction: ASC }]) { nodes { id givenName version } } } }`;
    const one = `query One($id: ID!) { node(id: $id) { ... on Customer { givenName } } }`;
    const listed = await post(server.url, list, { variables: { space } });
    const customer = listed.data?.space.customers.nodes[0] as { id: string; version: number };
    await post(server.url, one, { variables: { id: customer.id } });
    await restCalls();
    expect((await post(server.url, one, { variables: { id: customer.id } })).data).toEqual({
      node: { givenName: expect.any(String) },
    });
    expect(await restCalls()).toBe(0);

    const update = `mutation ($input: UpdateCustomerInput!) { updateCustomer(input: $input) { ... on UpdateCustomerPayload { customer { id givenName } } ... on MutationError { code message } } }`;
    const updated = await post(server.url, update, {
      variables: { input: { id: customer.id, version: customer.version, givenName: 'Cached Renamed' } },
    });
    expect(updated.data?.updateCustomer).toEqual({
      customer: { id: customer.id, givenName: 'Cached Renamed' },
    });
    await restCalls();
    expect((await post(server.url, one, { variables: { id: customer.id } })).data).toEqual({
      node: { givenName: 'Cached Renamed' },
    });
    expect(
      (await post(server.url, list, { variables: { space } })).data?.space.customers.nodes[0].givenName,
    ).toBe('Cached Renamed');
    expect(await restCalls()).toBeGreaterThan(0);

    const count = `query Count($space: ID!) { space(id: $space) { customers(first: 100, filter: { givenName: { eq: "Cached Created" } }) { nodes { id } } } }`;
    expect((await post(server.url, count, { variables: { space } })).data?.space.customers.nodes).toEqual([]);
    const create = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { ... on CreateCustomerPayload { customer { id } } } }`;
    await post(server.url, create, { variables: { input: { space, givenName: 'Cached Created' } } });
    expect(
      (await post(server.url, count, { variables: { space } })).data?.space.customers.nodes,
    ).toHaveLength(1);
  });

  it('drops the answers holding an object a delete removed (named by deletedId)', async () => {
    const space = String(sandbox.spaces[0]);
    const create = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { ... on CreateCustomerPayload { customer { id } } } }`;
    const created = await post(server.url, create, {
      variables: { input: { space, givenName: 'Cached Deleted' } },
    });
    const id = created.data?.createCustomer.customer.id as string;
    const one = `query One($id: ID!) { node(id: $id) { ... on Customer { givenName } } }`;
    expect((await post(server.url, one, { variables: { id } })).data).toEqual({
      node: { givenName: 'Cached Deleted' },
    });
    await restCalls();
    await post(server.url, one, { variables: { id } });
    expect(await restCalls()).toBe(0);
    const remove = `mutation ($input: DeleteCustomerInput!) { deleteCustomer(input: $input) { ... on DeleteCustomerPayload { deletedId } } }`;
    expect((await post(server.url, remove, { variables: { input: { id } } })).data?.deleteCustomer).toEqual({
      deletedId: id,
    });
    expect((await post(server.url, one, { variables: { id } })).data).toEqual({ node: null });
  });

  it('leaves @defer answers incremental and uncached', async () => {
    const query =
      'query Deferred { currencies(filter: { currencyCode: { in: ["CHF", "EUR"] } }) { id ... @defer { currencyCode } } }';
    for (let i = 0; i < 2; i++) {
      await restCalls();
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'multipart/mixed', 'x-api-key': alpha },
        body: JSON.stringify({ query }),
      });
      expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
      expect(await response.text()).toContain('"incremental"');
      expect(await restCalls()).toBeGreaterThan(0);
    }
  });
});

describe('response cache and the read path', () => {
  it('costs a miss the same REST calls and answers the same data as no cache, for every shipped query', async () => {
    const off = await serverWith(cacheConfigFromEnv({ PAYGRAPH_CACHE: 'off' }));
    const on = await serverWith(cacheConfigFromEnv({ PAYGRAPH_CACHE_MOVING_TTL_MS: '60000' }));
    try {
      const queries = examples.filter(
        (e) => !/^\s*(mutation|subscription)\b/m.test(e.query) && !e.query.includes('@defer'),
      );
      expect(queries.length).toBeGreaterThan(3);
      for (const example of queries) {
        const document = parse(example.query);
        for (const operation of document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)) {
          const body = { operationName: operation.name?.value, variables: example.variables ?? {} };
          const send = (url: string) => post(url, example.query, { ...body, key: everything });
          await restCalls();
          const plain = await send(off.url);
          const plainCalls = await restCalls();
          const cached = await send(on.url);
          expect({ name: body.operationName, calls: await restCalls() }).toEqual({
            name: body.operationName,
            calls: plainCalls,
          });
          expect(cached.data).toEqual(plain.data);
          expect(cached.errors).toEqual(plain.errors);
        }
      }
    } finally {
      await off.close();
      await on.close();
    }
  });
});

describe('response cache configuration', () => {
  it('applies per-type TTLs (Transaction cached when told so) and is off with PAYGRAPH_CACHE=off', async () => {
    const query = `query Moving($space: ID!) { space(id: $space) { transactions(first: 2) { nodes { id state } } } }`;
    const variables = { space: String(sandbox.spaces[0]) };
    const cachedTransactions = await serverWith(
      cacheConfigFromEnv({ PAYGRAPH_CACHE_TTL_PER_TYPE: 'Transaction=60000' }),
    );
    const off = await serverWith(cacheConfigFromEnv({ PAYGRAPH_CACHE: 'off' }));
    try {
      await post(cachedTransactions.url, query, { variables });
      await restCalls();
      await post(cachedTransactions.url, query, { variables });
      expect(await restCalls()).toBe(0);
      const reference = 'query Currencies { currencies(filter: { currencyCode: { in: ["CHF"] } }) { id } }';
      await post(off.url, reference);
      await restCalls();
      await post(off.url, reference);
      expect(await restCalls()).toBeGreaterThan(0);
    } finally {
      await cachedTransactions.close();
      await off.close();
    }
  });

  it('refuses bad settings with the variable and the value in the message', async () => {
    expect(() => cacheConfigFromEnv({ PAYGRAPH_CACHE_TTL_PER_TYPE: 'Transaction=soon' })).toThrow(
      /PAYGRAPH_CACHE_TTL_PER_TYPE has "Transaction=soon", which is not Type=milliseconds/,
    );
    expect(() => cacheConfigFromEnv({ PAYGRAPH_CACHE: 'maybe' })).toThrow(
      /PAYGRAPH_CACHE must be on or off, got "maybe"/,
    );
    await expect(serverWith({ ...DEFAULT_CACHE_CONFIG, ttlPerType: { Transactionz: 1 } })).rejects.toThrow(
      /PAYGRAPH_CACHE_TTL_PER_TYPE names "Transactionz", which is not an object type of the schema/,
    );
  });
});

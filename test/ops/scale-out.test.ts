// Scale-out: two real paygraph processes (`paygraph serve`) over one sandbox process, sharing one real
// redis-server. A cached answer of one is served by the other (the sandbox counts no REST call), a
// query persisted on one runs on the other by its hash, an idempotency key used on one is honoured by
// the other, and when one is killed (SIGKILL) in the middle of many mutations, no mutation it
// answered is lost, retries on the survivor with the same keys charge nothing twice, and the
// survivor keeps answering.
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, stopChild as stop } from '../support/cli-process';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

interface SandboxReady {
  baseUrl: string;
  users: { id: string; key: string }[];
  spaces: number[];
}

interface Body {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

const children: ChildProcess[] = [];

/** Runs `paygraph <args>` (warnings and errors logged) and resolves with its JSON ready line. */
async function paygraph<T>(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: T }> {
  return startCli<T>(args, { PAYGRAPH_LOG_LEVEL: 'warn', ...env }, children);
}

async function post(url: string, body: object, headers: Record<string, string> = {}): Promise<Body> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Body;
}

describe.skipIf(!hasRedisServer)('two paygraph processes sharing one Redis', () => {
  let redis: RunningRedis;
  let sandbox: SandboxReady;
  let admin: string;
  let a: { child: ChildProcess; url: string };
  let b: { child: ChildProcess; url: string };

  const restCalls = async (): Promise<Record<string, number>> => {
    const { byOperation } = (await (await fetch(`${admin}/requests`)).json()) as {
      byOperation: Record<string, number>;
    };
    return byOperation;
  };
  const resetCalls = () => fetch(`${admin}/requests`, { method: 'DELETE' });
  const total = (calls: Record<string, number>) => Object.values(calls).reduce((sum, n) => sum + n, 0);

  beforeAll(async () => {
    let started: { ready: SandboxReady };
    [redis, started] = await Promise.all([startRedis(), paygraph<SandboxReady>(['sandbox', '--port', '0'])]);
    sandbox = started.ready;
    admin = `${new URL(sandbox.baseUrl).origin}/__admin`;
    const [user] = sandbox.users;
    const serve = async () => {
      const { child, ready } = await paygraph<{ graphql: string }>(
        ['serve', '--rest-url', sandbox.baseUrl, '--user-id', user.id, '--port', '0'],
        {
          PAYGRAPH_AUTH_KEY: user.key,
          REDIS_URL: redis.url,
          // A retry of a key whose instance died holding it is answered once this deadline and the send
          // grace have passed (see the kill test; the sandbox's latency there is 300 ms).
          PAYGRAPH_REQUEST_TIMEOUT_MS: '5000',
          PAYGRAPH_SEND_GRACE_MS: '2000',
        },
      );
      return { child, url: ready.graphql };
    };
    // Together: the sandbox's start above built the CLI bundle if it was missing.
    [a, b] = await Promise.all([serve(), serve()]);
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => stop(child)));
    await redis?.stop();
  });

  it('serves on one instance the answer the other cached: no REST call', async () => {
    const query =
      'query Currencies { currencies(filter: { currencyCode: { in: ["CHF", "EUR"] } }) { id currencyCode } }';
    await resetCalls();
    const fromA = await post(a.url, { query });
    expect(fromA.errors).toBeUndefined();
    expect(total(await restCalls())).toBeGreaterThan(0);
    await resetCalls();
    const fromB = await post(b.url, { query });
    expect(fromB.data).toEqual(fromA.data);
    expect(total(await restCalls())).toBe(0);
  });

  it('drops on every instance the cached answers a mutation on one of them changed; every cache key in Redis expires', async () => {
    const space = String(sandbox.spaces[0]);
    const list = `query ($space: ID!) { space(id: $space) { customers(first: 1) { nodes { id version } } } }`;
    const customer = (
      (await post(a.url, { query: list, variables: { space } })).data?.space.customers.nodes as {
        id: string;
        version: number;
      }[]
    )[0];
    const one = `query One($id: ID!) { node(id: $id) { ... on Customer { givenName } } }`;
    await post(a.url, { query: one, variables: { id: customer.id } });
    await resetCalls();
    await post(a.url, { query: one, variables: { id: customer.id } });
    expect(total(await restCalls())).toBe(0);
    const update = `mutation ($input: UpdateCustomerInput!) { updateCustomer(input: $input) { ... on UpdateCustomerPayload { customer { id givenName } } } }`;
    const input = { id: customer.id, version: customer.version, givenName: 'Renamed on B' };
    expect(
      (await post(b.url, { query: update, variables: { input } })).data?.updateCustomer.customer.givenName,
    ).toBe('Renamed on B');
    expect((await post(a.url, { query: one, variables: { id: customer.id } })).data).toEqual({
      node: { givenName: 'Renamed on B' },
    });

    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('paygraph:*');
      expect(keys.some((k) => /^paygraph:cache:[0-9a-f]{16}:answer:/.test(k))).toBe(true);
      expect(keys.some((k) => /^paygraph:cache:[0-9a-f]{16}:index:Customer:/.test(k))).toBe(true);
      const ttls = await Promise.all(
        keys
          .filter((k) => k.startsWith('paygraph:cache:') || k.startsWith('paygraph:apq:'))
          .map((k) => client.pttl(k)),
      );
      expect(ttls.every((ms) => ms > 0)).toBe(true);
    } finally {
      await client.quit();
    }
  });

  it('runs on one instance, by its hash, the query registered on the other', async () => {
    const query = 'query Shared { spaces(first: 2) { nodes { restId } } }';
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
    const before = await post(b.url, { extensions: { persistedQuery } });
    expect(before.errors?.[0].extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post(a.url, { query, extensions: { persistedQuery } });
    expect(registered.errors).toBeUndefined();
    expect(await post(b.url, { extensions: { persistedQuery } })).toMatchObject({ data: registered.data });
  });

  it('honours on one instance the idempotency key used on the other', async () => {
    const query = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { ... on CreateCustomerPayload { customer { id } } } }`;
    const variables = { input: { space: String(sandbox.spaces[0]), customerId: 'scale-shared-key' } };
    await resetCalls();
    const onA = await post(a.url, { query, variables }, { 'idempotency-key': 'scale-shared' });
    const onB = await post(b.url, { query, variables }, { 'idempotency-key': 'scale-shared' });
    expect(onA.data?.createCustomer.customer.id).toEqual(expect.any(String));
    expect(onB.data).toEqual(onA.data);
    expect((await restCalls()).createCustomer).toBe(1);
  });

  it('loses no answered mutation when one instance is killed mid-load, and the other keeps answering', async () => {
    const space = String(sandbox.spaces[0]);
    const create = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename ... on CreateCustomerPayload { customer { id customerId } } ... on IdempotencyKeyBusyError { retryAfterSeconds } } }`;
    type Payload = {
      __typename: string;
      customer?: { id: string; customerId: string };
      retryAfterSeconds?: number;
    };
    const jobs = Array.from({ length: 40 }, (_, i) => ({
      url: i % 4 === 3 ? b.url : a.url,
      key: `scale-kill-${i}`,
      variables: { input: { space, customerId: `scale-kill-${i}` } },
    }));
    let answeredByA = 0;
    const send = (url: string, job: (typeof jobs)[number]) =>
      post(url, { query: create, variables: job.variables }, { 'idempotency-key': job.key }).then(
        (body) => {
          if (url === a.url) answeredByA++;
          return { body, payload: body.data?.createCustomer as Payload | undefined };
        },
        // The connection died with the process.
        (error: Error) => ({
          body: { errors: [{ message: error.message, extensions: { code: 'NO_ANSWER' } }] },
          payload: undefined,
        }),
      );
    // Each create waits at the sandbox, so that the kill falls while many are in flight.
    await fetch(`${admin}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 300, match: { operationId: 'createCustomer' } }),
    });
    const answers = Promise.all(jobs.map((job) => send(job.url, job)));
    // The kill falls once instance A has answered some mutations, while its later ones wait at the sandbox.
    while (answeredByA < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await stop(a.child, 'SIGKILL');
    const first = await answers;
    await fetch(`${admin}/faults`, { method: 'DELETE' });

    // Every mutation sent to the survivor was answered with its customer.
    jobs.forEach((job, i) => {
      if (job.url === b.url)
        expect(first[i].payload, JSON.stringify(first[i].body)).toMatchObject({
          __typename: 'CreateCustomerPayload',
        });
    });
    // Every mutation is sent again to the survivor with its key, as a client does: what A answered is
    // replayed; what it never answered runs now, or replays what A finished; where A died holding the
    // key's claim (the mutation may have reached REST), the survivor looks for the key's marker in
    // REST: found, it is the answer; not found, the key is busy (typed, with a delay) until A's send
    // could no longer land, and then runs. Nothing is sent twice, and every key ends with its customer.
    const resend = async (job: (typeof jobs)[number]) => {
      for (;;) {
        const answer = await send(b.url, job);
        if (answer.payload?.__typename !== 'IdempotencyKeyBusyError') return answer;
        await new Promise((resolve) => setTimeout(resolve, (answer.payload?.retryAfterSeconds ?? 1) * 1000));
      }
    };
    const retried = await Promise.all(jobs.map(resend));
    jobs.forEach((_job, i) => {
      const answered = first[i].payload?.customer;
      const again = retried[i];
      expect(again.payload?.__typename, JSON.stringify(again.body)).toBe('CreateCustomerPayload');
      if (answered) expect(again.payload?.customer).toEqual(answered);
    });

    const listed = await post(b.url, {
      query: `query ($space: ID!, $ids: [String!]) { space(id: $space) { customers(first: 100, filter: { customerId: { in: $ids } }) { nodes { id customerId } } } }`,
      variables: { space, ids: jobs.map((job) => job.variables.input.customerId) },
    });
    const nodes = listed.data?.space.customers.nodes as { id: string; customerId: string }[];
    // No key charged twice, none lost: each customerId exactly once in the sandbox.
    expect(new Set(nodes.map((n) => n.customerId)).size).toBe(nodes.length);
    expect(nodes).toHaveLength(jobs.length);
    // Every answered mutation exists.
    const ids = new Set(nodes.map((n) => n.id));
    for (const answer of [...first, ...retried])
      if (answer.payload?.customer) expect(ids.has(answer.payload.customer.id)).toBe(true);
    expect(first.filter((answer) => answer.payload?.customer).length).toBeGreaterThan(jobs.length / 4);
    // The survivor keeps answering reads too.
    expect(
      (await post(b.url, { query: '{ spaces(first: 1) { nodes { restId } } }' })).data?.spaces.nodes,
    ).toHaveLength(1);
  }, 120_000);

  it('keeps answering when Redis is gone: the cache misses, persisted queries are sent again', async () => {
    await redis.stop();
    const query =
      'query AfterRedis { currencies(filter: { currencyCode: { in: ["USD"] } }) { currencyCode } }';
    const answer = await post(b.url, { query });
    expect(answer.data).toEqual({ currencies: [{ currencyCode: 'USD' }] });
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
    expect((await post(b.url, { extensions: { persistedQuery } })).errors?.[0].extensions?.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
    expect((await post(b.url, { query, extensions: { persistedQuery } })).data).toEqual(answer.data);
    const metrics = await (await fetch(new URL('/metrics', b.url))).text();
    expect(metrics).toMatch(/paygraph_response_cache_lookups_total\{outcome="error"\} [1-9]/);
  }, 60_000);
});

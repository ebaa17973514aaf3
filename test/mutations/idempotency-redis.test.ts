// Idempotency keys in a real redis-server: the store's rules, and two paygraph instances sharing one
// Redis: a key used on one is honoured by the other (one REST call, the same answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisIdempotencyStore, type IdempotencyStore } from '../../src/resolvers';
import { fingerprintOf } from '../../src/resolvers/writes/idempotency';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

describe.skipIf(!hasRedisServer)('idempotency keys in Redis', () => {
  let redis: RunningRedis;
  let store: IdempotencyStore;

  beforeAll(async () => {
    redis = await startRedis();
    store = createRedisIdempotencyStore({ url: redis.url, prefix: 'test:' });
  });
  afterAll(async () => {
    await store?.close();
    await redis?.stop();
  });

  it('runs a first claim, replays a settled one (bigint intact), refuses another input', async () => {
    const first = await store.claim('caller', 'k1', fingerprintOf('m', { a: 1 }));
    expect(first.kind).toBe('run');
    if (first.kind === 'run') await first.settle({ kind: 'done', value: { id: 2n ** 60n, state: 'OK' } });
    expect(await store.claim('caller', 'k1', fingerprintOf('m', { a: 1 }))).toEqual({
      kind: 'replay',
      outcome: { kind: 'done', value: { id: 2n ** 60n, state: 'OK' } },
    });
    expect(await store.claim('caller', 'k1', fingerprintOf('m', { a: 2 }))).toEqual({ kind: 'reused' });
    expect((await store.claim('other caller', 'k1', fingerprintOf('m', { a: 2 }))).kind).toBe('run');
  });

  it('makes a concurrent claim wait for the first, and lets a claim run again after an abandon', async () => {
    const fp = fingerprintOf('m', {});
    const first = await store.claim('caller', 'k2', fp);
    const waiting = store.claim('caller', 'k2', fp);
    if (first.kind !== 'run') throw new Error('expected to run');
    await first.settle({ kind: 'unknown', reason: 'timeout' });
    expect(await waiting).toEqual({ kind: 'replay', outcome: { kind: 'unknown', reason: 'timeout' } });
    const third = await store.claim('caller', 'k3', fp);
    if (third.kind !== 'run') throw new Error('expected to run');
    await third.abandon();
    expect((await store.claim('caller', 'k3', fp)).kind).toBe('run');
  });

  it('answers pending when the first claim is still running after the wait', async () => {
    const fp = fingerprintOf('m', {});
    await store.claim('caller', 'k4', fp);
    expect(await store.claim('caller', 'k4', fp, { waitMs: 100 })).toEqual({ kind: 'pending' });
  });

  it('settles a claim as unknown once its instance stopped renewing the lease, and never runs it again', async () => {
    const fp = fingerprintOf('m', { charge: 1 });
    const dying = createRedisIdempotencyStore({ url: redis.url, prefix: 'test:' });
    expect((await dying.claim('caller', 'k5', fp)).kind).toBe('run');
    // The claimant goes away without settling (as a killed process would): its lease runs out.
    await dying.close();
    const unknown = { kind: 'replay', outcome: { kind: 'unknown', reason: expect.stringContaining('stopped') } };
    expect(await store.claim('caller', 'k5', fp, { waitMs: 10_000 })).toEqual(unknown);
    expect(await store.claim('caller', 'k5', fp, { waitMs: 10_000 })).toEqual(unknown);
  });
});

describe.skipIf(!hasRedisServer)('two instances sharing one Redis', () => {
  let redis: RunningRedis;
  let sandbox: RunningSandbox;
  let a: RunningGraphServer;
  let b: RunningGraphServer;

  beforeAll(async () => {
    redis = await startRedis();
    sandbox = await startSandbox();
    const [user] = sandbox.users;
    const options = { restUrl: sandbox.baseUrl, userId: user.id, authKey: user.key, port: 0, redisUrl: redis.url };
    a = await startGraphServer(options);
    b = await startGraphServer(options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sandbox?.close();
    await redis?.stop();
  });

  async function post(url: string, query: string, variables: Record<string, unknown>, key: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ query, variables }),
    });
    return ((await response.json()) as { data: Record<string, any> }).data;
  }

  it('honours on one instance an idempotency key used on the other: one REST call, the same answer', async () => {
    const admin = `${sandbox.origin}/__admin/requests`;
    await fetch(admin, { method: 'DELETE' });
    const query = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename ... on CreateCustomerPayload { customer { id givenName } } } }`;
    const variables = { input: { space: String(sandbox.spaces[0]), givenName: 'Shared' } };
    const [onA, onB] = await Promise.all([post(a.url, query, variables, 'shared-1'), post(b.url, query, variables, 'shared-1')]);
    const again = await post(b.url, query, variables, 'shared-1');
    expect(onA.createCustomer.__typename).toBe('CreateCustomerPayload');
    expect(onB).toEqual(onA);
    expect(again).toEqual(onA);
    const counts = ((await (await fetch(admin)).json()) as { byOperation: Record<string, number> }).byOperation;
    expect(counts).toEqual({ createCustomer: 1 });
  });
});

// Idempotency keys in a real redis-server: the store's rules (claims, doubt, a store that lost data
// or cannot be reached), and two paygraph instances sharing one Redis: a key used on one is honoured
// by the other (one REST call, the same answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createSharedRedis, type SharedRedis } from '../../src/redis';
import { createRedisIdempotencyStore, type RedisIdempotencyStore } from '../../src/resolvers';
import { fingerprintOf } from '../../src/resolvers/writes/idempotency';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

describe.skipIf(!hasRedisServer)('idempotency keys in Redis', () => {
  let redis: RunningRedis;
  let shared: SharedRedis;
  let store: RedisIdempotencyStore;
  const others: { store: RedisIdempotencyStore; shared: SharedRedis }[] = [];

  /** Another instance's store over the same Redis. */
  function instance(): RedisIdempotencyStore {
    const own = createSharedRedis({ url: redis.url });
    const other = createRedisIdempotencyStore({ redis: own, prefix: 'test:' });
    others.push({ store: other, shared: own });
    return other;
  }

  beforeAll(async () => {
    redis = await startRedis({ persistence: 'always' });
    shared = createSharedRedis({ url: redis.url });
    store = createRedisIdempotencyStore({ redis: shared, prefix: 'test:' });
    await shared.whenUp(5_000);
  });
  afterAll(async () => {
    for (const o of others) {
      await o.store.close();
      await o.shared.close();
    }
    await store?.close();
    await shared?.close();
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

  it('makes a concurrent claim wait for the first; an unknown outcome hands the key over in doubt; an abandon frees it', async () => {
    const fp = fingerprintOf('m', {});
    const first = await store.claim('caller', 'k2', fp);
    const waiting = store.claim('caller', 'k2', fp);
    if (first.kind !== 'run') throw new Error('expected to run');
    const unknown = {
      kind: 'unknown',
      reason: 'unknown',
      notBefore: 42,
      answer: { kind: 'UpstreamError', status: 503 },
    } as const;
    await first.settle(unknown);
    const doubting = await waiting;
    expect(doubting).toMatchObject({ kind: 'run', doubt: unknown });
    // Abandoned (nothing sent), the key goes back to its doubt.
    if (doubting.kind === 'run') await doubting.abandon();
    expect(await store.claim('caller', 'k2', fp)).toMatchObject({ kind: 'run', doubt: unknown });
    const third = await store.claim('caller', 'k3', fp);
    if (third.kind !== 'run') throw new Error('expected to run');
    await third.abandon();
    const fourth = await store.claim('caller', 'k3', fp);
    expect(fourth.kind).toBe('run');
    expect('doubt' in fourth).toBe(false);
  });

  it('answers pending when the first claim is still running after the wait', async () => {
    const fp = fingerprintOf('m', {});
    await store.claim('caller', 'k4', fp);
    expect(await store.claim('caller', 'k4', fp, { waitMs: 100 })).toEqual({ kind: 'pending' });
  });

  it('hands a claim whose instance stopped renewing its lease over in doubt, not before its send could still land', async () => {
    const fp = fingerprintOf('m', { charge: 1 });
    const dying = instance();
    const sendBy = Date.now() + 60_000;
    expect((await dying.claim('caller', 'k5', fp, { sendBy })).kind).toBe('run');
    // The claimant goes away without settling (as a killed process would): its lease runs out.
    await dying.close();
    const taken = await store.claim('caller', 'k5', fp, { waitMs: 10_000 });
    expect(taken).toMatchObject({
      kind: 'run',
      doubt: { kind: 'unknown', reason: 'orphaned', notBefore: sendBy },
    });
  });

  it('finds a flushed store at the next claim: for the key lifetime, keys it does not know are in doubt', async () => {
    const fp = fingerprintOf('m', { flush: 1 });
    const first = await store.claim('caller', 'k6', fp);
    if (first.kind === 'run') await first.settle({ kind: 'done', value: 'written' });
    const other = instance();
    // The other instance learns the store's marker before the loss (every claim and heartbeat does).
    expect((await other.claim('caller', 'k6', fp)).kind).toBe('replay');
    await redis.flushAll();
    const lost = await other.claim('caller', 'k6', fp);
    expect(lost).toMatchObject({ kind: 'run', doubt: { kind: 'unknown', reason: 'lost' } });
    expect(other.known.lostAt).toBeGreaterThan(0);
    // A key never used is in doubt as well: the store cannot tell it from a lost one.
    expect(await store.claim('caller', 'k7', fp)).toMatchObject({ kind: 'run', doubt: { reason: 'lost' } });
  });

  it("keeps keys in doubt after a loss until the lost claims' sends can no longer land: deadline + send grace", async () => {
    const own = createSharedRedis({ url: redis.url });
    const graced = createRedisIdempotencyStore({
      redis: own,
      prefix: 'grace:',
      requestTimeoutMs: 1_000,
      sendGraceMs: 500,
    });
    others.push({ store: graced, shared: own });
    const fp = fingerprintOf('m', { grace: 1 });
    const first = await graced.claim('caller', 'g1', fp);
    if (first.kind === 'run') await first.settle({ kind: 'done', value: 'written' });
    await redis.flushAll();
    const lost = await graced.claim('caller', 'g2', fp);
    expect(lost).toMatchObject({ kind: 'run', doubt: { kind: 'unknown', reason: 'lost' } });
    const { lostAt } = graced.known;
    const notBefore = lost.kind === 'run' ? lost.doubt?.notBefore : undefined;
    // The loss window is the instances' deadline and the grace after it (1.5 s here), not the default 25 s.
    expect(notBefore).toBe(lostAt + 1_500);
  });

  it('finds a store gone back in time (a failover to a replica that missed writes) by its write count', async () => {
    const fp = fingerprintOf('m', { rollback: 1 });
    const other = instance();
    const claim = await other.claim('caller', 'k8', fp);
    if (claim.kind === 'run') await claim.settle({ kind: 'done', value: 'written' });
    // What a replica that missed the last writes holds: the same marker with a lower count, no key.
    const admin = new Redis(redis.url);
    try {
      const seq = Number(await admin.hget('test:store', 'seq'));
      await admin.hset('test:store', 'seq', String(seq - 2), 'lostAt', '0');
      await admin.del('test:["caller","k8"]');
    } finally {
      admin.disconnect();
    }
    expect(await other.claim('caller', 'k8', fp)).toMatchObject({ kind: 'run', doubt: { reason: 'lost' } });
  });

  it('answers unavailable at once while Redis is down, keeps a settle it could not write and writes it when Redis is back', async () => {
    const fp = fingerprintOf('m', { outage: 1 });
    const claim = await store.claim('caller', 'k9', fp);
    if (claim.kind !== 'run') throw new Error('expected to run');
    await redis.kill();
    await claim.settle({ kind: 'done', value: 'answered while Redis was down' });
    expect(store.waiting).toBe(1);
    // This instance still answers what it holds; another one cannot know and says so.
    expect(await store.claim('caller', 'k9', fp)).toEqual({
      kind: 'replay',
      outcome: { kind: 'done', value: 'answered while Redis was down' },
    });
    expect(await store.claim('caller', 'k10', fp)).toEqual({ kind: 'unavailable' });
    await redis.restart();
    await shared.whenUp(5_000);
    await store.check();
    expect(store.waiting).toBe(0);
    expect(await instance().claim('caller', 'k9', fp)).toEqual({
      kind: 'replay',
      outcome: { kind: 'done', value: 'answered while Redis was down' },
    });
  });
});

describe.skipIf(!hasRedisServer)('two instances sharing one Redis', () => {
  let redis: RunningRedis;
  let sandbox: RunningSandbox;
  let a: RunningGraphServer;
  let b: RunningGraphServer;

  beforeAll(async () => {
    redis = await startRedis();
    sandbox = await startSandbox({ seedSize: 'small' });
    const [user] = sandbox.users;
    const options = {
      restUrl: sandbox.baseUrl,
      userId: user.id,
      authKey: user.key,
      port: 0,
      redisUrl: redis.url,
    };
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
    const [onA, onB] = await Promise.all([
      post(a.url, query, variables, 'shared-1'),
      post(b.url, query, variables, 'shared-1'),
    ]);
    const again = await post(b.url, query, variables, 'shared-1');
    expect(onA.createCustomer.__typename).toBe('CreateCustomerPayload');
    expect(onB).toEqual(onA);
    expect(again).toEqual(onA);
    const counts = ((await (await fetch(admin)).json()) as { byOperation: Record<string, number> })
      .byOperation;
    expect(counts).toEqual({ createCustomer: 1 });
  });
});

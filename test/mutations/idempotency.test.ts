// The idempotency store of mutations: one run per (scope, key), replays, reuse refused, concurrent
// repeats wait for the first, TTL and the bound on kept keys.
import { describe, expect, it } from 'vitest';
import {
  createMemoryIdempotencyStore,
  fingerprintOf,
  type Claim,
  type StoredOutcome,
} from '../../src/resolvers/writes/idempotency';

const done = (value: unknown): StoredOutcome => ({ kind: 'done', value });

function asRun(claim: Claim): Extract<Claim, { kind: 'run' }> {
  if (claim.kind !== 'run') throw new Error(`expected a run claim, got ${claim.kind}`);
  return claim;
}

describe('claims', () => {
  it('the first claim runs, a repeat with the same fingerprint replays the outcome', async () => {
    const store = createMemoryIdempotencyStore();
    const first = asRun(await store.claim('caller-1', 'k1', 'fp-a'));
    await first.settle(done({ id: 7, state: 'COMPLETED' }));
    expect(await store.claim('caller-1', 'k1', 'fp-a')).toEqual({
      kind: 'replay',
      outcome: done({ id: 7, state: 'COMPLETED' }),
    });
    expect(await store.claim('caller-1', 'k1', 'fp-a')).toEqual({
      kind: 'replay',
      outcome: done({ id: 7, state: 'COMPLETED' }),
    });
    await store.close();
  });

  it('the same key with a different fingerprint is reused, pending or settled', async () => {
    const store = createMemoryIdempotencyStore();
    const first = asRun(await store.claim('c', 'k', 'fp-a'));
    expect(await store.claim('c', 'k', 'fp-b')).toEqual({ kind: 'reused' });
    await first.settle(done(1));
    expect(await store.claim('c', 'k', 'fp-b')).toEqual({ kind: 'reused' });
    await store.close();
  });

  it('scopes are separate: the same key of another caller runs on its own', async () => {
    const store = createMemoryIdempotencyStore();
    await asRun(await store.claim('caller-1', 'k', 'fp-a')).settle(done('one'));
    const other = await store.claim('caller-2', 'k', 'fp-b');
    expect(other.kind).toBe('run');
    // A scope and key that would collide if joined naively stay apart too.
    expect((await store.claim('caller-1:k', '', 'fp-a')).kind).toBe('run');
    await store.close();
  });

  it('an unknown outcome hands the next claim over in doubt; abandoned, the doubt stays; settled, it is done', async () => {
    const store = createMemoryIdempotencyStore();
    const unknown = {
      kind: 'unknown',
      reason: 'unknown',
      notBefore: 123,
      answer: { kind: 'UpstreamError' },
    } as const;
    await asRun(await store.claim('c', 'k', 'fp')).settle(unknown);
    const doubting = asRun(await store.claim('c', 'k', 'fp'));
    expect(doubting.doubt).toEqual(unknown);
    // While it reconciles, a concurrent claim waits for it.
    expect(await store.claim('c', 'k', 'fp', { waitMs: 5 })).toEqual({ kind: 'pending' });
    await doubting.abandon();
    const again = asRun(await store.claim('c', 'k', 'fp'));
    expect(again.doubt).toEqual(unknown);
    await again.settle(done('found'));
    expect(await store.claim('c', 'k', 'fp')).toEqual({ kind: 'replay', outcome: done('found') });
    expect(await store.claim('c', 'k', 'other')).toEqual({ kind: 'reused' });
    await store.close();
  });

  it('abandon forgets the key: the next claim runs, even with another fingerprint', async () => {
    const store = createMemoryIdempotencyStore();
    await asRun(await store.claim('c', 'k', 'fp-a')).abandon();
    const again = asRun(await store.claim('c', 'k', 'fp-b'));
    await again.settle(done(2));
    expect(await store.claim('c', 'k', 'fp-b')).toEqual({ kind: 'replay', outcome: done(2) });
    await store.close();
  });

  it('only the first settle or abandon of a claim counts', async () => {
    const store = createMemoryIdempotencyStore();
    const run = asRun(await store.claim('c', 'k', 'fp'));
    await run.settle(done('first'));
    await run.settle(done('second'));
    await run.abandon();
    expect(await store.claim('c', 'k', 'fp')).toEqual({ kind: 'replay', outcome: done('first') });
    await store.close();
  });
});

describe('concurrent claims', () => {
  it('a concurrent claim waits for the first and replays its outcome', async () => {
    const store = createMemoryIdempotencyStore();
    const first = asRun(await store.claim('c', 'k', 'fp'));
    const waiting = [store.claim('c', 'k', 'fp'), store.claim('c', 'k', 'fp')];
    await first.settle(done({ completion: 11 }));
    expect(await Promise.all(waiting)).toEqual([
      { kind: 'replay', outcome: done({ completion: 11 }) },
      { kind: 'replay', outcome: done({ completion: 11 }) },
    ]);
    await store.close();
  });

  it('when the first abandons, exactly one waiter runs and the other replays its outcome', async () => {
    const store = createMemoryIdempotencyStore();
    const first = asRun(await store.claim('c', 'k', 'fp'));
    const a = store.claim('c', 'k', 'fp');
    const b = store.claim('c', 'k', 'fp');
    await first.abandon();
    const winner = asRun(await Promise.race([a, b]));
    await winner.settle(done('ran once'));
    const results = await Promise.all([a, b]);
    expect(results.filter((r) => r.kind === 'run')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'replay')).toEqual([
      { kind: 'replay', outcome: done('ran once') },
    ]);
    await store.close();
  });

  it('a waiter whose waitMs passes gets pending, and the key stays with the first claim', async () => {
    const store = createMemoryIdempotencyStore();
    const first = asRun(await store.claim('c', 'k', 'fp'));
    expect(await store.claim('c', 'k', 'fp', { waitMs: 5 })).toEqual({ kind: 'pending' });
    await first.settle(done('late'));
    expect(await store.claim('c', 'k', 'fp')).toEqual({ kind: 'replay', outcome: done('late') });
    await store.close();
  });

  it('an aborted waiter rejects with the signal reason and leaves the first claim alone', async () => {
    const store = createMemoryIdempotencyStore();
    const first = asRun(await store.claim('c', 'k', 'fp'));
    const controller = new AbortController();
    const waiting = store.claim('c', 'k', 'fp', { signal: controller.signal });
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    await first.settle(done(1));
    expect(await store.claim('c', 'k', 'fp')).toEqual({ kind: 'replay', outcome: done(1) });
    await store.close();
  });
});

describe('lifetime and bound', () => {
  it('a key expires after its TTL (injected clock): the same key runs again', async () => {
    let t = 1_000;
    const store = createMemoryIdempotencyStore({ ttlMs: 60_000, now: () => t });
    await asRun(await store.claim('c', 'k', 'fp')).settle(done('old'));
    t += 59_999;
    expect((await store.claim('c', 'k', 'fp')).kind).toBe('replay');
    t += 1;
    expect((await store.claim('c', 'k', 'other-fp')).kind).toBe('run');
    await store.close();
  });

  it('a settled key lives its TTL from its settling; a claim pending past its TTL is forgotten', async () => {
    let t = 0;
    const store = createMemoryIdempotencyStore({ ttlMs: 1_000, now: () => t });
    const slow = asRun(await store.claim('c', 'slow', 'fp'));
    t = 900;
    await slow.settle(done('slow'));
    t = 1_500;
    expect(await store.claim('c', 'slow', 'fp')).toEqual({ kind: 'replay', outcome: done('slow') });
    const stuck = asRun(await store.claim('c', 'stuck', 'fp'));
    t = 2_500;
    expect((await store.claim('c', 'stuck', 'fp')).kind).toBe('run');
    await stuck.settle(done('too late')); // its key was forgotten: the settle changes nothing
    expect((await store.claim('c', 'slow', 'fp')).kind).toBe('run');
    await store.close();
  });

  it('expiry holds even when the clock goes back between claims', async () => {
    let t = 10_000;
    const store = createMemoryIdempotencyStore({ ttlMs: 1_000, now: () => t });
    await asRun(await store.claim('c', 'late', 'fp')).settle(done('late'));
    t = 5_000;
    await asRun(await store.claim('c', 'early', 'fp')).settle(done('early'));
    t = 6_001;
    // 'early' expired although the Map holds it behind the live 'late' key.
    expect((await store.claim('c', 'early', 'fp')).kind).toBe('run');
    expect((await store.claim('c', 'late', 'fp')).kind).toBe('replay');
    await store.close();
  });

  it('the TTL defaults to 24 hours', async () => {
    let t = 0;
    const store = createMemoryIdempotencyStore({ now: () => t });
    await asRun(await store.claim('c', 'k', 'fp')).settle(done(1));
    t = 24 * 60 * 60 * 1000 - 1;
    expect((await store.claim('c', 'k', 'fp')).kind).toBe('replay');
    t += 1;
    expect((await store.claim('c', 'k', 'fp')).kind).toBe('run');
    await store.close();
  });

  it('past maxEntries the oldest settled keys go first and a pending claim is never evicted', async () => {
    const store = createMemoryIdempotencyStore({ maxEntries: 2 });
    const pending = asRun(await store.claim('c', 'pending', 'fp'));
    await asRun(await store.claim('c', 'old', 'fp')).settle(done('old'));
    await asRun(await store.claim('c', 'new', 'fp')).settle(done('new'));
    // Three keys for a bound of two: the oldest settled one went, the pending one stayed.
    expect(await store.claim('c', 'new', 'fp')).toEqual({ kind: 'replay', outcome: done('new') });
    expect(await store.claim('c', 'pending', 'other')).toEqual({ kind: 'reused' });
    expect((await store.claim('c', 'old', 'fp')).kind).toBe('run');
    await pending.settle(done('p'));
    await store.close();
  });

  it('pending claims are kept even when they alone exceed the bound', async () => {
    const store = createMemoryIdempotencyStore({ maxEntries: 1 });
    const a = asRun(await store.claim('c', 'a', 'fp'));
    const b = asRun(await store.claim('c', 'b', 'fp'));
    expect(await store.claim('c', 'a', 'x')).toEqual({ kind: 'reused' });
    expect(await store.claim('c', 'b', 'x')).toEqual({ kind: 'reused' });
    await a.settle(done('a'));
    await b.settle(done('b'));
    // Past the bound a settled key gives way at once while pending claims hold their place.
    expect(await store.claim('c', 'b', 'fp')).toEqual({ kind: 'replay', outcome: done('b') });
    expect((await store.claim('c', 'a', 'fp')).kind).toBe('run');
    await store.close();
  });

  it('close wakes waiters with pending and refuses new claims', async () => {
    const store = createMemoryIdempotencyStore();
    await store.claim('c', 'k', 'fp');
    const waiting = store.claim('c', 'k', 'fp');
    await store.close();
    expect(await waiting).toEqual({ kind: 'pending' });
    await expect(store.claim('c', 'k', 'fp')).rejects.toThrow('closed');
  });
});

describe('fingerprintOf', () => {
  it('is a SHA-256 hex digest, independent of key order at every depth', () => {
    const a = fingerprintOf('createCustomer', { space: 1, givenName: 'Ada', metaData: { x: '1', y: '2' } });
    const b = fingerprintOf('createCustomer', { metaData: { y: '2', x: '1' }, givenName: 'Ada', space: 1 });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
  });

  it('differs by mutation name, by value and by array order', () => {
    const base = fingerprintOf('createCustomer', { givenName: 'Ada', tags: [1, 2] });
    expect(fingerprintOf('updateCustomer', { givenName: 'Ada', tags: [1, 2] })).not.toBe(base);
    expect(fingerprintOf('createCustomer', { givenName: 'Bob', tags: [1, 2] })).not.toBe(base);
    expect(fingerprintOf('createCustomer', { givenName: 'Ada', tags: [2, 1] })).not.toBe(base);
    expect(fingerprintOf('createCustomer', { givenName: 'Ada', tags: ['1', '2'] })).not.toBe(base);
  });

  it('is exact for bigint ids and treats a safe id as number or bigint alike', () => {
    const big = fingerprintOf('createRefund', { transaction: 9007199254740993n });
    expect(fingerprintOf('createRefund', { transaction: 9007199254740993n })).toBe(big);
    expect(fingerprintOf('createRefund', { transaction: 9007199254740992n })).not.toBe(big);
    expect(fingerprintOf('createRefund', { transaction: 42n })).toBe(
      fingerprintOf('createRefund', { transaction: 42 }),
    );
  });

  it('leaves out undefined members, as JSON would', () => {
    expect(fingerprintOf('m', { a: 1, b: undefined })).toBe(fingerprintOf('m', { a: 1 }));
  });
});

// Idempotency keys for mutations: a mutation sent again with the same key runs once. The store is one
// small async interface, in process or shared through Redis (idempotency-redis), and a cache of
// outcomes, not the only defence: an outcome it does not know for sure (REST never answered, the
// claiming instance stopped, the store lost its records) comes back as a claim "in doubt", which the
// caller reconciles with REST before anything is sent again (idempotent-run).
import { createHash } from 'node:crypto';

/**
 * An outcome REST never confirmed: the call may have been carried out. `notBefore`: until then
 * (ms since the epoch) the first send may still reach REST, so finding nothing proves nothing yet.
 * `answer`: what the first request was answered (an UpstreamError), when there was one.
 */
export interface UnknownOutcome {
  kind: 'unknown';
  /** Why: `unknown` (REST never confirmed), `orphaned` (the instance that sent it stopped or lost the store), `lost` (the store lost its records). */
  reason: 'unknown' | 'orphaned' | 'lost';
  notBefore: number;
  answer?: unknown;
}

/**
 * What a settled claim remembers. `done`: REST answered and `value` is what the mutation returned
 * (stored as given; a shared store serialises it as JSON, bigint included). `unknown`: see above;
 * the next claim of the key is handed over in doubt.
 */
export type StoredOutcome = { kind: 'done'; value: unknown } | UnknownOutcome;

/**
 * The answer to a claim:
 * - `run`: the caller holds the key and runs the mutation, then `settle`s with its outcome, or
 *   `abandon`s when nothing was sent upstream (the key goes back to what it was: free, or in doubt).
 *   Both are safe to call more than once; only the first call of either counts. With `doubt`, the
 *   key may have been used before (see UnknownOutcome): the caller reconciles with REST first.
 * - `replay`: the key was used with the same fingerprint and is settled (possibly while we waited).
 * - `reused`: the key is held (pending or settled) for a different fingerprint.
 * - `pending`: the first claim is still running after `waitMs`; the caller answers "in progress,
 *   retry later" and sends nothing.
 * - `unavailable`: the store cannot be reached; nothing is known about the key.
 */
export type Claim =
  | {
      kind: 'run';
      doubt?: UnknownOutcome;
      settle(outcome: StoredOutcome): Promise<void>;
      abandon(): Promise<void>;
    }
  | { kind: 'replay'; outcome: { kind: 'done'; value: unknown } }
  | { kind: 'reused' }
  | { kind: 'pending' }
  | { kind: 'unavailable' };

export interface ClaimOptions {
  /** Aborts waiting for a concurrent first claim; the claim then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** How long to wait for a concurrent first claim to settle (default 30 s). */
  waitMs?: number;
  /**
   * Until when (ms since the epoch) this claim's REST call could still reach REST: its request's
   * deadline and a grace. Should the claimant stop, a later claim reconciles as conclusive after it.
   */
  sendBy?: number;
}

export interface IdempotencyStore {
  /** Claims (scope, key) for an operation fingerprint; a concurrent claim of the same key waits for the first to settle. */
  claim(scope: string, key: string, fingerprint: string, o?: ClaimOptions): Promise<Claim>;
  /** Forgets every key and wakes every waiter (they answer `pending`). */
  close(): Promise<void>;
}

export interface MemoryStoreOptions {
  /**
   * How long a key lives (default 24 h): a settled key from its settling, a pending claim from its
   * claim (a claim still pending then is forgotten, and a repeat runs again).
   */
  ttlMs?: number;
  /** Most keys kept; past it the oldest settled keys go first, pending claims never (default 100,000). */
  maxEntries?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_IDEMPOTENCY_WAIT_MS = 30_000;
/** How long after its request's deadline (or a timeout) a REST call may still be carried out. */
export const SEND_GRACE_MS = 10_000;
const DEFAULT_MAX_ENTRIES = 100_000;

interface Entry {
  fingerprint: string;
  expiresAt: number;
  outcome?: StoredOutcome;
  /** The unknown outcome a claim in doubt took over: what the key goes back to when it is abandoned. */
  prior?: UnknownOutcome;
  /** Called once when the entry settles or is abandoned. */
  wake: Set<() => void>;
}

/**
 * The in-process store: keys live in one Map in the order they were claimed or settled (a settled key
 * moves to the end), which is also the order they expire in and the order settled keys are evicted in.
 */
export function createMemoryIdempotencyStore(o: MemoryStoreOptions = {}): IdempotencyStore {
  const ttlMs = o.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
  const maxEntries = o.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = o.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let closed = false;

  const wakeAll = (entry: Entry) => {
    const wake = [...entry.wake];
    entry.wake.clear();
    for (const w of wake) w();
  };

  const forget = (id: string, entry: Entry) => {
    entries.delete(id);
    wakeAll(entry);
  };

  /** Drops expired keys from the front of the Map; stops at the first live one (the rest expire later). */
  const purgeExpired = (t: number) => {
    for (const [id, entry] of entries) {
      if (entry.expiresAt > t) return;
      forget(id, entry);
    }
  };

  /** The live entry of a key, purging what expired. */
  const liveEntry = (id: string): Entry | undefined => {
    const t = now();
    purgeExpired(t);
    const entry = entries.get(id);
    // Checked again in case the clock went back and the Map's order no longer matches expiry.
    if (entry && entry.expiresAt <= t) {
      forget(id, entry);
      return undefined;
    }
    return entry;
  };

  /** Drops the oldest settled keys until the bound holds; pending claims stay even past it. */
  const enforceBound = () => {
    if (entries.size <= maxEntries) return;
    for (const [id, entry] of entries) {
      if (entries.size <= maxEntries) return;
      if (entry.outcome) entries.delete(id);
    }
  };

  const runClaim = (id: string, fingerprint: string, prior?: UnknownOutcome): Claim => {
    const entry: Entry = { fingerprint, expiresAt: now() + ttlMs, prior, wake: new Set() };
    entries.set(id, entry);
    enforceBound();
    let finished = false;
    const finish = (outcome: StoredOutcome | undefined) => {
      if (finished) return;
      finished = true;
      if (entries.get(id) !== entry) return wakeAll(entry); // expired or closed meanwhile
      entries.delete(id);
      // Abandoned in doubt: the key goes back to the unknown outcome it was.
      outcome ??= entry.prior;
      entry.prior = undefined;
      if (outcome) {
        entry.outcome = outcome;
        entry.expiresAt = now() + ttlMs;
        entries.set(id, entry); // settled keys are ordered by settle time for eviction
        enforceBound();
      }
      wakeAll(entry);
    };
    return {
      kind: 'run',
      ...(prior ? { doubt: prior } : {}),
      // The interface is async for shared stores; this one settles at once.
      settle: (outcome) => Promise.resolve(finish(outcome)),
      abandon: () => Promise.resolve(finish(undefined)),
    };
  };

  const waitFor = (entry: Entry, options: ClaimOptions): Promise<'woken' | 'timeout'> =>
    new Promise((resolve, reject) => {
      const { signal } = options;
      const done = (result: 'woken' | 'timeout') => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        entry.wake.delete(onWake);
        resolve(result);
      };
      const onWake = () => done('woken');
      const onAbort = () => {
        clearTimeout(timer);
        entry.wake.delete(onWake);
        reject(
          signal?.reason instanceof Error
            ? signal.reason
            : new Error('waiting for the idempotency key was aborted'),
        );
      };
      const timer = setTimeout(() => done('timeout'), options.waitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS);
      entry.wake.add(onWake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  return {
    async claim(scope, key, fingerprint, options = {}) {
      if (closed) throw new Error('the idempotency store is closed');
      options.signal?.throwIfAborted();
      const id = JSON.stringify([scope, key]);
      for (;;) {
        const entry = liveEntry(id);
        if (!entry) return runClaim(id, fingerprint);
        if (entry.fingerprint !== fingerprint) return { kind: 'reused' };
        if (entry.outcome?.kind === 'done') return { kind: 'replay', outcome: entry.outcome };
        // In doubt: the claim takes the key over (a concurrent one waits for it) and reconciles.
        if (entry.outcome) {
          forget(id, entry);
          return runClaim(id, fingerprint, entry.outcome);
        }
        if ((await waitFor(entry, options)) === 'timeout' || closed) return { kind: 'pending' };
        // Woken: settled (replay on the next turn), abandoned or expired (we may run it ourselves).
      }
    },
    close() {
      closed = true;
      const all = [...entries.values()];
      entries.clear();
      for (const entry of all) wakeAll(entry);
      return Promise.resolve();
    },
  };
}

/** Canonical JSON: object keys sorted, `undefined` members left out, bigint and whole numbers as the same digits. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`);
  return `{${members.join(',')}}`;
}

/**
 * SHA-256 (hex) of the mutation name and the canonical JSON of its input: independent of key order,
 * exact for bigint (an id as bigint or as a safe number gives the same fingerprint).
 */
export function fingerprintOf(mutationName: string, input: unknown): string {
  return createHash('sha256').update(mutationName).update('\n').update(canonical(input)).digest('hex');
}

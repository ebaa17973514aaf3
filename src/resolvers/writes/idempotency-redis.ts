// Idempotency keys in Redis, shared by every paygraph instance that uses the same server: a claim is
// SET NX of the key's fingerprint (pending), settling replaces it with the outcome, abandoning deletes
// it (only the claimant's own pending entry); a concurrent claim polls until the first settles.
// Outcomes are stored as JSON, bigint encoded as {"$bigint": "..."}.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  DEFAULT_IDEMPOTENCY_TTL_MS,
  DEFAULT_IDEMPOTENCY_WAIT_MS,
  type Claim,
  type ClaimOptions,
  type IdempotencyStore,
  type StoredOutcome,
} from './idempotency';

interface Entry {
  fingerprint: string;
  /** Who holds a pending claim (so only it may abandon it). */
  owner?: string;
  outcome?: StoredOutcome;
}

const POLL_MS = 25;

function encode(entry: Entry): string {
  return JSON.stringify(entry, (_key, value: unknown) => (typeof value === 'bigint' ? { $bigint: value.toString() } : value));
}

function decode(text: string): Entry {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as { $bigint?: unknown }).$bigint === 'string'
      ? BigInt((value as { $bigint: string }).$bigint)
      : value,
  ) as Entry;
}

// Deletes the key only while it is still this claimant's pending entry.
const ABANDON = `local v = redis.call('GET', KEYS[1]) if v and cjson.decode(v).owner == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface RedisStoreOptions {
  url: string;
  ttlMs?: number;
  /** Prefix of every key (default `paygraph:idem:`). */
  prefix?: string;
}

export function createRedisIdempotencyStore(o: RedisStoreOptions): IdempotencyStore {
  const redis = new Redis(o.url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const ttlMs = o.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
  const prefix = o.prefix ?? 'paygraph:idem:';
  const keyOf = (scope: string, key: string) => `${prefix}${JSON.stringify([scope, key])}`;

  const runClaim = (id: string, fingerprint: string, owner: string): Claim => {
    let done = false;
    return {
      kind: 'run',
      settle: async (outcome) => {
        if (done) return;
        done = true;
        await redis.set(id, encode({ fingerprint, outcome }), 'PX', ttlMs);
      },
      abandon: async () => {
        if (done) return;
        done = true;
        await redis.eval(ABANDON, 1, id, owner);
      },
    };
  };

  const wait = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('waiting for the idempotency key was aborted'))), {
        once: true,
      });
    });

  return {
    async claim(scope: string, key: string, fingerprint: string, options: ClaimOptions = {}): Promise<Claim> {
      const id = keyOf(scope, key);
      const deadline = Date.now() + (options.waitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS);
      for (;;) {
        options.signal?.throwIfAborted();
        const owner = randomUUID();
        if ((await redis.set(id, encode({ fingerprint, owner }), 'PX', ttlMs, 'NX')) === 'OK') return runClaim(id, fingerprint, owner);
        const text = await redis.get(id);
        if (text === null) continue; // settled and expired, or abandoned, between the two calls: try again
        const entry = decode(text);
        if (entry.fingerprint !== fingerprint) return { kind: 'reused' };
        if (entry.outcome) return { kind: 'replay', outcome: entry.outcome };
        if (Date.now() >= deadline) return { kind: 'pending' };
        await wait(POLL_MS, options.signal);
      }
    },
    async close() {
      await redis.quit();
    },
  };
}

// Idempotency keys in Redis, shared by every paygraph instance that uses the same server: a claim is
// SET NX of the key's fingerprint (pending), settling replaces it with the outcome, abandoning deletes
// it (only the claimant's own pending entry); a concurrent claim polls until the first settles.
// Outcomes are stored as JSON, bigint encoded as {"$bigint": "..."}.
// A pending claim is kept alive by its claimant's lease, a key of its own renewed while the mutation
// runs. An instance that dies holding a claim stops renewing; the next claim of the key then finds the
// lease gone and settles the key as `unknown` (the mutation may have reached REST), so a repeat is
// answered at once with an unknown outcome instead of waiting 24 hours, and nothing is sent again.
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
/** How long a claimant's lease lives without renewal; renewed every third of it. */
const LEASE_MS = 3_000;
const ORPHANED: StoredOutcome = {
  kind: 'unknown',
  reason: 'the paygraph instance that sent this mutation stopped before its outcome was known.',
};

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

// Settles the key as ARGV[2] only while it is still the pending entry of owner ARGV[1] and that owner's
// lease (KEYS[2]) is gone.
const SETTLE_ORPHAN = `local v = redis.call('GET', KEYS[1])
if v and redis.call('EXISTS', KEYS[2]) == 0 then
  local e = cjson.decode(v)
  if e.owner == ARGV[1] and e.outcome == nil then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end
end
return 0`;

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
  const leaseOf = (owner: string) => `${prefix}lease:${owner}`;
  const beats = new Set<NodeJS.Timeout>();
  const renewLease = (owner: string) => redis.set(leaseOf(owner), '1', 'PX', LEASE_MS);

  const runClaim = (id: string, fingerprint: string, owner: string): Claim => {
    let done = false;
    // A failed renewal is retried on the next beat; should they all fail, the claim ends as unknown.
    const beat = setInterval(() => void renewLease(owner).catch(() => undefined), LEASE_MS / 3);
    beat.unref();
    beats.add(beat);
    const finish = async (write: () => Promise<unknown>) => {
      if (done) return;
      done = true;
      clearInterval(beat);
      beats.delete(beat);
      await write();
      await redis.del(leaseOf(owner));
    };
    return {
      kind: 'run',
      settle: (outcome) => finish(() => redis.set(id, encode({ fingerprint, outcome }), 'PX', ttlMs)),
      abandon: () => finish(() => redis.eval(ABANDON, 1, id, owner)),
    };
  };

  /** Settles a pending entry whose claimant's lease ran out as unknown; true when it did. */
  const settleIfOrphaned = async (id: string, entry: Entry): Promise<boolean> =>
    entry.owner !== undefined &&
    (await redis.eval(
      SETTLE_ORPHAN,
      2,
      id,
      leaseOf(entry.owner),
      entry.owner,
      encode({ fingerprint: entry.fingerprint, outcome: ORPHANED }),
      ttlMs,
    )) === 1;

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
      // Claimed at once when the key is free; while another request holds it, only read (no lease
      // written and deleted on every poll) until it is free again.
      let tryClaim = true;
      for (;;) {
        options.signal?.throwIfAborted();
        if (tryClaim) {
          const owner = randomUUID();
          // The lease first: a pending entry is never seen without its lease while the claimant lives.
          await renewLease(owner);
          if ((await redis.set(id, encode({ fingerprint, owner }), 'PX', ttlMs, 'NX')) === 'OK') return runClaim(id, fingerprint, owner);
          await redis.del(leaseOf(owner));
        }
        const text = await redis.get(id);
        // Settled and expired, or abandoned, since: try to claim again.
        tryClaim = text === null;
        if (text === null) continue;
        const entry = decode(text);
        if (entry.fingerprint !== fingerprint) return { kind: 'reused' };
        if (entry.outcome) return { kind: 'replay', outcome: entry.outcome };
        if (await settleIfOrphaned(id, entry)) return { kind: 'replay', outcome: ORPHANED };
        if (Date.now() >= deadline) return { kind: 'pending' };
        await wait(POLL_MS, options.signal);
      }
    },
    async close() {
      // Claims still running stop renewing their leases: another instance settles them as unknown.
      for (const beat of beats) clearInterval(beat);
      beats.clear();
      await redis.quit();
    },
  };
}

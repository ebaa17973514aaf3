// Idempotency keys in Redis, shared by every paygraph instance on the same server. The store never
// throws: while Redis cannot be reached a claim answers `unavailable` at once and a settle or abandon
// that fails is kept and written later, so a mutation's own answer never waits for Redis to come back.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { parseInfo, RedisUnavailableError, type SharedRedis } from '../../redis';
import { KeptWrites, type KeptWrite } from './idempotency-kept';
import { ABANDON, CHECK, CLAIM, NOTE_LOSS, SETTLE } from './idempotency-scripts';
import {
  DEFAULT_IDEMPOTENCY_TTL_MS,
  DEFAULT_IDEMPOTENCY_WAIT_MS,
  SEND_GRACE_MS,
  type Claim,
  type ClaimOptions,
  type IdempotencyStore,
  type StoredOutcome,
  type UnknownOutcome,
} from './idempotency';

const POLL_MS = 25;
/** How long a claimant's lease lives without renewal; renewed every third of it. */
const LEASE_MS = 3_000;
const HEARTBEAT_MS = 1_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

type Scripted = Redis & {
  paygraphIdemCheck(marker: string, ...argv: (string | number)[]): Promise<[string, string, string]>;
  paygraphIdemClaim(
    marker: string,
    record: string,
    lease: string,
    ...argv: (string | number)[]
  ): Promise<[string, string, string, string, string]>;
  paygraphIdemSettle(
    record: string,
    lease: string,
    marker: string,
    ...argv: (string | number)[]
  ): Promise<[number, string]>;
  paygraphIdemAbandon(record: string, lease: string, owner: string): Promise<number>;
  paygraphIdemNoteLoss(marker: string, now: number): Promise<string>;
};

function encode(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v));
}

function decode<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && typeof (v as { $bigint?: unknown }).$bigint === 'string'
      ? BigInt((v as { $bigint: string }).$bigint)
      : v,
  ) as T;
}

export interface RedisStoreOptions {
  redis: SharedRedis;
  ttlMs?: number;
  /** Prefix of every key (default `paygraph:idem:`). */
  prefix?: string;
  /** The request deadline of the instances (default 15 s): how long after a loss the lost claims' sends may still land, with the grace. */
  requestTimeoutMs?: number;
  /** How long after its deadline a REST write may still be carried out (default SEND_GRACE_MS, 10 s). */
  sendGraceMs?: number;
  /** Told when the store finds that Redis lost data (for logs and metrics). */
  onLoss?: (lostAt: number) => void;
}

/** What this instance knows of the store's marker. */
class MarkerKnowledge {
  epoch = '';
  seq = 0;
  lostAt = 0;

  argv(ttlMs: number): (string | number)[] {
    return [this.epoch, randomUUID(), this.seq, Date.now(), ttlMs];
  }

  /** Learns what a script answered; true when it says the store lost data that this instance did not know of. */
  learn(epoch: string, seq: string, lostAt: string): boolean {
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.seq = Number(seq);
    } else this.seq = Math.max(this.seq, Number(seq));
    const lost = Number(lostAt);
    const news = lost > this.lostAt;
    this.lostAt = Math.max(this.lostAt, lost);
    return news;
  }
}

export class RedisIdempotencyStore implements IdempotencyStore {
  private readonly redis: SharedRedis;
  private readonly client: Scripted;
  private readonly ttlMs: number;
  private readonly prefix: string;
  private readonly lossWindowMs: number;
  private readonly marker: string;
  readonly known = new MarkerKnowledge();
  private readonly beats = new Set<NodeJS.Timeout>();
  /** Settles and abandons Redis did not take, written when it answers again. */
  private readonly kept = new KeptWrites();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly offUp: () => void;
  private evicted?: number;
  private closed = false;
  /** Until then (after an outage) claims answer `unavailable`. */
  private settlingUntil = 0;

  constructor(private readonly o: RedisStoreOptions) {
    this.redis = o.redis;
    this.client = o.redis.client as Scripted;
    this.client.defineCommand('paygraphIdemCheck', { numberOfKeys: 1, lua: CHECK });
    this.client.defineCommand('paygraphIdemClaim', { numberOfKeys: 3, lua: CLAIM });
    this.client.defineCommand('paygraphIdemSettle', { numberOfKeys: 3, lua: SETTLE });
    this.client.defineCommand('paygraphIdemAbandon', { numberOfKeys: 2, lua: ABANDON });
    this.client.defineCommand('paygraphIdemNoteLoss', { numberOfKeys: 1, lua: NOTE_LOSS });
    this.ttlMs = o.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
    this.prefix = o.prefix ?? 'paygraph:idem:';
    this.marker = `${this.prefix}store`;
    this.lossWindowMs = (o.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) + (o.sendGraceMs ?? SEND_GRACE_MS);
    this.heartbeat = setInterval(() => void this.check(), HEARTBEAT_MS);
    this.heartbeat.unref?.();
    // Back from an outage: what was kept is written and the marker checked at once. Claims wait two
    // heartbeats meanwhile, so that an instance that saw writes a failover lost has noted the loss in
    // the marker before another instance takes a key of those writes for new.
    let outage = false;
    this.offUp = o.redis.onChange((up) => {
      outage ||= !up;
      if (!up) return;
      if (outage) this.settlingUntil = Date.now() + 2 * HEARTBEAT_MS;
      void this.check();
    });
    void this.check();
  }

  private recordOf(scope: string, key: string): string {
    return `${this.prefix}${JSON.stringify([scope, key])}`;
  }

  private leaseOf(owner: string): string {
    return `${this.prefix}lease:${owner}`;
  }

  private learn(epoch: string, seq: string, lostAt: string): void {
    if (this.known.learn(epoch, seq, lostAt)) this.o.onLoss?.(this.known.lostAt);
  }

  /**
   * The heartbeat: writes what was kept, checks the marker, and counts evicted keys as a loss. Every
   * claim checks the marker too (same script), so a store that lost data is noticed at the first claim.
   */
  async check(): Promise<void> {
    if (this.closed || !this.redis.up) return;
    try {
      await this.flush();
      const [epoch, seq, lostAt] = await this.redis.run(() =>
        this.client.paygraphIdemCheck(this.marker, ...this.known.argv(this.ttlMs)),
      );
      this.learn(epoch, seq, lostAt);
      const evicted = Number(
        parseInfo(await this.redis.run((r) => r.info('stats'))).get('evicted_keys') ?? 0,
      );
      if (this.evicted !== undefined && evicted > this.evicted) {
        const at = Date.now();
        await this.redis.run(() => this.client.paygraphIdemNoteLoss(this.marker, at));
        this.learn(this.known.epoch, String(this.known.seq), String(at));
      }
      this.evicted = evicted;
    } catch {
      // Unreachable: the breaker knows; the next beat tries again.
    }
  }

  /** Writes what was kept; stops at the first write Redis cannot take (one it refuses outright is dropped). */
  private flush(): Promise<void> {
    return this.kept.flush((d) =>
      this.redis
        .run<unknown>(() =>
          d.op === 'settle'
            ? this.client.paygraphIdemSettle(d.record, this.leaseOf(d.owner), this.marker, ...d.argv)
            : this.client.paygraphIdemAbandon(d.record, this.leaseOf(d.owner), d.owner),
        )
        .catch((error: unknown) => {
          if (error instanceof RedisUnavailableError) throw error;
        }),
    );
  }

  /**
   * A pending claim lives by its claimant's lease, renewed while the mutation runs; once the claimant
   * stops renewing, the next claim of the key takes it over in doubt and reconciles with REST.
   */
  private runClaim(
    record: string,
    fingerprint: string,
    owner: string,
    doubt: UnknownOutcome | undefined,
  ): Claim {
    let done = false;
    // A failed renewal is retried on the next beat; should they all fail, the claim is taken over in doubt.
    const beat = setInterval(
      () =>
        void this.redis.run((r) => r.set(this.leaseOf(owner), '1', 'PX', LEASE_MS)).catch(() => undefined),
      LEASE_MS / 3,
    );
    beat.unref?.();
    this.beats.add(beat);
    const finish = async (write: () => Promise<unknown>, keep: () => KeptWrite) => {
      if (done) return;
      done = true;
      clearInterval(beat);
      this.beats.delete(beat);
      try {
        await write();
      } catch {
        this.kept.keep(keep());
      }
    };
    const until = () => Date.now() + this.ttlMs;
    return {
      kind: 'run',
      ...(doubt ? { doubt } : {}),
      settle: (outcome: StoredOutcome) => {
        const argv = [owner, fingerprint, outcome.kind, encode(outcome), this.ttlMs];
        return finish(
          async () => {
            const [, seq] = await this.redis.run(() =>
              this.client.paygraphIdemSettle(record, this.leaseOf(owner), this.marker, ...argv),
            );
            if (Number(seq) > 0) this.learn(this.known.epoch, seq, '0');
          },
          () => ({ op: 'settle', record, owner, argv, until: until() }),
        );
      },
      abandon: () =>
        finish(
          () => this.redis.run(() => this.client.paygraphIdemAbandon(record, this.leaseOf(owner), owner)),
          () => ({ op: 'abandon', record, owner, until: until() }),
        ),
    };
  }

  /** `unavailable` at once while Redis cannot be reached (the shared breaker is open, or a command fails). */
  async claim(scope: string, key: string, fingerprint: string, options: ClaimOptions = {}): Promise<Claim> {
    if (this.closed) throw new Error('the idempotency store is closed');
    const record = this.recordOf(scope, key);
    const deadline = Date.now() + (options.waitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS);
    const sendBy = options.sendBy ?? Date.now() + this.lossWindowMs;
    for (;;) {
      options.signal?.throwIfAborted();
      // This instance still holds an answer for the key that Redis has not taken: it is the answer.
      const kept = this.kept.doneOutcome(record, fingerprint);
      if (kept) return { kind: 'replay', outcome: decode(kept) };
      if (Date.now() < this.settlingUntil) return { kind: 'unavailable' };
      const owner = randomUUID();
      let answer: [string, string, string, string, string];
      try {
        answer = await this.redis.run(() =>
          this.client.paygraphIdemClaim(
            this.marker,
            record,
            this.leaseOf(owner),
            ...this.known.argv(this.ttlMs),
            fingerprint,
            owner,
            LEASE_MS,
            sendBy,
            this.leaseOf(''),
            this.lossWindowMs,
          ),
        );
      } catch (error) {
        // The script may have run before the connection failed: should it have, the claim goes back.
        if (!(error instanceof RedisUnavailableError) || error.sent)
          this.kept.keep({ op: 'abandon', record, owner, until: Date.now() + this.ttlMs });
        return { kind: 'unavailable' };
      }
      const [verdict, epoch, seq, lostAt, text] = answer;
      this.learn(epoch, seq, lostAt);
      switch (verdict) {
        case 'run':
          return this.runClaim(record, fingerprint, owner, undefined);
        case 'doubt':
          return this.runClaim(record, fingerprint, owner, decode<UnknownOutcome>(text));
        case 'replay':
          return { kind: 'replay', outcome: decode<{ kind: 'done'; value: unknown }>(text) };
        case 'reused':
          return { kind: 'reused' };
      }
      if (Date.now() >= deadline) return { kind: 'pending' };
      await wait(POLL_MS, options.signal);
    }
  }

  /** How many settles and abandons wait for Redis (for tests and metrics). */
  get waiting(): number {
    return this.kept.size;
  }

  async close(): Promise<void> {
    // What Redis has not taken yet is written now if it can be; else another instance reconciles it.
    if (this.redis.up) await this.flush().catch(() => undefined);
    this.closed = true;
    clearInterval(this.heartbeat);
    this.offUp();
    // Claims still running stop renewing their leases: another instance takes them over in doubt.
    for (const beat of this.beats) clearInterval(beat);
    this.beats.clear();
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new Error('waiting for the idempotency key was aborted'),
        );
      },
      { once: true },
    );
  });
}

export function createRedisIdempotencyStore(o: RedisStoreOptions): RedisIdempotencyStore {
  return new RedisIdempotencyStore(o);
}

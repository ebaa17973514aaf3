// One Redis connection per served process, shared by every user of Redis (idempotency keys, rate limits,
// the response cache, persisted queries, live watches), behind one breaker: while Redis is unreachable
// every user skips it at once instead of each waiting for a timeout of its own.
import { Redis, type RedisOptions } from 'ioredis';

/** Redis cannot be used now (the breaker is open, or the command failed for want of a connection). */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
  constructor(
    message: string,
    /** Whether the command may have reached Redis (false: refused before sending, it surely did not run). */
    readonly sent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Where connection errors are told, once per outage (paygraph's JSON lines logger): never as ioredis's
 * "Unhandled error event".
 */
export interface RedisLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

export interface SharedRedisOptions {
  url: string;
  /** How long a command may take before Redis counts as unreachable (default 1,000 ms). */
  commandTimeoutMs?: number;
  /** How often Redis is probed while the breaker is open on a connection that stayed up (default 250 ms). */
  probeMs?: number;
  log?: RedisLog;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 1_000;
const DEFAULT_PROBE_MS = 250;

/** What the logs and metrics may say about a failure: a code or class name, never the URL (it may hold a password). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error.name;
  }
  return 'unknown';
}

/** Errors of the connection (not a refusal Redis itself answered, such as a script error). */
function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (error.name === 'ReplyError')
    return /^(LOADING|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN|BUSY)/.test(error.message);
  return true;
}

/**
 * The breaker opens the moment the connection drops or a command does not answer in time, and closes
 * when Redis answers a probe again (no restart). Commands are never queued while it is open: they fail
 * at once.
 */
export class SharedRedis {
  /** The command connection (every user's commands and scripts). */
  readonly client: Redis;
  private sub?: Redis;
  private healthy = false;
  private closed = false;
  private probing?: NodeJS.Timeout;
  /** The first connection, waited for by the first commands (not refused while it is being made). */
  private starting?: Promise<boolean>;
  private readonly listeners = new Set<(up: boolean) => void>();
  private readonly commandTimeoutMs: number;
  private readonly probeMs: number;
  /** Outages since start (each time the breaker opened). */
  outages = 0;
  /** When the current outage began (ms since the epoch); undefined while Redis answers. */
  downSince?: number;
  /** The kind of the last failure (an error code), for /readyz and the logs. */
  lastFailure?: string;

  constructor(private readonly o: SharedRedisOptions) {
    this.commandTimeoutMs = o.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.probeMs = o.probeMs ?? DEFAULT_PROBE_MS;
    this.client = new Redis(
      o.url,
      this.options({ enableOfflineQueue: false, commandTimeout: this.commandTimeoutMs }),
    );
    this.client.on('ready', () => void this.probe());
    for (const event of ['close', 'end', 'reconnecting'] as const)
      this.client.on(event, () => this.markDown('connection lost'));
    this.client.on('error', (error: unknown) => this.markDown(describe(error)));
    this.downSince = Date.now();
    this.starting = this.whenUp(this.commandTimeoutMs).finally(() => (this.starting = undefined));
  }

  private options(extra: RedisOptions): RedisOptions {
    return {
      // Never re-sent by the client: a claim or a script that ran must not run twice.
      maxRetriesPerRequest: 0,
      connectTimeout: this.commandTimeoutMs,
      // Back within half a second of Redis answering again.
      retryStrategy: (times: number) => Math.min(50 * times, 500),
      ...extra,
    };
  }

  /** Whether Redis answers now (the breaker is closed). */
  get up(): boolean {
    return this.healthy;
  }

  /** Told each time the breaker opens (false) or closes (true). */
  onChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once Redis answers, or after `ms` (then false). */
  whenUp(ms: number): Promise<boolean> {
    if (this.healthy) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => (off(), resolve(false)), ms);
      const off = this.onChange((up) => {
        if (!up) return;
        clearTimeout(timer);
        off();
        resolve(true);
      });
    });
  }

  /**
   * Runs Redis commands through the breaker: refused at once (RedisUnavailableError) while it is open;
   * a command that fails for want of a connection, or takes longer than `timeoutMs`, opens it.
   * Refusals Redis itself answers (a script error, an OOM) are rethrown as they are.
   */
  async run<T>(command: (redis: Redis) => Promise<T>, timeoutMs = this.commandTimeoutMs): Promise<T> {
    if (!this.healthy && this.starting) await this.starting;
    if (!this.healthy)
      throw new RedisUnavailableError(
        `Redis is unreachable (${this.lastFailure ?? 'not connected yet'})`,
        false,
      );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RedisUnavailableError(`Redis did not answer within ${timeoutMs} ms`, true)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([command(this.client), timeout]);
    } catch (error) {
      if (error instanceof RedisUnavailableError) this.markDown('timeout');
      else if (isConnectionFailure(error)) {
        this.markDown(describe(error));
        throw new RedisUnavailableError(`Redis failed (${describe(error)})`, true, { cause: error });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The connection for pub/sub (made on first use; subscriptions are made again after a reconnect). */
  subscriber(): Redis {
    if (!this.sub) {
      // SUBSCRIBE may wait for the connection: it is queued, and ioredis subscribes again after each reconnect.
      this.sub = new Redis(this.o.url, this.options({ enableOfflineQueue: true, autoResubscribe: true }));
      this.sub.on('error', (error: unknown) => this.markDown(describe(error)));
    }
    return this.sub;
  }

  private markDown(reason: string): void {
    if (this.closed) return;
    this.lastFailure = reason;
    if (!this.healthy) return this.probeSoon();
    this.healthy = false;
    this.outages++;
    this.downSince = Date.now();
    this.o.log?.warn(
      { redis: 'unreachable', reason },
      'Redis is unreachable: paygraph runs degraded (see the README, Deploying with Redis)',
    );
    for (const listener of [...this.listeners]) listener(false);
    this.probeSoon();
  }

  /** While the connection stays up but commands failed (a hung server), probe until one answers. */
  private probeSoon(): void {
    if (this.closed || this.probing || this.client.status !== 'ready') return;
    this.probing = setTimeout(() => {
      this.probing = undefined;
      void this.probe();
    }, this.probeMs);
    this.probing.unref?.();
  }

  private async probe(): Promise<void> {
    if (this.closed || this.healthy) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.client.ping(),
        new Promise(
          (_, reject) =>
            (timer = setTimeout(() => reject(new Error('probe timeout')), this.commandTimeoutMs)),
        ),
      ]);
    } catch {
      return this.probeSoon();
    } finally {
      clearTimeout(timer);
    }
    if (this.closed || this.healthy) return;
    const downMs = this.downSince === undefined ? 0 : Date.now() - this.downSince;
    this.healthy = true;
    this.downSince = undefined;
    if (this.outages > 0) this.o.log?.info({ redis: 'answering', downMs }, 'Redis answers again');
    for (const listener of [...this.listeners]) listener(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.healthy = false;
    clearTimeout(this.probing);
    // A server already gone cannot take QUIT: then the connection is just dropped.
    await Promise.all(
      [this.client, this.sub]
        .filter((c): c is Redis => c !== undefined)
        .map((c) =>
          c.quit().then(
            () => undefined,
            () => c.disconnect(),
          ),
        ),
    );
  }
}

export function createSharedRedis(o: SharedRedisOptions): SharedRedis {
  return new SharedRedis(o);
}

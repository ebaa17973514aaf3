// Per-caller rate limiting on cost: a token bucket per caller name, one token per REST call. A
// caller whose bucket is empty is refused before execution with RATE_LIMITED and
// `retryAfterSeconds`; calls past an empty bucket during execution are refused the same way.
// `RateLimit` is what requests use: this in-process bucket, or the Redis one (redis-rate-limit)
// that several instances share.
export interface RateLimitConfig {
  /** Tokens (REST calls) a caller may spend at once. */
  burst: number;
  /** Tokens a caller regains per second. */
  perSecond: number;
}

/** The outcome of spending tokens (0 tokens: only looking). */
export interface Spent {
  granted: boolean;
  /** Whole tokens left after this spend. */
  remaining: number;
  /** Seconds until one token is back (0 when one is there). */
  retryAfterSeconds: number;
}

export interface RateLimit {
  /**
   * Takes `tokens` from the caller's bucket if it holds them all (0 only reports the bucket); with
   * `charge`, takes them anyway, into debt down to minus the burst: the caller waits it off.
   */
  spend(caller: string, tokens: number, charge?: boolean): Promise<Spent>;
  close?(): Promise<void>;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets idle long enough to be full again are dropped, so the map stays bounded by active callers. */
const SWEEP_EVERY = 1_000;

export class RateLimiter implements RateLimit {
  private readonly buckets = new Map<string, Bucket>();
  private takes = 0;

  constructor(
    readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private bucket(name: string): Bucket {
    const t = this.now();
    let b = this.buckets.get(name);
    if (!b) {
      b = { tokens: this.config.burst, at: t };
      this.buckets.set(name, b);
    }
    b.tokens = Math.min(this.config.burst, b.tokens + ((t - b.at) / 1000) * this.config.perSecond);
    b.at = t;
    return b;
  }

  /** Takes `tokens` (default one, may be a fraction); false when the bucket holds fewer. */
  take(name: string, tokens = 1): boolean {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep();
    const b = this.bucket(name);
    if (b.tokens < tokens) return false;
    b.tokens -= tokens;
    return true;
  }

  spend(caller: string, tokens: number, charge = false): Promise<Spent> {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep();
    const b = this.bucket(caller);
    const granted = b.tokens >= Math.max(1, tokens);
    if (granted) b.tokens -= tokens;
    else if (charge) b.tokens = Math.max(-this.config.burst, b.tokens - tokens);
    return Promise.resolve({
      granted,
      remaining: Math.floor(b.tokens),
      retryAfterSeconds: this.retryAfterSeconds(caller),
    });
  }

  remaining(name: string): number {
    return Math.floor(this.bucket(name).tokens);
  }

  /** Seconds until one token is back. */
  retryAfterSeconds(name: string): number {
    const missing = 1 - this.bucket(name).tokens;
    return missing <= 0 ? 0 : Math.ceil(missing / this.config.perSecond);
  }

  private sweep(): void {
    const t = this.now();
    for (const [name, b] of this.buckets) {
      if (b.tokens + ((t - b.at) / 1000) * this.config.perSecond >= this.config.burst)
        this.buckets.delete(name);
    }
  }
}

// Per-caller rate limiting on cost, in process: a token bucket per caller name, one token per REST
// call. A caller whose bucket is empty is refused before execution with RATE_LIMITED and
// `retryAfterSeconds`; calls past an empty bucket during execution are refused the same way.
export interface RateLimitConfig {
  /** Tokens (REST calls) a caller may spend at once. */
  burst: number;
  /** Tokens a caller regains per second. */
  perSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets idle long enough to be full again are dropped, so the map stays bounded by active callers. */
const SWEEP_EVERY = 1_000;

export class RateLimiter {
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

  /** Takes one token; false when the bucket is empty. */
  take(name: string): boolean {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep();
    const b = this.bucket(name);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
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
      if (b.tokens + ((t - b.at) / 1000) * this.config.perSecond >= this.config.burst) this.buckets.delete(name);
    }
  }
}

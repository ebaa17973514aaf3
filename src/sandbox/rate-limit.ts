// A fixed one-second window per application user: past the allowance, 429 with Retry-After.
export class RateLimiter {
  private readonly windows = new Map<string, { second: number; count: number }>();

  constructor(private readonly perSecond: number | null) {}

  /** Seconds to wait, or 0 when the request may proceed. */
  check(userId: string, nowMs: number): number {
    if (this.perSecond === null) return 0;
    const second = Math.floor(nowMs / 1000);
    const window = this.windows.get(userId);
    if (!window || window.second !== second) {
      this.windows.set(userId, { second, count: 1 });
      return 0;
    }
    window.count += 1;
    return window.count > this.perSecond ? 1 : 0;
  }
}

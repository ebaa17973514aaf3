// A bound on the calls in flight to one upstream: beyond it, calls wait in FIFO order.
// Held per attempt (not across retry back-offs), so a call sleeping before its retry does not block
// others. A waiting call whose signal aborts leaves the queue at once.

export class AbortedWhileQueued extends Error {
  override name = 'AbortedWhileQueued';
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

export class Limiter {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxInFlight must be an integer >= 1 (got ${max})`);
  }

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves when a slot is held; the caller must call `release()` exactly once afterwards. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new AbortedWhileQueued('aborted'));
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        reject(new AbortedWhileQueued('aborted while waiting for a free slot'));
      };
      const waiter: Waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  release(): void {
    const next = this.queue.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next.resolve();
    else this.active--;
  }

  /** Fails every waiting call (used when the client closes). */
  rejectAll(err: Error): void {
    for (const waiter of this.queue.splice(0)) waiter.reject(err);
  }
}

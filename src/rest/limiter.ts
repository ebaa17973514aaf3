// A bound on the calls in flight to one upstream: beyond it, calls wait in FIFO order.
// Held per attempt (not across retry back-offs), so a call sleeping before its retry does not block
// others. A waiting call whose signal aborts leaves the queue at once.
import { WaitingLine } from '../shared/waiting-line';

export class AbortedWhileQueued extends Error {
  override name = 'AbortedWhileQueued';
}

export class Limiter {
  private active = 0;
  private readonly line = new WaitingLine();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`maxInFlight must be an integer >= 1 (got ${max})`);
  }

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.line.length;
  }

  /** Resolves when a slot is held; the caller must call `release()` exactly once afterwards. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new AbortedWhileQueued('aborted'));
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve();
    }
    return this.line.wait(signal, () => new AbortedWhileQueued('aborted while waiting for a free slot'));
  }

  release(): void {
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (!this.line.wakeFirst()) this.active--;
  }

  /** Fails every waiting call (used when the client closes). */
  rejectAll(err: Error): void {
    this.line.rejectAll(err);
  }
}

// Work waiting its turn, in arrival order, woken one at a time by whoever frees a place. A waiter whose
// signal aborts leaves the line at once and its promise rejects: an abandoned request holds no place.
// The REST client's limiter, the per-caller concurrency admission and the fair REST queue each keep
// their own rule for when to wake; this is the part they share.

/** A waiter's rejection when its signal fires: the signal's reason, or an error saying it was aborted. */
export function abortedWhileWaiting(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error('the request was aborted while it waited');
}

interface Waiter {
  wake: () => void;
  fail: (error: Error) => void;
}

export class WaitingLine {
  private readonly waiters: Waiter[] = [];

  get length(): number {
    return this.waiters.length;
  }

  /**
   * Resolves when `wakeFirst` reaches this waiter. When `signal` fires first, the waiter leaves the
   * line, `onLeave` runs (the owner may forget an emptied line) and the promise rejects with
   * `abortError(signal.reason)`.
   */
  wait(
    signal: AbortSignal | undefined,
    abortError: (reason: unknown) => Error,
    onLeave?: () => void,
  ): Promise<void> {
    if (signal?.aborted) {
      onLeave?.();
      return Promise.reject(abortError(signal.reason));
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        onLeave?.();
        reject(abortError(signal?.reason));
      };
      const waiter: Waiter = {
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Wakes the first waiter; false when nobody waits. */
  wakeFirst(): boolean {
    const first = this.waiters.shift();
    first?.wake();
    return first !== undefined;
  }

  /** Fails every waiter with `error` (the owner is closing). */
  rejectAll(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.fail(error);
  }
}

// Fair use of the REST API's connection slots: work waits in one queue per caller and is admitted never more than `max` at once,
// the next slot going to the waiting caller with the least work running (ties: the one whose turn
// came longest ago). A caller flooding paygraph waits behind itself; a caller with nothing running
// (a well-behaved client sending one thing at a time) goes first, whatever the flood's size.
// For REST calls `max` is the REST client's own bound, so its FIFO queue stays empty and this order
// is the order calls are sent.
function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error('the request was aborted');
}

interface Job {
  start: () => void;
  cancel: (reason: unknown) => void;
}

export class FairScheduler {
  private active = 0;
  /** Callers with waiting work, in turn order (a Map keeps insertion order). */
  private readonly lanes = new Map<string, Job[]>();
  /** Work running per caller (callers with none are absent). */
  private readonly running = new Map<string, number>();

  constructor(readonly max: number) {}

  get waiting(): number {
    let n = 0;
    for (const queue of this.lanes.values()) n += queue.length;
    return n;
  }

  run<T>(lane: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(asError(signal.reason));
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => job.cancel(signal?.reason);
      const job: Job = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.active += 1;
          this.running.set(lane, (this.running.get(lane) ?? 0) + 1);
          const done = () => {
            this.active -= 1;
            const left = this.running.get(lane)! - 1;
            if (left === 0) this.running.delete(lane);
            else this.running.set(lane, left);
            this.pump();
          };
          let started: Promise<T>;
          try {
            started = work();
          } catch (error) {
            started = Promise.reject(asError(error));
          }
          started.then(resolve, reject).finally(done);
        },
        cancel: (reason) => {
          const queue = this.lanes.get(lane);
          const i = queue?.indexOf(job) ?? -1;
          if (i < 0) return;
          queue!.splice(i, 1);
          if (queue!.length === 0) this.lanes.delete(lane);
          reject(asError(reason));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.lanes.get(lane);
      if (queue) queue.push(job);
      else this.lanes.set(lane, [job]);
      this.pump();
    });
  }

  /** The waiting caller with the least work running; the first in turn order among equals. */
  private nextLane(): string {
    let best = '';
    let fewest = Number.POSITIVE_INFINITY;
    for (const lane of this.lanes.keys()) {
      const n = this.running.get(lane) ?? 0;
      if (n < fewest) [best, fewest] = [lane, n];
      if (n === 0) break;
    }
    return best;
  }

  private pump(): void {
    while (this.active < this.max && this.lanes.size > 0) {
      const lane = this.nextLane();
      const queue = this.lanes.get(lane)!;
      this.lanes.delete(lane);
      const job = queue.shift()!;
      // The caller goes to the back of the turn order if it has more waiting.
      if (queue.length > 0) this.lanes.set(lane, queue);
      job.start();
    }
  }
}

// Fair use of the REST API's connection slots: calls wait in one queue per caller and are admitted
// round-robin, one per caller in turn, never more than `max` at once (the REST client's own bound,
// so its FIFO queue stays empty and this order is the order calls are sent). A caller flooding
// paygraph waits behind its own calls; another caller's call goes at the next free slot.
function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error('the request was aborted');
}

interface Job {
  start: () => void;
  cancel: (reason: unknown) => void;
}

export class FairScheduler {
  private active = 0;
  /** Callers with waiting calls, in turn order (a Map keeps insertion order). */
  private readonly lanes = new Map<string, Job[]>();

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
          work()
            .then(resolve, reject)
            .finally(() => {
              this.active -= 1;
              this.pump();
            });
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

  private pump(): void {
    while (this.active < this.max && this.lanes.size > 0) {
      const [lane, queue] = this.lanes.entries().next().value as [string, Job[]];
      this.lanes.delete(lane);
      const job = queue.shift()!;
      // The caller goes to the back of the turn order if it has more waiting.
      if (queue.length > 0) this.lanes.set(lane, queue);
      job.start();
    }
  }
}

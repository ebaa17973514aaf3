// Fair use of the REST API's connection slots: work waits in one queue per caller and is admitted never more than `max` at once,
// the next slot going to the waiting caller with the least work running (ties: the one whose turn
// came longest ago). A caller flooding paygraph waits behind itself; a caller with nothing running
// (a well-behaved client sending one thing at a time) goes first, whatever the flood's size.
// For REST calls `max` is the REST client's own bound, so its FIFO queue stays empty and this order
// is the order calls are sent.
import { abortedWhileWaiting, WaitingLine } from '../../shared/waiting-line';

export class FairScheduler {
  private active = 0;
  /** Callers with waiting work, in turn order (a Map keeps insertion order). */
  private readonly lanes = new Map<string, WaitingLine>();
  /** Work running per caller (callers with none are absent). */
  private readonly running = new Map<string, number>();

  constructor(readonly max: number) {}

  get waiting(): number {
    let n = 0;
    for (const line of this.lanes.values()) n += line.length;
    return n;
  }

  async run<T>(lane: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw abortedWhileWaiting(signal.reason);
    if (this.lanes.size === 0 && this.active < this.max) this.count(lane);
    else await this.turn(lane, signal);
    try {
      return await work();
    } finally {
      this.active -= 1;
      const left = this.running.get(lane)! - 1;
      if (left === 0) this.running.delete(lane);
      else this.running.set(lane, left);
      this.pump();
    }
  }

  /** Waits in the caller's line until `pump` gives it a slot (counted for it by then). */
  private turn(lane: string, signal?: AbortSignal): Promise<void> {
    let line = this.lanes.get(lane);
    if (!line) {
      line = new WaitingLine();
      this.lanes.set(lane, line);
    }
    const mine = line;
    const waited = mine.wait(signal, abortedWhileWaiting, () => {
      if (mine.length === 0 && this.lanes.get(lane) === mine) this.lanes.delete(lane);
    });
    this.pump();
    return waited;
  }

  private count(lane: string): void {
    this.active += 1;
    this.running.set(lane, (this.running.get(lane) ?? 0) + 1);
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
      const line = this.lanes.get(lane)!;
      this.lanes.delete(lane);
      this.count(lane);
      line.wakeFirst();
      // The caller goes to the back of the turn order if it has more waiting.
      if (line.length > 0) this.lanes.set(lane, line);
    }
  }
}

// Fair use of the REST API's connection slots: one queue per caller, never more than `max` at once, the
// next slot to the waiting caller with the least work running. A caller flooding paygraph waits behind
// itself; a caller with nothing running (one thing at a time) goes first, whatever the flood's size.
import { abortedWhileWaiting, WaitingLine } from '../../shared/waiting-line';

export class FairScheduler {
  private active = 0;
  /** Callers with waiting work, in turn order (a Map keeps insertion order). */
  private readonly lines = new Map<string, WaitingLine>();
  /** Work running per caller (callers with none are absent). */
  private readonly running = new Map<string, number>();

  /**
   * For REST calls `max` is the REST client's own bound, so its FIFO queue stays empty and this order
   * is the order calls are sent.
   */
  constructor(readonly max: number) {}

  get waiting(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.length;
    return n;
  }

  async run<T>(caller: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw abortedWhileWaiting(signal.reason);
    if (this.lines.size === 0 && this.active < this.max) this.count(caller);
    else await this.turn(caller, signal);
    try {
      return await work();
    } finally {
      this.active -= 1;
      const left = this.running.get(caller)! - 1;
      if (left === 0) this.running.delete(caller);
      else this.running.set(caller, left);
      this.pump();
    }
  }

  /** Waits in the caller's line until `pump` gives it a slot (counted for it by then). */
  private turn(caller: string, signal?: AbortSignal): Promise<void> {
    let line = this.lines.get(caller);
    if (!line) {
      line = new WaitingLine();
      this.lines.set(caller, line);
    }
    const mine = line;
    const waited = mine.wait(signal, abortedWhileWaiting, () => {
      if (mine.length === 0 && this.lines.get(caller) === mine) this.lines.delete(caller);
    });
    this.pump();
    return waited;
  }

  private count(caller: string): void {
    this.active += 1;
    this.running.set(caller, (this.running.get(caller) ?? 0) + 1);
  }

  /**
   * The waiting caller with the least work running; among equals the first in turn order (whose turn
   * came longest ago).
   */
  private nextCaller(): string {
    let best = '';
    let fewest = Number.POSITIVE_INFINITY;
    for (const caller of this.lines.keys()) {
      const n = this.running.get(caller) ?? 0;
      if (n < fewest) [best, fewest] = [caller, n];
      if (n === 0) break;
    }
    return best;
  }

  private pump(): void {
    while (this.active < this.max && this.lines.size > 0) {
      const caller = this.nextCaller();
      const line = this.lines.get(caller)!;
      this.lines.delete(caller);
      this.count(caller);
      line.wakeFirst();
      // The caller goes to the back of the turn order if it has more waiting.
      if (line.length > 0) this.lines.set(caller, line);
    }
  }
}

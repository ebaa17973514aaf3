// Cheap operations first while paygraph is busy: every caller can be within its rate limit while together
// they saturate the one event loop. While the loop is busier than the threshold, heavy operations wait
// here (cheapest first) and light ones never do; one that waits too long is refused (RATE_LIMITED).
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { abortedWhileWaiting } from '../../shared/waiting-line';

export interface BusyAdmissionConfig {
  /** Event-loop utilization (0-1) above which heavy operations wait; 1 or more: never. */
  busyAbove: number;
  /** An operation estimated at this many REST calls or more is heavy. */
  heavyCost: number;
  /** A caller is heavy while less than this share (0-1) of its burst is left, */
  heavyBelow: number;
  /** or while it has more than this many operations running (this one included). */
  heavyRunning: number;
  /** A heavy operation waiting longer than this is refused. */
  maxWaitMs: number;
}

/** How often utilization is measured (and waiting operations looked at): short next to a query's time. */
export const WINDOW_MS = 25;
/**
 * Heavy operations wait only while light ones are about: with none for this long the busy admission holds
 * nothing back (a workload of heavy operations alone keeps the whole CPU).
 */
export const LIGHT_MEMORY_MS = 1_000;

/** What the busy admission knows of an operation. */
export interface Operation {
  /** Its estimated REST calls. */
  cost: number;
  /** The share (0-1) of its caller's rate-limit burst left. */
  left: number;
  /** Its caller's operations running (this one included). */
  running: number;
}

interface Waiter {
  cost: number;
  admit: () => void;
}

export type AdmissionOutcome = 'admitted' | 'timeout';

/** Told of each operation that waited (for metrics), and of how many wait. */
export interface BusyAdmissionObserver {
  waited?: (outcome: 'admitted' | 'refused', waitedMs: number) => void;
  waiting?: (count: number) => void;
}

export class BusyAdmission {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private lastAt = performance.now();
  private current = 0;
  /** When a heavy operation was last let in while the loop was more than half busy. */
  private lastHeavyAt = Number.NEGATIVE_INFINITY;
  /** When a light operation last went through (at the last stage, where its cost is known). */
  private lastLightAt = Number.NEGATIVE_INFINITY;
  private readonly waiting: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly config: BusyAdmissionConfig,
    private readonly observer: BusyAdmissionObserver = {},
  ) {}

  /** Event-loop utilization over the last window (measured at most once per window). */
  utilization(): number {
    const now = performance.now();
    if (now - this.lastAt >= WINDOW_MS) {
      const next = performance.eventLoopUtilization();
      this.current = performance.eventLoopUtilization(next, this.last).utilization;
      this.last = next;
      this.lastAt = now;
    }
    return this.current;
  }

  /**
   * Heavy: its estimated REST calls reach `heavyCost` (its CPU grows with them: rows to parse, wrap and
   * write), or its caller spent most of its burst lately, or has many operations running (a flood of
   * light ones).
   */
  private isHeavy(o: Operation): boolean {
    const c = this.config;
    return c.busyAbove < 1 && (o.cost >= c.heavyCost || o.left < c.heavyBelow || o.running > c.heavyRunning);
  }

  /**
   * Whether the operation may start now; when not, a promise of when it may ('timeout' when it waited
   * past maxWaitMs; rejects when `signal` fires).
   */
  admit(
    o: Operation,
    signal?: AbortSignal,
    stage: 'request' | 'operation' = 'operation',
  ): true | Promise<AdmissionOutcome> {
    if (!this.isHeavy(o)) {
      if (stage === 'operation') this.lastLightAt = performance.now();
      return true;
    }
    if (this.waiting.length === 0 && this.roomNow()) return true;
    return new Promise<AdmissionOutcome>((resolve, reject) => {
      const since = performance.now();
      const waiter: Waiter = { cost: o.cost, admit: () => finish('admitted') };
      const finish = (outcome: AdmissionOutcome) => {
        clearTimeout(expiry);
        signal?.removeEventListener('abort', onAbort);
        this.remove(waiter);
        this.observer.waited?.(outcome === 'admitted' ? 'admitted' : 'refused', performance.now() - since);
        resolve(outcome);
      };
      const onAbort = () => {
        clearTimeout(expiry);
        this.remove(waiter);
        reject(abortedWhileWaiting(signal?.reason));
      };
      const expiry = setTimeout(() => finish('timeout'), this.config.maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.insert(waiter);
      this.schedule();
    });
  }

  /**
   * Room for one heavy operation now (and counts it when the room is the one-per-window kind): always
   * while no light operation is about; at once while the loop is less than half as busy as the
   * threshold; one per window up to the threshold; none above it.
   */
  private roomNow(): boolean {
    if (!this.lightAbout()) return true;
    const u = this.utilization();
    if (u < this.config.busyAbove / 2) return true;
    if (u >= this.config.busyAbove) return false;
    const now = performance.now();
    if (now - this.lastHeavyAt < WINDOW_MS) return false;
    this.lastHeavyAt = now;
    return true;
  }

  private lightAbout(): boolean {
    return performance.now() - this.lastLightAt < LIGHT_MEMORY_MS;
  }

  /** Sorted by cost, cheapest first; arrival order among equals. */
  private insert(waiter: Waiter): void {
    let i = this.waiting.length;
    while (i > 0 && this.waiting[i - 1].cost > waiter.cost) i--;
    this.waiting.splice(i, 0, waiter);
    this.observer.waiting?.(this.waiting.length);
  }

  private remove(waiter: Waiter): void {
    const i = this.waiting.indexOf(waiter);
    if (i >= 0) this.waiting.splice(i, 1);
    this.observer.waiting?.(this.waiting.length);
  }

  /** While operations wait, looks once per window whether the first may go. */
  private schedule(): void {
    if (this.timer || this.waiting.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // One per window even when the loop is idle: a queue let in at once would make it busy again.
      if (this.waiting.length > 0 && (!this.lightAbout() || this.utilization() < this.config.busyAbove))
        this.waiting[0].admit();
      this.schedule();
    }, WINDOW_MS);
    this.timer.unref();
  }
}

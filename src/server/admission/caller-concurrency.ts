// Per-caller concurrency, on arrival: a caller runs at most `perCaller` operations at once, the rest wait
// in a bounded queue of its own. A flooding caller thus waits behind itself, while a caller sending one
// request at a time is admitted at once; nothing is shared, so one caller's backlog never delays another's.

import { abortedWhileWaiting, WaitingLine } from '../../shared/waiting-line';

export interface CallerConcurrencyConfig {
  /** Operations of one caller running at once. */
  perCaller: number;
  /** Requests of one caller waiting beyond those; more are refused. */
  queuePerCaller: number;
}

interface CallerSlots {
  running: number;
  waiting: WaitingLine;
}

/** Gives back a caller's slot (idempotent). */
export type Release = () => void;

export class CallerConcurrency {
  private readonly callers = new Map<string, CallerSlots>();

  constructor(readonly config: CallerConcurrencyConfig) {}

  /** Operations of `caller` running now, and waiting. */
  load(caller: string): { running: number; waiting: number } {
    const slots = this.callers.get(caller);
    return { running: slots?.running ?? 0, waiting: slots?.waiting.length ?? 0 };
  }

  /**
   * A slot for one operation of `caller`: at once when it has fewer than `perCaller` running, else
   * after those before it in its queue, in arrival order; null when its queue is full (refuse the request:
   * RATE_LIMITED, HTTP 429, before its body is read, so a flood holds a few operations' worth of CPU and
   * memory). A request
   * whose `signal` fires while it waits leaves the queue, and the promise rejects.
   */
  admit(caller: string, signal?: AbortSignal): Promise<Release> | null {
    const now = this.admitNow(caller);
    if (now) return Promise.resolve(now);
    const slots = this.slotsOf(caller);
    if (slots.waiting.length >= this.config.queuePerCaller) {
      this.dropIfIdle(caller, slots);
      return null;
    }
    const leave = () => this.dropIfIdle(caller, slots);
    // A waiter is woken with the slot of the operation that ended: it is counted in `running` already.
    return slots.waiting.wait(signal, abortedWhileWaiting, leave).then(() => this.releaseOf(caller, slots));
  }

  /** A slot for `caller` if one is free now (no promise: the common case costs no turn of the event loop); else null. */
  admitNow(caller: string): Release | null {
    const slots = this.slotsOf(caller);
    return this.hasRoom(slots) ? this.start(caller, slots) : null;
  }

  private hasRoom(slots: CallerSlots): boolean {
    return slots.running < this.config.perCaller && slots.waiting.length === 0;
  }

  private slotsOf(caller: string): CallerSlots {
    let slots = this.callers.get(caller);
    if (!slots) {
      slots = { running: 0, waiting: new WaitingLine() };
      this.callers.set(caller, slots);
    }
    return slots;
  }

  private start(caller: string, slots: CallerSlots): Release {
    slots.running += 1;
    return this.releaseOf(caller, slots);
  }

  /** Gives the slot back, straight to the first waiter when there is one (`running` then stays). */
  private releaseOf(caller: string, slots: CallerSlots): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (slots.waiting.wakeFirst()) return;
      slots.running -= 1;
      this.dropIfIdle(caller, slots);
    };
  }

  /** Callers with nothing running or waiting are forgotten, so the map stays bounded by active callers. */
  private dropIfIdle(caller: string, slots: CallerSlots): void {
    if (slots.running === 0 && slots.waiting.length === 0) this.callers.delete(caller);
  }
}

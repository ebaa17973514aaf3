// Admission of operations per caller, at the door: a caller runs at most `perCaller` operations at
// once; its further requests wait in a bounded queue of its own, in arrival order, and are refused
// (RATE_LIMITED, HTTP 429) once that queue is full, before their body is read. A caller flooding
// paygraph with concurrent requests thus holds a few operations' worth of its CPU and memory and
// waits behind itself, while a caller sending one request at a time is admitted at once, whatever
// the flood's size. Nothing is shared between callers: one caller's backlog never delays another's.

import { abortedWhileWaiting, WaitingLine } from '../../shared/waiting-line';

export interface AdmissionConfig {
  /** Operations of one caller running at once. */
  perCaller: number;
  /** Requests of one caller waiting beyond those; more are refused. */
  queuePerCaller: number;
}

interface Lane {
  running: number;
  waiting: WaitingLine;
}

/** Gives back a caller's slot (idempotent). */
export type Release = () => void;

export class OperationAdmission {
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly config: AdmissionConfig) {}

  /** Operations of `caller` running now, and waiting. */
  load(caller: string): { running: number; waiting: number } {
    const lane = this.lanes.get(caller);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  /**
   * A slot for one operation of `caller`: at once when it has fewer than `perCaller` running, else
   * after those before it in its queue; null when its queue is full (refuse the request). A request
   * whose `signal` fires while it waits leaves the queue, and the promise rejects.
   */
  admit(caller: string, signal?: AbortSignal): Promise<Release> | null {
    const now = this.admitNow(caller);
    if (now) return Promise.resolve(now);
    const lane = this.laneOf(caller);
    if (lane.waiting.length >= this.config.queuePerCaller) {
      this.dropIfIdle(caller, lane);
      return null;
    }
    const leave = () => this.dropIfIdle(caller, lane);
    // A waiter is woken with the slot of the operation that ended: it is counted in `running` already.
    return lane.waiting.wait(signal, abortedWhileWaiting, leave).then(() => this.releaseOf(caller, lane));
  }

  /** A slot for `caller` if one is free now (no promise: the common case costs no turn of the event loop); else null. */
  admitNow(caller: string): Release | null {
    const lane = this.laneOf(caller);
    return this.hasRoom(lane) ? this.start(caller, lane) : null;
  }

  private hasRoom(lane: Lane): boolean {
    return lane.running < this.config.perCaller && lane.waiting.length === 0;
  }

  private laneOf(caller: string): Lane {
    let lane = this.lanes.get(caller);
    if (!lane) {
      lane = { running: 0, waiting: new WaitingLine() };
      this.lanes.set(caller, lane);
    }
    return lane;
  }

  private start(caller: string, lane: Lane): Release {
    lane.running += 1;
    return this.releaseOf(caller, lane);
  }

  /** Gives the slot back, straight to the first waiter when there is one (`running` then stays). */
  private releaseOf(caller: string, lane: Lane): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (lane.waiting.wakeFirst()) return;
      lane.running -= 1;
      this.dropIfIdle(caller, lane);
    };
  }

  /** Callers with nothing running or waiting are forgotten, so the map stays bounded by active callers. */
  private dropIfIdle(caller: string, lane: Lane): void {
    if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(caller);
  }
}

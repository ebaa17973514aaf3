// The sandbox clock joined to the store: advancing it applies what the life cycles planned for the
// time passed (./lifecycle/due/). With the real clock, time also passes on its own: before each
// request the sandbox catches up with what came due meanwhile.
import { SandboxClock, type ClockMode } from './clock';
import { DueAgenda, runDue, type DueEvent } from './lifecycle/due/index';
import type { Store } from './store';

export class Timeline {
  readonly clock: SandboxClock;
  /**
   * With the real clock only; it keeps the store's write journal open for the sandbox's life. The
   * catch-up runs before every request, so it must cost next to nothing when little came due: the
   * agenda of what is planned (one scan when the sandbox starts, then only the objects written since)
   * spares scanning the store each time.
   */
  private readonly agenda: DueAgenda | undefined;

  /** `wall`: the real clock's source of time (tests and benchmarks pass one they move themselves). */
  constructor(
    mode: ClockMode,
    private readonly store: Store,
    wall?: () => number,
  ) {
    this.clock = new SandboxClock(mode, wall);
    if (mode === 'real') this.agenda = new DueAgenda(store, this.clock.startedAt);
  }

  readonly now = (): Date => this.clock.now();

  /**
   * Moves the clock forward by `ms` and applies everything that came due; returns what happened. The
   * manual clock runs the rules afresh over the whole window since the start; the real clock's
   * advance is one more catch-up of its agenda.
   */
  advance(ms: number): DueEvent[] {
    const now = this.clock.advance(ms);
    return this.agenda ? this.agenda.catchUp(now) : runDue(this.store, this.clock.startedAt, now);
  }

  /** With the real clock: applies what came due since the last catch-up (none with the manual clock). */
  catchUp(): DueEvent[] {
    return this.agenda ? this.agenda.catchUp(this.clock.now()) : [];
  }
}

// The sandbox clock joined to the store: advancing it applies what the life cycles planned for the
// time passed (./lifecycle/due.ts). With the real clock, time also passes on its own: before each
// request the sandbox catches up with what came due meanwhile (at most once a second, as a scan).
import { SandboxClock, type ClockMode } from './clock';
import { runDue, type DueEvent } from './lifecycle/due';
import type { Store } from './store';

const CATCH_UP_EVERY_MS = 1000;

export class Timeline {
  readonly clock: SandboxClock;
  private lastCatchUp = 0;

  constructor(
    mode: ClockMode,
    private readonly store: Store,
  ) {
    this.clock = new SandboxClock(mode);
  }

  readonly now = (): Date => this.clock.now();

  /** Moves the clock forward by `ms` and applies everything that came due; returns what happened. */
  advance(ms: number): DueEvent[] {
    const now = this.clock.advance(ms);
    return runDue(this.store, this.clock.startedAt, now);
  }

  /** With the real clock: applies what came due since the last look (throttled). */
  catchUp(): void {
    if (this.clock.mode !== 'real') return;
    const wall = Date.now();
    if (wall - this.lastCatchUp < CATCH_UP_EVERY_MS) return;
    this.lastCatchUp = wall;
    runDue(this.store, this.clock.startedAt, this.clock.now());
  }
}

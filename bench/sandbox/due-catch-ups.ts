// The real clock's catch-ups, for bench/sandbox/due-steps.ts: what runs before every request. A store
// seeded afresh (its plans ahead of the clock) and a Timeline on a wall clock the benchmark moves, so
// that no row waits for time to pass. The first row times the full scan a catch-up was before the
// agenda (runDue over the whole window, nothing due), on the same store, just before the agenda.
import { runDue } from '../../src/sandbox/lifecycle/due/index';
import { createTransaction } from '../../src/sandbox/lifecycle/transactions/create';
import { seedStore } from '../../src/sandbox/seed';
import type { SeedSize } from '../../src/sandbox/seed/sizes';
import { Store } from '../../src/sandbox/store';
import { Timeline } from '../../src/sandbox/timeline';

export interface CatchUpRow {
  what: string;
  runs: number;
  steps: number;
  medianMs: number;
  maxMs: number;
  /** The process's resident set after the row (the jumps' store is still held: compare rows, not totals). */
  rssMb: number;
}

const SECOND = 1000;
const LINES = [{ name: 'Desk', quantity: 1, amountIncludingTax: 300, type: 'PRODUCT', uniqueId: 'desk' }];

/** Runs `once` `runs` times (each returning the steps it applied) and sums up the times. */
function timed(what: string, runs: number, once: (i: number) => number): CatchUpRow {
  const times: number[] = [];
  let steps = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    steps += once(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = {
    what,
    runs,
    steps,
    medianMs: times[Math.floor(runs / 2)],
    maxMs: times[runs - 1],
    rssMb: process.memoryUsage().rss / 1e6,
  };
  console.error(
    `${what}: ${runs} x, ${steps} steps, median ${row.medianMs.toFixed(2)} ms, RSS ${row.rssMb.toFixed(0)} MB`,
  );
  return row;
}

export function catchUpRows(size: SeedSize, runs: number): CatchUpRow[] {
  const start = Date.now();
  let wall = start;
  const store = new Store();
  const { spaces } = seedStore(store, 1, new Date(start), { size });
  const since = new Date(start);
  const rows = [timed('seeded', 1, () => 0)];
  rows.push(
    timed(
      'full scan 1 s later (the catch-up before the agenda)',
      runs,
      (i) => runDue(store, since, new Date(start + (i + 1) * SECOND)).length,
    ),
  );
  let timeline: Timeline | undefined;
  rows.push(
    timed('agenda built: its one scan', 1, () => {
      timeline = new Timeline('real', store, () => wall);
      return 0;
    }),
  );
  const catchUp = () => timeline!.catchUp().length;
  rows.push(timed('1 s later, nothing written', runs, () => ((wall += SECOND), catchUp())));
  rows.push(
    timed("1 s later, one request's writes before it", runs, () => {
      wall += SECOND;
      createTransaction(store, spaces[0], { currency: 'CHF', lineItems: LINES }, new Date(wall), '1');
      return catchUp();
    }),
  );
  rows.push(timed('1 day later', 1, () => ((wall += 86_400 * SECOND), catchUp())));
  rows.push(timed('39 days in catch-ups 1 h apart', 39 * 24, () => ((wall += 3_600 * SECOND), catchUp())));
  return rows;
}

// From per-round cells to what the report shows: medians over rounds, and ratios paired per round
// (paygraph's value of a round divided by the other contender's value of the same round).
import type { ContenderName } from './contenders';
import type { CellResult, Results } from './results';

export interface Summary {
  restCalls?: string;
  restRounds?: number;
  seqP50?: number;
  seqP99?: number;
  loadP50?: number;
  loadP99?: number;
  opsPerSecond?: number;
  cpuMsPerOp?: number;
  rssMb?: number;
  errors: number;
  unavailable?: string;
}

export interface Ratio {
  median: number;
  min: number;
  max: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

const measured = (cells: CellResult[]) => cells.filter((c) => !c.unavailable && c.load);

export function cellsOf(r: Results, scenario: string, contender: ContenderName): CellResult[] {
  return r.cells.filter((c) => c.scenario === scenario && c.contender === contender);
}

export function summarize(cells: CellResult[]): Summary {
  const ok = measured(cells);
  if (!ok.length) return { errors: 0, unavailable: cells[0]?.unavailable ?? 'not run' };
  const calls = ok.map((c) => c.restCalls!);
  const [lo, hi] = [Math.min(...calls), Math.max(...calls)];
  const of = (f: (c: CellResult) => number) => median(ok.map(f));
  return {
    restCalls: lo === hi ? String(lo) : `${lo}–${hi}`,
    restRounds: ok.find((c) => c.restRounds !== undefined)?.restRounds,
    seqP50: of((c) => c.sequential!.p50),
    seqP99: of((c) => c.sequential!.p99),
    loadP50: of((c) => c.load!.p50),
    loadP99: of((c) => c.load!.p99),
    opsPerSecond: of((c) => c.load!.opsPerSecond),
    cpuMsPerOp: of((c) => c.cpuMsPerOp!),
    rssMb: of((c) => c.rssMbAfter!),
    errors: ok.reduce((n, c) => n + c.load!.errors, 0),
    unavailable: ok.length < cells.length ? cells.find((c) => c.unavailable)?.unavailable : undefined,
  };
}

/** paygraph / other per round, for rounds where both were measured. */
export function pairedRatio(
  a: CellResult[],
  b: CellResult[],
  value: (c: CellResult) => number,
): Ratio | undefined {
  const ratios: number[] = [];
  for (const x of measured(a)) {
    const y = measured(b).find((c) => c.round === x.round);
    if (y && value(y) > 0) ratios.push(value(x) / value(y));
  }
  if (!ratios.length) return undefined;
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

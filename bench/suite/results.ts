// What a run records: one cell per round, contender and scenario, cold starts per round and
// contender, and what the contenders could not do.
import type { ContenderName } from './contenders';
import type { Cell } from './measure';

export interface CellResult extends Partial<Cell> {
  round: number;
  contender: ContenderName;
  scenario: string;
  /** Why there is no measurement (Mesh cannot express it, or the operation failed). */
  unavailable?: string;
}

export interface ColdStart {
  round: number;
  contender: ContenderName;
  ms: number;
  rssMb: number;
}

export interface Settings {
  rounds: number;
  seconds: number;
  samples: number;
  connections: number;
  latencyMs: number;
  scenarios: string[];
  contenders: ContenderName[];
}

export interface Machine {
  date: string;
  node: string;
  os: string;
  cpus: string;
  memoryGb: number;
  loadBefore: number[];
  loadAfter: number[];
  commit: string;
  versions: Record<string, string>;
  composeMs: number;
  durationS: number;
}

export interface Results {
  settings: Settings;
  machine: Machine;
  scenarios: { name: string; title: string; note?: string; writes?: boolean }[];
  cells: CellResult[];
  coldStarts: ColdStart[];
}

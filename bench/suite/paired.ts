// `node --import tsx bench/suite/paired.ts bench/suite/reports/bench-<stamp>.json`: a run's gateway CPU per
// operation per scenario, as medians per contender and ratios paired per round: paygraph against each
// other contender it ran with (`before` for an A/B of one change, `minimum` for the floor), with the REST
// calls and rounds of each contender (they must stay equal to the minimum's).
import { readFileSync } from 'node:fs';
import { cellsOf } from './aggregate';
import type { ContenderName } from './contenders';
import type { Results } from './results';

const file = process.argv[2];
if (!file) throw new Error('usage: paired.ts <bench-*.json of bench/suite/reports>');
const r = JSON.parse(readFileSync(file, 'utf8')) as Results;
/** The middle value, or the mean of the two middle values of an even count (2 rounds: their mean). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const others = r.settings.contenders.filter((c) => c !== 'paygraph');

function cpu(scenario: string, c: ContenderName): Map<number, number> {
  return new Map(
    cellsOf(r, scenario, c).flatMap((x) =>
      x.cpuMsPerOp === undefined ? [] : [[x.round, x.cpuMsPerOp] as const],
    ),
  );
}

function paired(scenario: string, other: ContenderName): string {
  const mine = cpu(scenario, 'paygraph');
  const theirs = cpu(scenario, other);
  const ratios = [...mine].flatMap(([round, v]) => (theirs.has(round) ? [v / theirs.get(round)!] : []));
  if (!ratios.length) return 'n/a';
  return `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`;
}

function calls(scenario: string, c: ContenderName): string {
  const cells = cellsOf(r, scenario, c).filter((x) => x.restCalls !== undefined);
  const rounds = cells.find((x) => x.restRounds !== undefined)?.restRounds;
  return cells.length ? `${cells[0].restCalls}/${rounds ?? '?'}` : 'n/a';
}

const header = [
  'scenario',
  ...r.settings.contenders.map((c) => `${c} CPU ms/op`),
  ...others.map((c) => `paygraph/${c}`),
  ...r.settings.contenders.map((c) => `${c} calls/rounds`),
];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const scenario of r.settings.scenarios) {
  const cells = [
    scenario,
    ...r.settings.contenders.map((c) => median([...cpu(scenario, c).values()]).toFixed(2)),
    ...others.map((c) => paired(scenario, c)),
    ...r.settings.contenders.map((c) => calls(scenario, c)),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
console.log(
  `\n${r.settings.rounds} rounds x ${r.settings.seconds} s, load ${r.machine.loadBefore[0]} -> ${r.machine.loadAfter[0]}`,
);

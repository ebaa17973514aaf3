// `node --import tsx bench/sandbox/due-steps.ts [--size large] [--jumps PT1S,PT1H,P1D,P39D] [--catch-ups N] [--label TEXT]`:
// how long advancing the sandbox clock (`Timeline.advance`, what POST /__admin/clock runs) takes when
// many planned steps come due at once over a large store. The store is seeded in process with its
// "now" at the clock's start, so that what the seed plans (completion timeouts, scheduled charges,
// period bills, suspensions ending) lies ahead of the clock; `startSandbox` seeds at a fixed past date,
// whose plans never come due. The jumps run one after the other on the same store; each row is one
// advance: the objects stored, the steps applied, its time. Then the real clock's catch-ups (what runs
// before every request) on a store seeded afresh, with a wall clock the benchmark moves: the full scan
// a catch-up used to be, the agenda's first scan, N catch-ups 1 s apart with nothing written, N with
// one request's writes before each, and one after a day; with the process's RSS before and after the
// agenda. Prints tables and saves a Markdown report in bench/sandbox/reports/ (due-steps-<date>.md).
// Not part of the test suite.
import { parseArgs } from 'node:util';
import { parseDuration } from '../../src/sandbox/clock';
import { seedStore } from '../../src/sandbox/seed';
import { SEED_SIZES, type SeedSize } from '../../src/sandbox/seed/sizes';
import { Store } from '../../src/sandbox/store';
import { Timeline } from '../../src/sandbox/timeline';
import { catchUpRows, type CatchUpRow } from './due-catch-ups';
import { benchCommit } from '../suite/machine';
import { environment, markdownTable, printColumns, saveMarkdown } from './report';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'large' },
    jumps: { type: 'string', default: 'PT1S,PT1H,P1D,P39D' },
    'catch-ups': { type: 'string', default: '30' },
    label: { type: 'string' },
  },
});
const size = values.size as SeedSize;
if (!SEED_SIZES.includes(size))
  throw new Error(`--size is one of ${SEED_SIZES.join(', ')}, not "${values.size}"`);
const jumps = values.jumps.split(',').map((jump) => ({ jump, ms: parseDuration(jump) }));
const catchUps = Number(values['catch-ups']);
if (!Number.isInteger(catchUps) || catchUps < 0)
  throw new Error(`--catch-ups is a whole number (0: none), not "${values['catch-ups']}"`);

interface Row {
  jump: string;
  objects: number;
  steps: number;
  ms: number;
}

const store = new Store();
const timeline = new Timeline('manual', store);
const seedStarted = performance.now();
seedStore(store, 1, timeline.clock.startedAt, { size });
const seedMs = performance.now() - seedStarted;
const objects = () => store.models().reduce((sum, model) => sum + store.count(model), 0);

const rows: Row[] = [];
for (const { jump, ms } of jumps) {
  const started = performance.now();
  const happened = timeline.advance(ms);
  rows.push({ jump, objects: objects(), steps: happened.length, ms: performance.now() - started });
  console.error(`${jump}: ${happened.length} steps in ${(performance.now() - started).toFixed(0)} ms`);
}

const catchUpTable: CatchUpRow[] = catchUps ? catchUpRows(size, catchUps) : [];

const env = environment();
const label = values.label ?? benchCommit();
const header = ['jump', 'objects', 'steps applied', 'ms', 'ms per step'];
const cells = (r: Row) => [
  r.jump,
  String(r.objects),
  String(r.steps),
  r.ms.toFixed(0),
  r.steps ? (r.ms / r.steps).toFixed(2) : '-',
];
printColumns([header, ...rows.map(cells)]);
const catchUpHeader = ['real clock', 'catch-ups', 'steps applied', 'median ms', 'max ms', 'RSS MB after'];
const catchUpCells = (r: CatchUpRow) => [
  r.what,
  String(r.runs),
  String(r.steps),
  r.medianMs.toFixed(2),
  r.maxMs.toFixed(2),
  r.rssMb.toFixed(0),
];
if (catchUpTable.length) {
  console.log('');
  printColumns([catchUpHeader, ...catchUpTable.map(catchUpCells)]);
}

const report = [
  `# Sandbox due steps ${env.date} (${label})`,
  '',
  `Node ${env.node}, ${env.cpus}, load average before the run ${env.loadBefore.toFixed(2)}.`,
  `Seed \`${size}\` in process (${(seedMs / 1000).toFixed(1)} s), planned at the clock's start; manual clock;`,
  `jumps one after the other on the same store: \`node --import tsx bench/sandbox/due-steps.ts --size ${size} --jumps ${values.jumps} --catch-ups ${catchUps}\`.`,
  '',
  ...markdownTable([header, ...rows.map(cells)]),
  ...(catchUpTable.length
    ? [
        `Real clock, seed \`${size}\` afresh, planned at the clock's start; wall clock moved by the benchmark (\`--catch-ups ${catchUps}\`):`,
        '',
        ...markdownTable([catchUpHeader, ...catchUpTable.map(catchUpCells)]),
      ]
    : []),
].join('\n');
console.log(`saved ${saveMarkdown('due-steps', env.date, report)}`);

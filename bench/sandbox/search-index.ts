// `node --import tsx bench/sandbox/search-index.ts [--size large] [--runs 30] [--label TEXT]`: what a
// search operation costs in process when its query requires an equality the store's field index can
// serve (what paygraph's child lists, natural links and batched lookups send), against the scan of
// every visible object it replaced. Both run the real handler code on the same seeded store: the scan
// is `searchObjects` over `visibleObjects` (every object of the base), the index is the search
// handler. Runs are interleaved (scan, index, scan, ...) with a different looked-up value each run;
// the first index run of each scenario, which builds the index, is timed apart. Prints a table and
// saves a Markdown report in bench/sandbox/reports/ (search-index-<date>.md). Not part of the test suite.
import { parseArgs } from 'node:util';
import { resourceOf } from '../../src/catalog';
import type { HandlerRequest, HandlerResult, SandboxState } from '../../src/sandbox/context';
import { visibleObjects } from '../../src/sandbox/handlers/addressing';
import { searchObjects, standardHandler } from '../../src/sandbox/handlers/standard';
import { createRenderer } from '../../src/sandbox/render';
import { quoteValue } from '../../src/sandbox/search';
import { seedStore } from '../../src/sandbox/seed';
import { SEED_SIZES, type SeedSize } from '../../src/sandbox/seed/sizes';
import { Store, type StoredObject } from '../../src/sandbox/store';
import { benchCommit } from '../suite/machine';
import { environment, markdownTable, printColumns, saveMarkdown } from './report';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'large' },
    runs: { type: 'string', default: '30' },
    label: { type: 'string' },
  },
});
const size = values.size as SeedSize;
if (!SEED_SIZES.includes(size))
  throw new Error(`--size is one of ${SEED_SIZES.join(', ')}, not "${values.size}"`);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs is a whole number of at least 1, not "${values.runs}"`);

const store = new Store();
const seedStarted = performance.now();
seedStore(store, 1, undefined, { size });
const seedMs = performance.now() - seedStarted;
const sandbox = {
  store,
  settings: {
    seed: 1,
    users: [],
    iatWindowSeconds: 600,
    bulkMaxItems: 100,
    rateLimitPerSecond: null,
    credentialsTtlSeconds: 600,
  },
  render: createRenderer(store),
  now: () => new Date(),
} satisfies SandboxState;

interface Scenario {
  model: string;
  /** The query of run `i`, and the space of the object it was made from. */
  query: (i: number) => { query: string; space: number | null };
  shown: string;
}

/** Objects of `model` spread over the whole model, so that runs look up different values. */
function sample(model: string): StoredObject[] {
  const all = store.list(model);
  const step = Math.max(1, Math.floor(all.length / (runs * 4)));
  return all.filter((_, i) => i % step === 0);
}

function scenario(
  model: string,
  shown: string,
  make: (objects: StoredObject[], i: number) => string,
): Scenario {
  const objects = sample(model);
  return {
    model,
    shown,
    query: (i) => ({
      query: make(objects, i),
      space: store.spaceOf(model, objects[i % objects.length].id as number) ?? null,
    }),
  };
}

const pick = (objects: StoredObject[], i: number, offset = 0) => objects[(i * 4 + offset) % objects.length];
const scenarios: Scenario[] = [
  scenario(
    'TransactionCompletion',
    'linkedTransaction:<id>',
    (o, i) => `linkedTransaction:${String(pick(o, i).linkedTransaction)}`,
  ),
  scenario('Transaction', 'id:<a> OR id:<b> (20 ids)', (o, i) =>
    Array.from({ length: 20 }, (_, k) => `id:${String(pick(o, i, k).id)}`).join(' OR '),
  ),
  scenario(
    'Customer',
    'customerId:"a" OR customerId:"b"',
    (o, i) =>
      `customerId:${quoteValue(String(pick(o, i).customerId))} OR customerId:${quoteValue(String(pick(o, i, 1).customerId))}`,
  ),
  scenario(
    'Transaction',
    'customerId:"a" AND state:FULFILL',
    (o, i) => `customerId:${quoteValue(String(pick(o, i).customerId))} AND state:FULFILL`,
  ),
  scenario(
    'SubscriptionVersion',
    'subscription.id:<id>',
    (o, i) => `subscription.id:${String(pick(o, i).subscription)}`,
  ),
];

function request(model: string, query: string, space: number | null): HandlerRequest {
  const resource = resourceOf(model);
  return {
    op: resource.ops.S!,
    params: {},
    query: new URLSearchParams({ query, limit: '100' }),
    space,
    user: { id: 'bench', key: Buffer.alloc(0), spaces: null },
    body: undefined,
    expand: new Map(),
    now: sandbox.now(),
  };
}

function timed(run: () => unknown): { ms: number; hits: number } {
  const started = performance.now();
  const body = run() as { data: unknown[] };
  return { ms: performance.now() - started, hits: body.data.length };
}

/** The search handler answers synchronously; a promise would be a change this benchmark must not hide. */
function bodyOf(result: HandlerResult | Promise<HandlerResult>): unknown {
  if (result instanceof Promise) throw new Error('the search handler answered with a promise');
  return result.body;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Row {
  model: string;
  query: string;
  objects: number;
  buildMs: number;
  scanMs: number;
  indexMs: number;
}

const rows: Row[] = [];
for (const s of scenarios) {
  const resource = resourceOf(s.model);
  const search = standardHandler(s.model, 'S');
  const first = s.query(runs);
  const build = timed(() => bodyOf(search(request(s.model, first.query, first.space), sandbox)));
  const scan: number[] = [];
  const index: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const { query, space } = s.query(i);
    const req = request(s.model, query, space);
    const a = timed(() => searchObjects(s.model, visibleObjects(resource, req, sandbox), req, sandbox));
    const b = timed(() => bodyOf(search(req, sandbox)));
    if (a.hits !== b.hits)
      throw new Error(`${s.model} ${query}: the scan found ${a.hits}, the index ${b.hits}`);
    scan.push(a.ms);
    index.push(b.ms);
  }
  rows.push({
    model: s.model,
    query: s.shown,
    objects: store.count(s.model),
    buildMs: build.ms,
    scanMs: median(scan),
    indexMs: median(index),
  });
  console.error(
    `${s.model} ${s.shown}: scan ${median(scan).toFixed(2)} ms, index ${median(index).toFixed(3)} ms`,
  );
}

const header = [
  'model',
  'query',
  'objects',
  'first (builds index) ms',
  'scan median ms',
  'index median ms',
  'scan / index',
];
const cells = (r: Row) => [
  r.model,
  r.query,
  String(r.objects),
  r.buildMs.toFixed(1),
  r.scanMs.toFixed(2),
  r.indexMs.toFixed(3),
  `${(r.scanMs / r.indexMs).toFixed(1)}x`,
];
printColumns([header, ...rows.map(cells)]);

const env = environment();
const report = [
  `# Sandbox searches through the field index ${env.date} (${values.label ?? benchCommit()})`,
  '',
  `Node ${env.node}, ${env.cpus}, load average before the run ${env.loadBefore.toFixed(2)}. Seed \`${size}\` in process`,
  `(${(seedMs / 1000).toFixed(1)} s); ${runs} interleaved runs per scenario, limit 100, rendered as the sandbox renders:`,
  `\`node --import tsx bench/sandbox/search-index.ts --size ${size} --runs ${runs}\`.`,
  '',
  ...markdownTable([header, ...rows.map(cells)]),
].join('\n');
console.log(`saved ${saveMarkdown('search-index', env.date, report)}`);

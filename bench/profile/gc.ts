// `node --import tsx bench/profile/gc.ts [--build 'NAME=DIR [NODE-ARG | VAR=VALUE]...']... [--scenario page]
//   [--seconds 5] [--connections 8]`
// What garbage collection costs a built server per operation: each build is started with V8's
// `--trace-gc-nvp` (one line of name=value pairs per collection, on stdout) over the sandbox child with
// 5 ms REST latency, warmed up, then loaded; the collections during the load are summed: bytes
// allocated and promoted to the old generation per operation, scavenges and mark-compacts with their
// pauses, and the share of the load's time spent paused. Promotion is what makes mark-compacts: an
// object is promoted when it is still alive at its second scavenge.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { load, parseBuild, saveReport, startUpstream, type Build, type Upstream } from './runner';
import { requestBody, scenarios } from './scenarios';
import { startServer } from './server';

interface Collection {
  kind: 'scavenge' | 'mark-compact' | 'other';
  pauseMs: number;
  allocated: number;
  promoted: number;
}

/** One `--trace-gc-nvp` line (`pause=1.2 ... gc=s ... allocated=123 promoted=45 ...`), or undefined. */
export function parseCollection(line: string): Collection | undefined {
  const pairs = new Map<string, string>();
  for (const m of line.matchAll(/(\S+)=(\S+)/g)) pairs.set(m[1], m[2]);
  const gc = pairs.get('gc');
  if (gc === undefined || !pairs.has('pause')) return undefined;
  return {
    kind: gc === 's' ? 'scavenge' : gc === 'mc' || gc === 'ms' ? 'mark-compact' : 'other',
    pauseMs: Number(pairs.get('pause')),
    allocated: Number(pairs.get('allocated') ?? 0),
    promoted: Number(pairs.get('promoted') ?? 0),
  };
}

interface Row {
  build: string;
  ops: number;
  allocatedKb: number;
  promotedKb: number;
  scavenges: string;
  markCompacts: string;
  pausedPercent: number;
}

function summary(build: string, ops: number, seconds: number, collections: Collection[]): Row {
  const of = (kind: Collection['kind']) => collections.filter((c) => c.kind === kind);
  const total = (list: Collection[], key: 'pauseMs' | 'allocated' | 'promoted') =>
    list.reduce((sum, c) => sum + c[key], 0);
  const counted = (list: Collection[]) => `${list.length} (${total(list, 'pauseMs').toFixed(0)} ms)`;
  return {
    build,
    ops,
    allocatedKb: total(collections, 'allocated') / ops / 1024,
    promotedKb: total(collections, 'promoted') / ops / 1024,
    scavenges: counted(of('scavenge')),
    markCompacts: counted(of('mark-compact')),
    pausedPercent: total(collections, 'pauseMs') / (seconds * 10),
  };
}

async function measure(build: Build, up: Upstream, body: string, seconds: number, connections: number) {
  const collections: Collection[] = [];
  let recording = false;
  const server = await startServer({
    entry: build.entry,
    restUrl: up.sandbox.baseUrl,
    userId: up.user.id,
    authKey: up.user.key,
    nodeArgs: [...build.nodeArgs, '--trace-gc-nvp'],
    env: build.env,
    onLine: (line) => {
      const collection = recording ? parseCollection(line) : undefined;
      if (collection) collections.push(collection);
    },
  });
  try {
    await load(server.url, body, connections, 2); // warm-up: JIT, pools, caches
    recording = true;
    const result = await load(server.url, body, connections, seconds);
    recording = false;
    if (result.non2xx || result.errors)
      throw new Error(`load run: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return summary(build.name, result.requests.total, seconds, collections);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      build: { type: 'string', multiple: true, default: ['current=dist'] },
      scenario: { type: 'string', default: 'page' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
    },
  });
  const scenario = scenarios[values.scenario];
  if (!scenario) throw new Error(`--scenario must be one of ${Object.keys(scenarios).join(', ')}`);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const up = await startUpstream(5);
  const rows: Row[] = [];
  try {
    const body = requestBody(scenario, up);
    for (const spec of values.build)
      rows.push(await measure(parseBuild(spec), up, body, seconds, connections));
  } finally {
    await up.sandbox.stop();
  }
  const text = [
    `# Garbage collection per operation, ${scenario.name}: ${seconds} s, ${connections} connections, 5 ms REST latency`,
    `${new Date().toISOString()} · node ${process.version} · load before ${loadavg()[0].toFixed(2)}`,
    '',
    '| build | operations | allocated KB/op | promoted KB/op | scavenges (pause) | mark-compacts (pause) | paused % of the load |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.build} | ${r.ops} | ${r.allocatedKb.toFixed(0)} | ${r.promotedKb.toFixed(1)} | ${r.scavenges} | ${r.markCompacts} | ${r.pausedPercent.toFixed(1)} |`,
    ),
  ].join('\n');
  process.stdout.write(`${text}\n`);
  saveReport(`gc-${values.scenario}`, text);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

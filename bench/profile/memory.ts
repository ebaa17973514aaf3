// `node --import tsx bench/profile/memory.ts [--build 'NAME=DIR [NODE-ARG | VAR=VALUE]...']... [--scenario page]
//   [--seconds 10] [--connections 8] [--rounds 1]`
// Where a built server's resident memory is, once started and after a load: RSS split into the V8
// heap by space (committed / used), the rest of the anonymous memory (malloc, stacks, buffers) and
// the file-backed pages (the node binary), and what is live after a full collection. Each build is
// started fresh with memory-probe.mjs loaded and --expose-gc; CPU per operation and ops/s of the load
// show what a bound costs. Builds alternate over rounds; a report goes to reports/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load, loadOptions, parseBuild, ROOT, startUpstream, type Build, type Upstream } from './runner';
import { requestBody, scenarios } from './scenarios';
import { startServer, type ServerUnderTest } from './server';

const LATENCY_MS = 5;
const PROBE = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));

interface State {
  rss: number;
  rssAnon: number;
  rssFile: number;
  heapCommitted: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heapLimit: number;
  spaces: Record<string, { committed: number; used: number }>;
}

interface Probe {
  asIs: State;
  afterFullGc?: State;
}

interface Row {
  build: string;
  phase: string;
  probe: Probe;
  cpuMsPerOp?: number;
  opsPerSecond?: number;
}

async function probe(server: ServerUnderTest, file: string): Promise<Probe> {
  rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let waited = 0; waited < 30_000; waited += 50) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Probe;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`the server wrote no memory probe to ${file} within 30 s`);
}

async function measure(
  b: Build,
  up: Upstream,
  body: string,
  o: { connections: number; seconds: number },
  dir: string,
): Promise<Row[]> {
  const file = join(dir, `${b.name}.json`);
  const server = await startServer({
    entry: b.entry,
    restUrl: up.sandbox.baseUrl,
    userId: up.user.id,
    authKey: up.user.key,
    nodeArgs: ['--import', PROBE, '--expose-gc', ...b.nodeArgs],
    env: { ...b.env, PAYGRAPH_MEMORY_PROBE: file },
    cwd: ROOT,
  });
  try {
    const check = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (!check.ok) throw new Error(`the query answered ${check.status}`);
    await check.arrayBuffer();
    const started = await probe(server, file);
    await load(server.url, body, o.connections, 2); // warm-up, as run.ts
    const cpu0 = server.cpuSeconds();
    const result = await load(server.url, body, o.connections, o.seconds);
    const cpuMsPerOp = ((server.cpuSeconds() - cpu0) * 1000) / result.requests.total;
    if (result.non2xx || result.errors)
      throw new Error(`load run: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    const loaded = await probe(server, file);
    return [
      { build: b.name, phase: 'started', probe: started },
      {
        build: b.name,
        phase: 'after load',
        probe: loaded,
        cpuMsPerOp,
        opsPerSecond: result.requests.average,
      },
    ];
  } finally {
    await server.stop();
  }
}

const f0 = (x: number | undefined) => (x === undefined ? '' : x.toFixed(0));
const f1 = (x: number | undefined) => (x === undefined ? '' : x.toFixed(1));

function line(r: Row): string {
  const s = r.probe.asIs;
  const space = (name: string) => s.spaces[name];
  const pair = (name: string) =>
    space(name) ? `${f0(space(name).committed)} / ${f0(space(name).used)}` : '';
  const large = (space('large_object')?.committed ?? 0) + (space('new_large_object')?.committed ?? 0);
  const live = r.probe.afterFullGc;
  return (
    `| ${r.build} | ${r.phase} | ${f0(s.rss)} | ${f0(s.rssFile)} | ${f0(s.rssAnon - s.heapCommitted)} | ${f0(s.heapCommitted)} | ` +
    `${pair('new')} | ${pair('old')} | ${pair('code')} | ${f0(large)} | ${f0(s.arrayBuffers)} | ${f0(s.heapLimit)} | ` +
    `${live ? `${f0(live.heapUsed)} (old ${f0(live.spaces.old?.used)})` : ''} | ${live ? f0(live.rss) : ''} | ${f1(r.cpuMsPerOp)} | ${f0(r.opsPerSecond)} |`
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...loadOptions('1'),
    },
  });
  const scenario = scenarios[values.scenario];
  if (!scenario) throw new Error(`--scenario must be one of ${Object.keys(scenarios).join(', ')}`);
  const builds = values.build.map(parseBuild);
  const o = {
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  };
  const loadBefore = loadavg()[0];
  const dir = mkdtempSync(join(tmpdir(), 'paygraph-memory-'));
  const up = await startUpstream(LATENCY_MS);
  const rows: Row[] = [];
  try {
    const body = requestBody(scenario, up);
    for (let round = 0; round < o.rounds; round++) {
      for (const b of round % 2 === 0 ? builds : [...builds].reverse()) {
        const measured = await measure(b, up, body, o, dir);
        console.log(measured.map(line).join('\n'));
        rows.push(...measured);
      }
    }
  } finally {
    await up.sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const text = [
    `# Memory, ${scenario.name}: ${o.rounds} round(s) x ${o.seconds} s, ${o.connections} connections, ${LATENCY_MS} ms REST latency`,
    `${new Date().toISOString()} · node ${process.version} · load before ${loadBefore.toFixed(2)}`,
    '',
    'MB. Heap spaces committed / used; "other anon" is resident anonymous memory outside the V8 heap (malloc, stacks, buffers);',
    '"file" is file-backed (mostly the node binary); live is the heap used, and RSS, after a full collection.',
    '',
    '| build | phase | RSS | file | other anon | V8 heap | new | old | code | large objects | array buffers | heap limit | live heap | RSS after GC | CPU ms/op | ops/s |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(line),
  ].join('\n');
  console.log(`\n${text}`);
  const reports = new URL('./reports/', import.meta.url);
  mkdirSync(reports, { recursive: true });
  const out = new URL(
    `memory-${values.scenario}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`,
    reports,
  );
  writeFileSync(out, `${text}\n`);
  console.log(`saved ${out.pathname}`);
}

await main();

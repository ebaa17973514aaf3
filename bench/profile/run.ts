// `node --import tsx bench/profile/run.ts [--build 'NAME=DIR [NODE-ARG | VAR=VALUE]...']... [--scenario page] [--rounds 5] [--seconds 10]
//   [--connections 8] [--cpu-prof DIR] [--node-arg ARG]...`
// Loads built paygraph servers (`node scripts/build.mjs DIR` builds one; the default is dist/) over one
// sandbox child with 5 ms added latency per REST request, with autocannon at N connections, and reports
// per build: gateway CPU per operation (process CPU time / operations), operations per second, REST
// calls per operation (from /metrics), RSS after load. Builds alternate within each round (the order
// flips every round), each server started fresh; medians over rounds and the paired ratio per round.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { load, loadOptions, parseBuild, ROOT, startUpstream } from './runner';
import { requestBody, scenarios } from './scenarios';
import { startServer, type ServerUnderTest } from './server';

const LATENCY_MS = 5;

interface Sample {
  cpuMsPerOp: number;
  opsPerSecond: number;
  restCallsPerOp: number;
  rssMb: number;
  p50Ms: number;
}

async function restCalls(server: ServerUnderTest): Promise<number> {
  const text = await (await fetch(new URL('/metrics', server.url))).text();
  let total = 0;
  for (const m of text.matchAll(/^paygraph_rest_calls_total\{[^}]*\} (\d+)/gm)) total += Number(m[1]);
  return total;
}

async function sample(
  server: ServerUnderTest,
  body: string,
  o: { connections: number; seconds: number },
): Promise<Sample> {
  const check = (await (
    await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  ).json()) as {
    errors?: unknown;
  };
  if (check.errors) throw new Error(`the query failed: ${JSON.stringify(check.errors).slice(0, 500)}`);
  await load(server.url, body, o.connections, 2); // warm-up: JIT, pools, caches
  const calls0 = await restCalls(server);
  const cpu0 = server.cpuSeconds();
  const result = await load(server.url, body, o.connections, o.seconds);
  const cpu1 = server.cpuSeconds();
  const calls1 = await restCalls(server);
  if (result.non2xx || result.errors)
    throw new Error(`load run: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const ops = result.requests.total;
  return {
    cpuMsPerOp: ((cpu1 - cpu0) * 1000) / ops,
    opsPerSecond: result.requests.average,
    restCallsPerOp: (calls1 - calls0) / ops,
    rssMb: server.rssMb(),
    p50Ms: result.latency.p50,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...loadOptions('5'),
      'cpu-prof': { type: 'string' },
      'node-arg': { type: 'string', multiple: true, default: [] },
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
  const nodeArgs = [...values['node-arg']];
  if (values['cpu-prof']) {
    mkdirSync(values['cpu-prof'], { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${resolve(values['cpu-prof'])}`);
  }
  const loadBefore = loadavg()[0];
  const upstream = await startUpstream(LATENCY_MS);
  const { sandbox, user } = upstream;
  const results = new Map<string, Sample[]>(builds.map((b) => [b.name, []]));
  try {
    const body = requestBody(scenario, upstream);
    for (let round = 0; round < o.rounds; round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const b of order) {
        const server = await startServer({
          entry: b.entry,
          restUrl: sandbox.baseUrl,
          userId: user.id,
          authKey: user.key,
          nodeArgs: [...nodeArgs, ...b.nodeArgs],
          env: b.env,
          cwd: ROOT,
        });
        try {
          const s = await sample(server, body, o);
          results.get(b.name)!.push(s);
          console.log(
            `round ${round + 1} ${b.name}: ${s.cpuMsPerOp.toFixed(3)} ms CPU/op, ${s.opsPerSecond.toFixed(0)} ops/s, ` +
              `${s.restCallsPerOp.toFixed(2)} REST calls/op, RSS ${s.rssMb.toFixed(0)} MB, p50 ${s.p50Ms} ms`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await sandbox.stop();
  }
  const lines = [
    `# ${scenario.name}: ${o.rounds} rounds x ${o.seconds} s, ${o.connections} connections, ${LATENCY_MS} ms REST latency`,
    `${new Date().toISOString()} · node ${process.version} · ${cpus().length} x ${cpus()[0]?.model} · load before ${loadBefore.toFixed(2)}`,
    '',
    '| build | CPU ms/op (median) | ops/s | REST calls/op | RSS MB | p50 ms |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const b of builds) {
    const s = results.get(b.name)!;
    const m = (f: (x: Sample) => number) => median(s.map(f));
    lines.push(
      `| ${b.name} | ${m((x) => x.cpuMsPerOp).toFixed(3)} | ${m((x) => x.opsPerSecond).toFixed(0)} | ${m((x) => x.restCallsPerOp).toFixed(2)} | ` +
        `${m((x) => x.rssMb).toFixed(0)} | ${m((x) => x.p50Ms)} |`,
    );
  }
  if (builds.length === 2) {
    const [a, b] = builds.map((x) => results.get(x.name)!);
    const ratios = a.map((s, i) => b[i].cpuMsPerOp / s.cpuMsPerOp);
    lines.push(
      '',
      `CPU/op ${builds[1].name}/${builds[0].name}: median ${median(ratios).toFixed(2)} (range ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}, paired per round)`,
    );
  }
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const dir = new URL('./reports/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${values.scenario}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`, dir);
  writeFileSync(file, `${text}\n`);
  console.log(`saved ${file.pathname}`);
}

await main();

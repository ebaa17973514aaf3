// `npm run bench [-- --rounds N --seconds S --samples N --connections C --scenarios a,b --contenders x,y]`:
// every scenario on every contender (paygraph, paygraph naive, GraphQL Mesh, the minimum), each
// started fresh against a freshly seeded sandbox child process with added latency per REST call,
// contenders interleaved (order rotating) over rounds. Writes bench/REPORT.md, the chart and the raw
// JSON in bench/suite/reports/. Loopback only.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { prepareArtifacts } from './artifacts';
import { createTarget, graphClient, operationOf } from './client';
import { CONTENDERS, KIND, startContender, type Artifacts, type ContenderName } from './contenders';
import { loadFixture } from './fixture';
import { machineFacts } from './machine';
import { countCalls, countRounds, load, sequential, setLatency } from './measure';
import { rssMb } from './proc';
import { startSandbox } from './sandbox';
import { writeReports } from './report';
import type { CellResult, ColdStart, Results, Settings } from './results';
import { selectScenarios, type Scenario } from './scenarios';
import { progressBar } from '../../src/server/cli-progress-bar';

function number(name: string, text: string | undefined, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be a number from ${min} to ${max}, got "${text}"`);
  return n;
}

function contendersOption(list: string | undefined): ContenderName[] {
  if (!list) return [...CONTENDERS];
  const names = list.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => n !== 'before' && !(CONTENDERS as readonly string[]).includes(n));
  if (unknown.length)
    throw new Error(`unknown contender ${unknown.join(', ')}; known: ${CONTENDERS.join(', ')}, before`);
  return names as ContenderName[];
}

function settingsFromArgs(): { settings: Settings; scenarios: Scenario[] } {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '5' },
      seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '2' },
      samples: { type: 'string', default: process.env.BENCH_SAMPLES ?? '10' },
      connections: { type: 'string', default: '8' },
      latency: { type: 'string', default: '5' },
      scenarios: { type: 'string', default: process.env.BENCH_SCENARIOS },
      contenders: { type: 'string', default: process.env.BENCH_CONTENDERS },
    },
  });
  const scenarios = selectScenarios(values.scenarios);
  const settings: Settings = {
    rounds: number('rounds', values.rounds, 1, 50),
    seconds: number('seconds', values.seconds, 0.5, 120),
    samples: number('samples', values.samples, 1, 1000),
    connections: number('connections', values.connections, 1, 256),
    latencyMs: number('latency', values.latency, 0, 1000),
    scenarios: scenarios.map((s) => s.name),
    contenders: contendersOption(values.contenders),
  };
  return { settings, scenarios };
}

// On a terminal a progress bar shows the run (its cells' lines would break the bar); piped, each
// cell's line is logged as it is measured.
const onTerminal = process.stderr.isTTY === true;
const log = (text: string) => (onTerminal ? undefined : process.stderr.write(`${text}\n`));
const rotate = <T>(list: T[], by: number) => list.map((_, i) => list[(i + by) % list.length]);

async function measureScenario(
  s: Scenario,
  ctx: {
    settings: Settings;
    round: number;
    contender: ContenderName;
    pid: number;
    url: string;
    sandbox: { origin: string };
  },
  fixture: Parameters<typeof operationOf>[2],
): Promise<CellResult> {
  const { settings, round, contender } = ctx;
  const base = { round, contender, scenario: s.name };
  const target = createTarget(KIND[contender], ctx.url, settings.connections);
  try {
    const prepared =
      KIND[contender] === 'paygraph' && s.preparePaygraph
        ? await s.preparePaygraph(graphClient(target), fixture)
        : {};
    const check = operationOf(target, s, fixture, prepared, true);
    const op = operationOf(target, s, fixture, prepared, false);
    if (!check || !op)
      return { ...base, unavailable: 'unsupported' in s.mesh ? s.mesh.unsupported : 'no document' };
    const restCalls = await countCalls(ctx.sandbox, check);
    const restRounds = round === 1 ? await countRounds(ctx.sandbox, op, settings.latencyMs) : undefined;
    const seq = await sequential(op, settings.samples);
    const loaded = await load(op, ctx.pid, settings.connections, settings.seconds);
    return { ...base, restCalls, restRounds, sequential: seq, ...loaded };
  } catch (error) {
    return { ...base, unavailable: `failed: ${(error as Error).message.slice(0, 300)}` };
  } finally {
    await target.pool.close();
  }
}

function progress(c: CellResult): string {
  if (c.unavailable) return `${c.scenario}: n/a (${c.unavailable.slice(0, 120)})`;
  const l = c.load!;
  return (
    `${c.scenario}: ${c.restCalls} calls${c.restRounds !== undefined ? `/${c.restRounds} rounds` : ''}, ` +
    `seq p50 ${c.sequential!.p50.toFixed(1)} ms, ${l.opsPerSecond.toFixed(0)} ops/s, ${c.cpuMsPerOp!.toFixed(2)} ms CPU/op, ` +
    `RSS ${c.rssMbAfter!.toFixed(0)} MB${l.errors ? `, ${l.errors} errors (${l.firstError})` : ''}`
  );
}

async function runContender(
  contender: ContenderName,
  round: number,
  settings: Settings,
  scenarios: Scenario[],
  artifacts: Artifacts,
): Promise<{ cells: CellResult[]; cold: ColdStart }> {
  const sandbox = await startSandbox(artifacts.paygraphCli);
  try {
    const fixture = await loadFixture(sandbox);
    await setLatency(sandbox, settings.latencyMs);
    const running = await startContender(contender, artifacts, {
      restUrl: sandbox.baseUrl,
      user: sandbox.users[0],
    });
    const cold: ColdStart = { round, contender, ms: running.coldStartMs, rssMb: rssMb(running.pid) };
    log(`  ${contender}: answered ${cold.ms.toFixed(0)} ms after start (RSS ${cold.rssMb.toFixed(0)} MB)`);
    const cells: CellResult[] = [];
    try {
      const ctx = { settings, round, contender, pid: running.pid, url: running.url, sandbox };
      for (const s of scenarios) {
        const cell = await measureScenario(s, ctx, fixture);
        cells.push(cell);
        log(`    ${progress(cell)}`);
      }
    } finally {
      await running.stop();
    }
    return { cells, cold };
  } finally {
    await sandbox.stop();
  }
}

async function main(): Promise<void> {
  const { settings, scenarios } = settingsFromArgs();
  const started = performance.now();
  const loadBefore = loadavg();
  log('preparing: paygraph build, Mesh composition, minimum server bundle');
  const artifacts = await prepareArtifacts();
  log(`  Mesh supergraph composed in ${(artifacts.composeMs / 1000).toFixed(1)} s`);
  // Reads first, then writes, so that the reads see the seeded data only.
  const ordered = [...scenarios.filter((s) => !s.writes), ...scenarios.filter((s) => s.writes)];
  const cells: CellResult[] = [];
  const coldStarts: ColdStart[] = [];
  const bar = progressBar(`bench: ${settings.rounds} rounds x ${settings.contenders.length} contenders`);
  let turns = 0;
  for (let round = 1; round <= settings.rounds; round++) {
    const order = rotate(settings.contenders, round - 1);
    log(
      `round ${round}/${settings.rounds}: ${order.join(', ')} (${((performance.now() - started) / 1000).toFixed(0)} s so far)`,
    );
    for (const contender of order) {
      const result = await runContender(contender, round, settings, ordered, artifacts);
      cells.push(...result.cells);
      coldStarts.push(result.cold);
      bar.update(++turns / (settings.rounds * settings.contenders.length));
    }
  }
  bar.stop();
  const results: Results = {
    settings,
    machine: machineFacts(loadBefore, artifacts.composeMs, (performance.now() - started) / 1000),
    scenarios: ordered.map((s) => ({ name: s.name, title: s.title, note: s.note, writes: s.writes })),
    cells,
    coldStarts,
  };
  for (const file of await writeReports(results)) process.stderr.write(`wrote ${file}\n`);
}

await main();

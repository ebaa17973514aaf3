// `node --import tsx bench/profile/floor.ts [--rounds 3] [--seconds 5] [--connections 8]`: what GraphQL
// itself costs, apart from paygraph. The same 20-row answer (about 4.3 KB) from static data, under load
// at N connections, from three servers (floor-server.ts, each a child process started fresh per round,
// their order rotating): node's bare HTTP server answering with JSON.stringify, graphql-yoga over a
// plain schema, and that yoga app with @envelop/graphql-jit. Per server: CPU per operation (process
// user+system time from /proc / operations), ops/s, p50, answer bytes, RSS; medians over rounds. Prints
// a table and saves it in bench/profile/reports/floor-<stamp>.md, for a report to say how far
// paygraph's page is from GraphQL's own cost (the page scenario asks the same fields of 20 rows).
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { load, saveReport } from './runner';
import { startChild } from './server';

const SERVERS = {
  bare: "node's HTTP server, JSON.stringify",
  yoga: 'graphql-yoga, plain schema',
  jit: 'graphql-yoga + @envelop/graphql-jit',
} as const;
type Mode = keyof typeof SERVERS;

const QUERY = `query Page($space: ID!) { space(id: $space) { transactions(first: 20) { nodes {
  id restId state currency authorizationAmount createdOn token { restId state customerEmailAddress } } } } }`;
const BODY = JSON.stringify({ query: QUERY, variables: { space: '60' }, operationName: 'Page' });

interface Sample {
  cpuMsPerOp: number;
  opsPerSecond: number;
  p50Ms: number;
  answerBytes: number;
  rssMb: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function measure(mode: Mode, o: { seconds: number; connections: number }): Promise<Sample> {
  const server = await startChild([
    '--import',
    'tsx',
    new URL('./floor-server.ts', import.meta.url).pathname,
    mode,
  ]);
  try {
    const check = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BODY,
    });
    const text = await check.text();
    if (!check.ok || (JSON.parse(text) as { errors?: unknown }).errors)
      throw new Error(`${mode} answered ${check.status}: ${text.slice(0, 300)}`);
    await load(server.url, BODY, o.connections, 2); // warm-up: JIT compilation, yoga's caches, graphql-jit's compiled query
    const cpu0 = server.cpuSeconds();
    const result = await load(server.url, BODY, o.connections, o.seconds);
    const cpu1 = server.cpuSeconds();
    if (result.non2xx || result.errors)
      throw new Error(`${mode}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return {
      cpuMsPerOp: ((cpu1 - cpu0) * 1000) / result.requests.total,
      opsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      answerBytes: Buffer.byteLength(text),
      rssMb: server.rssMb(),
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
    },
  });
  const o = {
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  };
  const modes = Object.keys(SERVERS) as Mode[];
  const samples = new Map<Mode, Sample[]>(modes.map((m) => [m, []]));
  const loadBefore = loadavg()[0];
  for (let round = 0; round < o.rounds; round++) {
    for (const mode of modes.map((_, i) => modes[(i + round) % modes.length])) {
      const s = await measure(mode, o);
      samples.get(mode)!.push(s);
      process.stderr.write(
        `round ${round + 1} ${mode}: ${s.cpuMsPerOp.toFixed(3)} ms CPU/op, ${s.opsPerSecond.toFixed(0)} ops/s\n`,
      );
    }
  }
  const bare = median(samples.get('bare')!.map((s) => s.cpuMsPerOp));
  const rows = modes.map((mode) => {
    const ss = samples.get(mode)!;
    const cpu = median(ss.map((s) => s.cpuMsPerOp));
    const cells = [
      `${mode}: ${SERVERS[mode]}`,
      cpu.toFixed(3),
      (cpu / bare).toFixed(1),
      median(ss.map((s) => s.opsPerSecond)).toFixed(0),
      median(ss.map((s) => s.p50Ms)).toFixed(1),
      String(ss[0].answerBytes),
      median(ss.map((s) => s.rssMb)).toFixed(0),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  const report = [
    `# The floor: the same 20-row answer from static data (${new Date().toISOString()})`,
    '',
    `${o.rounds} rounds x ${o.seconds} s at ${o.connections} connections, servers started fresh and rotated per round; ` +
      `load ${loadBefore.toFixed(1)} -> ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs; node ${process.version}. ` +
      'CPU per operation is the server process user+system time over the operations (medians).',
    '',
    '| server | CPU ms/op | x bare | ops/s | p50 ms | answer bytes | RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(report);
  saveReport('floor', report);
}

await main();

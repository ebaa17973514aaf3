// Benchmark: paygraph's REST client against bare undici requests signed the same way, both retrieving
// one seeded object from a local sandbox (loopback only), sequentially and concurrently.
// Run: node --import tsx bench/rest-client/run.ts [--requests N] [--concurrency C] [--limit-seconds S]
// Prints a table and writes bench/rest-client/reports/<stamp>.{json,md} (and latest.{json,md}).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import { Pool } from 'undici';
import { createRestClient } from '../../src/rest';
import { startSandbox } from '../../src/sandbox/index';
import { concurrent, sequential, type Summary } from './measure';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    'limit-seconds': { type: 'string', default: '20' },
  },
});
const N = Math.min(20_000, Math.max(10, Number(values.requests)));
const C = Math.min(64, Math.max(1, Number(values.concurrency)));
const LIMIT_MS = Math.min(60, Math.max(1, Number(values['limit-seconds']))) * 1000;
const WARMUP = Math.min(200, N);

const sandbox = await startSandbox({ port: 0 });
const user = sandbox.users[0];
const space = sandbox.spaces[0];

const client = createRestClient({
  baseUrl: sandbox.baseUrl,
  userId: user.id,
  authKey: user.key,
  maxInFlight: C,
});
const seeded = (await client.call('listCustomers', { space, query: { limit: 1 } })).data?.[0];
if (seeded?.id === undefined) throw new Error('the sandbox seed has no customer in the first space');
const requestPath = `/api/v2.0/customers/${seeded.id}`;

// The bare baseline: the same pool settings, the same jose signature, JSON.parse, no checks.
const pool = new Pool(sandbox.origin, { connections: C, pipelining: 1 });
const key = await crypto.subtle.importKey(
  'raw',
  Buffer.from(user.key, 'base64'),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['sign'],
);
async function bare(): Promise<unknown> {
  const token = await new SignJWT({ requestPath, requestMethod: 'GET' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', type: 'JWT', ver: 1 })
    .setSubject(user.id)
    .setIssuedAt()
    .sign(key);
  const res = await pool.request({
    method: 'GET',
    path: requestPath,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', space: String(space) },
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`bare request answered ${res.statusCode}: ${text}`);
  return JSON.parse(text);
}
const viaClient = () => client.call('getCustomer', { space, path: { id: seeded.id! } });

type Row = {
  scenario: string;
  bare: Summary;
  client: Summary;
  roundsReqPerSec: { bare: number[]; client: number[] };
};
const rows: Row[] = [];
const ROUNDS = 5;
/** The round with the median throughput: robust to a noisy neighbour during one round. */
const medianRound = (runs: Summary[]) =>
  [...runs].sort((a, b) => a.throughputPerSec - b.throughputPerSec)[Math.floor(runs.length / 2)];

/** Alternates the two implementations over several rounds so that neither always runs first. */
async function scenario(name: string, run: (fn: () => Promise<unknown>) => Promise<Summary>): Promise<void> {
  const bareRuns: Summary[] = [];
  const clientRuns: Summary[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bareRuns.push(await run(bare));
      clientRuns.push(await run(viaClient));
    } else {
      clientRuns.push(await run(viaClient));
      bareRuns.push(await run(bare));
    }
  }
  const perSec = (runs: Summary[]) => runs.map((r) => Math.round(r.throughputPerSec));
  rows.push({
    scenario: name,
    bare: medianRound(bareRuns),
    client: medianRound(clientRuns),
    roundsReqPerSec: { bare: perSec(bareRuns), client: perSec(clientRuns) },
  });
}

await sequential(bare, WARMUP, LIMIT_MS);
await sequential(viaClient, WARMUP, LIMIT_MS);
await scenario(`sequential x${N}`, (fn) => sequential(fn, N, LIMIT_MS));
await scenario(`concurrent x${N} (c=${C})`, (fn) => concurrent(fn, N, C, LIMIT_MS));

await client.close();
await pool.close();
await sandbox.close();

const fmt = (n: number, d = 2) => n.toFixed(d);
const header = [
  'scenario',
  'impl',
  'requests',
  'median ms',
  'p95 ms',
  'p99 ms',
  'req/s',
  'client/bare median',
  'client/bare req/s',
];
function cells(scenarioName: string, impl: string, sum: Summary, ratio: string[]): string[] {
  return [
    scenarioName,
    impl,
    String(sum.requests),
    fmt(sum.medianMs, 3),
    fmt(sum.p95Ms, 3),
    fmt(sum.p99Ms, 3),
    fmt(sum.throughputPerSec, 0),
    ...ratio,
  ];
}
const lines: string[][] = rows.flatMap((r) => [
  cells(r.scenario, 'bare undici', r.bare, ['', '']),
  cells('', 'paygraph client', r.client, [
    fmt(r.client.medianMs / r.bare.medianMs),
    fmt(r.client.throughputPerSec / r.bare.throughputPerSec),
  ]),
]);

const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
const printRow = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
console.log(printRow(header));
for (const l of lines) console.log(printRow(l));

const environment = {
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  loadNote: 'shared 2-core machine; numbers are indicative',
};
const report = {
  date: new Date().toISOString(),
  requests: N,
  concurrency: C,
  rounds: ROUNDS,
  limitSeconds: LIMIT_MS / 1000,
  object: 'getCustomer (seeded)',
  environment,
  rows,
};
const md = [
  `# REST client benchmark (${report.date})`,
  '',
  `paygraph's REST client vs bare undici (same Pool size, same jose HS256 signature) retrieving one seeded customer from a loopback sandbox; each scenario runs ${ROUNDS} alternating rounds per implementation and the round with the median throughput is shown. Ratio < 1 on latency and > 1 on throughput favour the client. ${environment.loadNote}; node ${environment.node}, ${environment.cpus} CPUs.`,
  '',
  `| ${header.join(' | ')} |`,
  `| ${header.map(() => '---').join(' | ')} |`,
  ...lines.map((l) => `| ${l.join(' | ')} |`),
  '',
  'Throughput of every round (req/s), to show the spread on this machine:',
  '',
  ...rows.map(
    (r) =>
      `- ${r.scenario}: bare ${r.roundsReqPerSec.bare.join(', ')}; client ${r.roundsReqPerSec.client.join(', ')}`,
  ),
  '',
].join('\n');

const dir = new URL('./reports/', import.meta.url);
mkdirSync(dir, { recursive: true });
const stamp = report.date.replace(/[:.]/g, '-');
for (const name of [stamp, 'latest']) {
  writeFileSync(new URL(`${name}.json`, dir), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(new URL(`${name}.md`, dir), md);
}
console.log(`\nreport: bench/rest-client/reports/${stamp}.{json,md}`);

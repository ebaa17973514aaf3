// `npm run bench:seed-size [-- --size large]`: how long `paygraph sandbox --seed-size <size>` takes to
// its ready line (process start, build checked, seed, listen), its RSS then, and how long REST pages
// of transactions take over that many rows (first page, a deep offset, a filtered search, a list page
// after a cursor; each the median of 5). Prints a table, saves JSON and Markdown under reports/.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signedFetch } from '../../test/sandbox/support/signed-fetch';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { size: { type: 'string', default: 'large' } } });

interface Ready {
  baseUrl: string;
  users: { id: string; key: string }[];
  spaces: number[];
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const loadBefore = loadavg()[0];
const started = performance.now();
const child = spawn(
  process.execPath,
  ['bin/paygraph.mjs', 'sandbox', '--port', '0', '--seed-size', values.size],
  {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const ready = JSON.parse(
  await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
) as Ready;
const readyMs = performance.now() - started;
const rss = rssMb(child.pid!);
const origin = new URL(ready.baseUrl).origin;
const sign = { userId: ready.users[0].id, key: ready.users[0].key };
const space = ready.spaces[0];

async function timed(path: string): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await signedFetch<{ data?: unknown[] } | unknown[]>(origin, { path, space }, sign);
    times.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 200)}`);
    rows = Array.isArray(r.body) ? r.body.length : (r.body.data?.length ?? 0);
  }
  return { ms: median(times), rows };
}

const first = await signedFetch<{ data: { id: number }[] }>(
  origin,
  { path: '/payment/transactions?limit=100', space },
  sign,
);
const cursor = first.body.data.at(-1)!.id;
const pages: [string, string][] = [
  ['search, newest first, 100 rows', '/payment/transactions/search?limit=100&order=createdOn%3ADESC'],
  ['search at offset 9,900', '/payment/transactions/search?limit=100&offset=9900&order=createdOn%3ADESC'],
  [
    'search state:FULFILL, by amount',
    '/payment/transactions/search?limit=100&query=state%3AFULFILL&order=authorizationAmount%3ADESC',
  ],
  ['list after a cursor', `/payment/transactions?limit=100&after=${cursor}`],
];
const rows: string[] = [];
for (const [name, path] of pages) {
  const { ms, rows: n } = await timed(path);
  rows.push(`| ${name} | ${n} | ${ms.toFixed(0)} |`);
}
child.kill('SIGTERM');

const date = new Date().toISOString();
const report = [
  `# Sandbox seed size ${values.size}`,
  '',
  `${date} · node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? '?'} · load before ${loadBefore.toFixed(2)}`,
  '',
  `ready line after ${(readyMs / 1000).toFixed(1)} s, RSS ${rss.toFixed(0)} MB; REST pages of space ${space} (median of 5, ms):`,
  '',
  '| page | rows | ms |',
  '|---|---:|---:|',
  ...rows,
  '',
].join('\n');
process.stdout.write(report);
const dir = new URL('./reports/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL(`seed-size-${values.size}-${date.replace(/[:.]/g, '-')}.md`, dir), report);

// `npm run bench:startup [-- --samples N]`: cold start of the paygraph CLI, from process start to the
// first GraphQL answer, and its RSS then, for the sources run through tsx (as the bin did before the
// production build) and for the build in dist/ (directly, and through the bin with its freshness
// check). Two commands: `start` (seeds and starts the sandbox, then the graph) and `serve` (the graph
// alone, over a sandbox already running). Samples alternate between variants; one warm-up run of each
// is discarded (it fills the OS file cache and tsx's transform cache). Loopback only.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../../scripts/build.mjs';
import { startChildSandbox } from '../sandbox/child-sandbox';
import { saveReport, table, type Report, type Row } from './report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const QUERY = '{ spaces(first: 1) { nodes { restId name } } }';

interface Variant {
  name: string;
  entry: string;
}

interface Sample {
  readyMs: number;
  answerMs: number;
  rssMb: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

function firstLine(child: ReturnType<typeof spawn>, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`exited (code ${code}) before it was ready: ${stderr()}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
  });
}

/** One cold start: spawn, wait for the ready line, ask one query, read the RSS, stop. */
async function startOnce(variant: Variant, args: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, [variant.entry, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const line = await firstLine(child, () => stderr);
    const readyMs = performance.now() - started;
    const { graphql } = JSON.parse(line) as { graphql: string };
    const response = await fetch(graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    const body = (await response.json()) as { errors?: unknown };
    if (!response.ok || body.errors)
      throw new Error(`${variant.name}: the first query failed: ${JSON.stringify(body)}`);
    const answerMs = performance.now() - started;
    return { readyMs, answerMs, rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measureCommand(
  command: string,
  variants: Variant[],
  args: string[],
  env: NodeJS.ProcessEnv,
  samples: number,
): Promise<Row[]> {
  for (const v of variants) await startOnce(v, args, env);
  const results = new Map<string, Sample[]>(variants.map((v) => [v.name, []]));
  for (let i = 0; i < samples; i++) {
    for (const v of variants) results.get(v.name)!.push(await startOnce(v, args, env));
  }
  return variants.map((v) => {
    const s = results.get(v.name)!;
    return {
      command,
      variant: v.name,
      samples: s.length,
      readyMedianMs: median(s.map((x) => x.readyMs)),
      answerMedianMs: median(s.map((x) => x.answerMs)),
      answerMinMs: Math.min(...s.map((x) => x.answerMs)),
      rssMedianMb: median(s.map((x) => x.rssMb)),
    };
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { samples: { type: 'string', default: '5' } } });
  const samples = Number(values.samples);
  if (!Number.isInteger(samples) || samples < 1 || samples > 50)
    throw new Error(`--samples must be a whole number from 1 to 50, got "${values.samples}"`);
  const loadBefore = loadavg()[0];
  const built = await ensureBuilt();
  const variants: Variant[] = [
    { name: 'tsx (sources, before)', entry: fileURLToPath(new URL('./tsx-entry.mjs', import.meta.url)) },
    { name: 'built JS (dist/cli.js)', entry: built },
    { name: 'bin (dist/ current)', entry: fileURLToPath(new URL('../../bin/paygraph.mjs', import.meta.url)) },
  ];
  const rows = await measureCommand(
    'start',
    variants,
    ['start', '--port', '0', '--sandbox-port', '0'],
    process.env,
    samples,
  );
  const sandbox = await startChildSandbox();
  try {
    const user = sandbox.users[0];
    const env = { ...process.env, PAYGRAPH_AUTH_KEY: user.key };
    const serveArgs = ['serve', '--rest-url', sandbox.baseUrl, '--user-id', user.id, '--port', '0'];
    rows.push(...(await measureCommand('serve', variants, serveArgs, env, samples)));
  } finally {
    await sandbox.stop();
  }
  const report: Report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    loadBefore,
    setup:
      `Process start to first GraphQL answer (\`${QUERY}\`) and RSS then; median of ${samples} samples per variant ` +
      'after one discarded warm-up each, variants alternating. `start` includes seeding the sandbox; `serve` is the graph alone.',
    rows,
  };
  console.log(table(report).join('\n'));
  for (const file of saveReport(new URL('./reports/', import.meta.url), report))
    console.log(`report: ${file}`);
}

await main();

// `node --import tsx bench/response-cache/run.ts [--seconds S] [--samples N] [--concurrency C]`: what
// the response cache saves, over HTTP, against a sandbox child process with 5 ms added latency per REST
// request: for each query, REST calls of a repeat, median and p90 latency of sequential repeats, and
// throughput of concurrent repeats, with the cache off and on (in process). Loopback only; bounded
// by --seconds per cell. Prints a table and saves JSON and Markdown under bench/response-cache/reports/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { cacheConfigFromEnv } from '../../src/server/cache/config';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { startChildSandbox } from '../sandbox/child-sandbox';

const LATENCY_MS = 5;

interface Cell {
  restCalls: number;
  medianMs: number;
  p90Ms: number;
  opsPerSecond: number;
}

const queries = (space: number): { name: string; query: string }[] => [
  {
    name: 'reference: currencies and countries',
    query: '{ currencies { currencyCode name } countries { isoCode2 name } }',
  },
  {
    name: 'default: 20 customers with addresses',
    query: `{ space(id: "${space}") { customers(first: 20) { nodes { givenName emailAddress addresses(first: 3) { nodes { restId } } } } } }`,
  },
  {
    name: 'moving: 20 transactions (not cached)',
    query: `{ space(id: "${space}") { transactions(first: 20) { nodes { state authorizationAmount } } } }`,
  },
];

function positive(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${text}"`);
  return n;
}

async function restCalls(admin: string): Promise<number> {
  const { total } = (await (await fetch(`${admin}/requests`)).json()) as { total: number };
  await fetch(`${admin}/requests`, { method: 'DELETE' });
  return total;
}

async function once(url: string, query: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`query failed: ${body.errors[0].message}`);
}

async function measure(
  url: string,
  admin: string,
  query: string,
  o: { samples: number; seconds: number; concurrency: number },
): Promise<Cell> {
  await once(url, query); // a miss, then the repeats
  await restCalls(admin);
  await once(url, query);
  const calls = await restCalls(admin);
  const times: number[] = [];
  for (let i = 0; i < o.samples; i++) {
    const start = performance.now();
    await once(url, query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  let done = 0;
  const until = performance.now() + o.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (performance.now() < until) {
        await once(url, query);
        done++;
      }
    }),
  );
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {
    restCalls: calls,
    medianMs: at(0.5),
    p90Ms: at(0.9),
    opsPerSecond: done / ((performance.now() - started) / 1000),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '3' },
      samples: { type: 'string', default: '30' },
      concurrency: { type: 'string', default: '8' },
    },
  });
  const o = {
    seconds: positive('seconds', values.seconds),
    samples: positive('samples', values.samples),
    concurrency: positive('concurrency', values.concurrency),
  };
  // One log line per operation would measure the terminal.
  process.env.PAYGRAPH_LOG_LEVEL ??= 'warn';
  const loadBefore = loadavg()[0];
  const sandbox = await startChildSandbox();
  const admin = `${new URL(sandbox.baseUrl).origin}/__admin`;
  const servers: RunningGraphServer[] = [];
  try {
    await fetch(`${admin}/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs: LATENCY_MS }) });
    const [user] = sandbox.users;
    const serve = async (env: Record<string, string>) => {
      const server = await startGraphServer({
        restUrl: sandbox.baseUrl,
        userId: user.id,
        authKey: user.key,
        port: 0,
        cache: cacheConfigFromEnv(env),
        persistedOperations: { mode: 'off' },
      });
      servers.push(server);
      return server.url;
    };
    const off = await serve({ PAYGRAPH_CACHE: 'off' });
    const on = await serve({});
    const rows: { query: string; off: Cell; on: Cell }[] = [];
    for (const { name, query } of queries(sandbox.spaces[0])) {
      rows.push({
        query: name,
        off: await measure(off, admin, query, o),
        on: await measure(on, admin, query, o),
      });
    }
    const f1 = (n: number) => n.toFixed(1);
    const lines = [
      '# Response cache: repeats of one query, cache off vs on',
      '',
      `${new Date().toISOString()} · node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? '?'} · load before ${loadBefore.toFixed(2)}`,
      '',
      `Over HTTP, open mode, sandbox child process with ${LATENCY_MS} ms per REST request; ${o.samples} sequential samples, ${o.seconds} s at ${o.concurrency} concurrent.`,
      '',
      '| query | REST calls off | REST calls on | median ms off | median ms on | p90 ms off | p90 ms on | ops/s off | ops/s on |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.query} | ${r.off.restCalls} | ${r.on.restCalls} | ${f1(r.off.medianMs)} | ${f1(r.on.medianMs)} | ${f1(r.off.p90Ms)} | ` +
          `${f1(r.on.p90Ms)} | ${f1(r.off.opsPerSecond)} | ${f1(r.on.opsPerSecond)} |`,
      ),
      '',
    ];
    process.stdout.write(lines.join('\n'));
    const dir = new URL('./reports/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    writeFileSync(new URL(`response-cache-${stamp}.md`, dir), lines.join('\n'));
    writeFileSync(
      new URL(`response-cache-${stamp}.json`, dir),
      `${JSON.stringify({ loadBefore, o, rows }, null, 2)}\n`,
    );
  } finally {
    for (const server of servers) await server.close();
    await sandbox.stop();
  }
}

await main();

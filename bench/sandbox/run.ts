// `node --import tsx bench/sandbox/run.ts [--duration S] [--profile DIR]`: signed retrievals and
// searches per second against a sandbox in a child process, at fixed concurrency, over loopback.
// Prints a table and saves JSON + Markdown reports in bench/sandbox/reports/.
import autocannon, { type Request } from 'autocannon';
import { parseArgs } from 'node:util';
import { startChildSandbox, type ChildSandbox } from './child-sandbox';
import { environment, printTable, saveReport, type Row } from './report';
import { createSigner } from './signer';

const TARGET_RETRIEVALS_PER_SECOND = 5000;
const CONNECTIONS = [16, 64];
const SEARCH_QUERY = 'state:COMPLETED OR state:FULFILL createdOn:>2020-01-01';

interface Scenario {
  name: string;
  /** The path under the origin (with /api/v2.0 and the query string) of the i-th request. */
  path: (i: number) => string;
}

async function transactionIds(
  sandbox: ChildSandbox,
  sign: (m: string, p: string) => string,
): Promise<number[]> {
  const path = `${new URL(sandbox.baseUrl).pathname}/payment/transactions?limit=100`;
  const response = await fetch(`${new URL(sandbox.baseUrl).origin}${path}`, {
    headers: { authorization: sign('GET', path), space: String(sandbox.spaces[0]) },
  });
  if (!response.ok) throw new Error(`listing transactions for the benchmark answered ${response.status}`);
  const ids = ((await response.json()) as { data: { id: number }[] }).data.map((t) => t.id);
  if (ids.length === 0) throw new Error('the sandbox has no transactions to retrieve');
  return ids;
}

async function measure(
  sandbox: ChildSandbox,
  scenario: Scenario,
  connections: number,
  seconds: number,
  sign: (m: string, p: string) => string,
): Promise<Row> {
  let counter = 0;
  const space = String(sandbox.spaces[0]);
  const request: Request = {
    method: 'GET',
    setupRequest: (req: Request) => {
      const path = scenario.path(counter++);
      return {
        ...req,
        path,
        headers: { authorization: sign('GET', path), space, accept: 'application/json' },
      };
    },
  };
  const result = await autocannon({
    url: new URL(sandbox.baseUrl).origin,
    connections,
    duration: seconds,
    requests: [request],
  });
  return {
    scenario: scenario.name,
    connections,
    durationSeconds: seconds,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '5' }, profile: { type: 'string' } },
  });
  const seconds = Number(values.duration);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`--duration must be a positive number of seconds, got "${values.duration}"`);
  const nodeArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [];
  const sandbox = await startChildSandbox(nodeArgs);
  try {
    const sign = createSigner(sandbox.users[0]);
    const ids = await transactionIds(sandbox, sign);
    const prefix = new URL(sandbox.baseUrl).pathname;
    const scenarios: Scenario[] = [
      { name: 'retrieve transaction', path: (i) => `${prefix}/payment/transactions/${ids[i % ids.length]}` },
      {
        name: 'search transactions',
        path: () =>
          `${prefix}/payment/transactions/search?query=${encodeURIComponent(SEARCH_QUERY)}&limit=20`,
      },
    ];
    const env = environment();
    await measure(sandbox, scenarios[0], 16, 1, sign); // warm-up: JIT and caches, not reported
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      for (const connections of CONNECTIONS)
        rows.push(await measure(sandbox, scenario, connections, seconds, sign));
    }
    printTable(rows);
    const report = {
      ...env,
      targetRetrievalsPerSecond: TARGET_RETRIEVALS_PER_SECOND,
      profiled: nodeArgs.length > 0,
      rows,
    };
    for (const file of saveReport(new URL('./reports/', import.meta.url), report))
      console.log(`saved ${file}`);
    const best = Math.max(
      ...rows.filter((r) => r.scenario.startsWith('retrieve')).map((r) => r.requestsPerSecond),
    );
    console.log(
      `signed retrievals: best ${best.toFixed(0)}/s against a target of ${TARGET_RETRIEVALS_PER_SECOND}/s`,
    );
  } finally {
    await sandbox.stop();
  }
}

await main();

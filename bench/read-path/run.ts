// `node --import tsx bench/read-path/run.ts [--seconds S] [--samples N] [--concurrency C]`: for each
// query of the read-path suite, REST calls, median latency and throughput of paygraph and of naive
// resolvers (one retrieval per link, no expand, no batching), in one run against a sandbox child
// process with 5 ms added latency per REST request. Loopback only; bounded by --seconds per cell.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createRestClient } from '../../src/rest';
import { encodeGlobalId } from '../../src/resolvers';
import { startChildSandbox } from '../sandbox/child-sandbox';
import { suite, type SuiteIds } from '../../test/graphql/suite';
import { measure } from './measure';
import { markdown, saveReport, type Report, type Row } from './report';

const LATENCY_MS = 5;

function positive(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${text}"`);
  return n;
}

async function setLatency(baseUrl: string, latencyMs: number): Promise<void> {
  const response = await fetch(new URL('/__admin/faults', baseUrl), {
    method: 'PUT',
    body: JSON.stringify({ latencyMs }),
  });
  if (!response.ok) throw new Error(`setting sandbox latency answered ${response.status}`);
}

type Rows = { data: { id: number }[] };

async function suiteIds(rest: ReturnType<typeof createRestClient>, spaces: number[]): Promise<SuiteIds> {
  const [space, otherSpace] = spaces;
  const search = async (op: string, s: number, limit: number) =>
    ((await rest.call(op as 'searchTransactions', { space: s, query: { limit } })) as Rows).data.map(
      (o) => o.id,
    );
  const nodeIds = [
    ...(await search('searchTransactions', space, 3)).map((id) => encodeGlobalId('Transaction', space, id)),
    ...(await search('searchRefunds', space, 2)).map((id) => encodeGlobalId('Refund', space, id)),
    ...(await search('searchCustomers', space, 2)).map((id) => encodeGlobalId('Customer', space, id)),
    encodeGlobalId('RestCountry', null, 'CH'),
    ...(await search('searchTransactions', otherSpace, 1)).map((id) =>
      encodeGlobalId('Transaction', otherSpace, id),
    ),
  ];
  return { space, otherSpace, nodeIds };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '3' },
      samples: { type: 'string', default: '15' },
      concurrency: { type: 'string', default: '8' },
    },
  });
  const o = {
    seconds: positive('seconds', values.seconds),
    samples: positive('samples', values.samples),
    concurrency: positive('concurrency', values.concurrency),
  };
  const loadBefore = loadavg()[0];
  const sandbox = await startChildSandbox();
  const user = sandbox.users[0];
  const rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  try {
    const ids = await suiteIds(rest, sandbox.spaces);
    await setLatency(sandbox.baseUrl, LATENCY_MS);
    const rows: Row[] = [];
    for (const q of suite) {
      const variables = q.variables(ids);
      const paygraph = await measure(rest, q.query, variables, false, o);
      const naive = await measure(rest, q.query, variables, true, o);
      rows.push({ query: q.name, paygraph, naive });
      console.log(
        `${q.name}: ${paygraph.restCalls} vs ${naive.restCalls} calls, ${paygraph.medianMs.toFixed(1)} vs ${naive.medianMs.toFixed(1)} ms`,
      );
    }
    const list = cpus();
    const report: Report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: `${list.length} x ${list[0]?.model ?? 'unknown'}`,
      loadBefore,
      setup:
        `Sandbox in a child process with ${LATENCY_MS} ms added latency per REST request; GraphQL executed in process over the ` +
        `real schema (graphql-js execute), REST client with its default in-flight bound. Latency: median/p90 of ${o.samples} ` +
        `sequential executions; throughput: ${o.concurrency} concurrent executions for ${o.seconds} s.`,
      rows,
    };
    console.log(`\n${markdown(report)}`);
    for (const file of saveReport(new URL('./reports/', import.meta.url), report))
      console.log(`saved ${file}`);
  } finally {
    await rest.close();
    await sandbox.stop();
  }
}

await main();

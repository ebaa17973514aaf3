// `node --import tsx bench/live/run.ts [--seconds S] [--tick-ms T]`: what live updates cost and how
// fast they arrive, for 1, 100 and 1,000 subscribers following one transaction each way:
// - idle: REST calls per minute while nothing changes (measured for --seconds),
// - delivery: a change made over REST, then the time until every subscriber has the new state.
// Subscriptions run in process over the real schema (transport not included) against a sandbox in
// this process on loopback; the watcher's tick is --tick-ms while things change (default 1 s).
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ExecutionResult } from 'graphql';
import { liveHubOf } from '../../src/live';
import { createGraphContext, encodeGlobalId } from '../../src/resolvers';
import { createRestClient } from '../../src/rest';
import { startSandbox } from '../../src/sandbox';
import { schema } from '../../src/schema';

const { subscribe, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const FOLLOW = parse(`subscription ($id: ID!) { entityChanged(id: $id) { id ... on Transaction { state version } } }`);

interface Row {
  subscribers: number;
  idleCallsPerMinute: number;
  medianDeliveryMs: number;
  lastDeliveryMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, 'tick-ms': { type: 'string', default: '1000' } } });
  const seconds = Number(values.seconds);
  const tickMs = Number(values['tick-ms']);
  const sandbox = await startSandbox();
  const [user] = sandbox.users;
  const space = sandbox.spaces[0];
  const rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  liveHubOf(rest, { fastMs: tickMs, slowMs: tickMs });
  const admin = `${sandbox.origin}/__admin/requests`;
  const rows: Row[] = [];
  try {
    for (const n of [1, 100, 1000]) {
      // A fresh authorized-able transaction per round: PENDING, then changed once over REST.
      const tx = (await rest.call('createTransaction', {
        space,
        body: { currency: 'CHF', lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 1, amountIncludingTax: 5, type: 'PRODUCT' }] },
      })) as { id: number; version: number };
      const id = encodeGlobalId('Transaction', space, tx.id);
      const streams: AsyncGenerator<ExecutionResult>[] = [];
      for (let i = 0; i < n; i++) {
        const contextValue = createGraphContext({ rest, upstream: rest });
        streams.push(
          (await subscribe({ schema, document: FOLLOW, variableValues: { id }, contextValue })) as AsyncGenerator<ExecutionResult>,
        );
      }
      await Promise.all(streams.map((s) => s.next()));
      await fetch(admin, { method: 'DELETE' });
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const idle = ((await (await fetch(admin)).json()) as { total: number }).total;
      const changedAt = performance.now();
      const arrived = streams.map((s) => s.next().then(() => performance.now() - changedAt));
      await rest.call('updateTransaction', { space, path: { id: tx.id }, body: { version: tx.version, merchantReference: `bench-${n}` } });
      const delays = await Promise.all(arrived);
      rows.push({
        subscribers: n,
        idleCallsPerMinute: (idle / seconds) * 60,
        medianDeliveryMs: median(delays),
        lastDeliveryMs: Math.max(...delays),
      });
      for (const s of streams) await s.return(undefined);
    }
  } finally {
    await rest.close();
    await sandbox.close();
  }
  const table = [
    '| subscribers | REST calls per minute, idle | median delivery ms | last delivery ms |',
    '|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.subscribers} | ${r.idleCallsPerMinute.toFixed(0)} | ${r.medianDeliveryMs.toFixed(0)} | ${r.lastDeliveryMs.toFixed(0)} |`,
    ),
  ].join('\n');
  const head = `# Live updates: REST calls and delivery latency\n\n${new Date().toISOString()} · node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · load ${loadavg()[0].toFixed(2)} · tick ${tickMs} ms, idle window ${seconds} s\n\n`;
  const markdown = `${head}${table}\n\nIdle ticks slow down to the slowest tick (here equal to the tick); delivery includes up to one tick of waiting.\n`;
  process.stdout.write(`${markdown}\n`);
  const dir = new URL('./reports/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(new URL(`live-${stamp}.md`, dir), markdown);
  writeFileSync(new URL(`live-${stamp}.json`, dir), JSON.stringify({ tickMs, seconds, rows }, null, 2));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

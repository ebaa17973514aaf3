// `node --import tsx bench/live/run.ts [--seconds S] [--tick-ms T]`: what live updates cost and how
// fast they arrive, for 1, 100 and 1,000 subscribers following one transaction each way, on one
// instance, and (where Debian's redis-server is installed) 1,000 split between two instances that
// share the watch through Redis (two REST clients, two hubs, one lease):
// - idle: REST calls per minute while nothing changes (measured for --seconds),
// - delivery: a change made over REST, then the time until every subscriber has the new state.
// Subscriptions run in process over the real schema (transport not included) against a sandbox in
// this process on loopback; the watcher's tick is --tick-ms while things change (default 1 s).
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ExecutionResult } from 'graphql';
import { createRedisCoordinator, liveHubOf, type WatchCoordinator } from '../../src/live';
import { createGraphContext, encodeGlobalId } from '../../src/resolvers';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox } from '../../src/sandbox';
import { schema } from '../../src/schema';
import { hasRedisServer, startRedis, type RunningRedis } from '../../test/support/redis-server';

const { subscribe, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const FOLLOW = parse(
  `subscription ($id: ID!) { entityChanged(id: $id) { id ... on Transaction { state version } } }`,
);

interface Row {
  instances: number;
  subscribers: number;
  idleCallsPerMinute: number;
  medianDeliveryMs: number;
  lastDeliveryMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Instance {
  rest: RestClient;
  coordinator?: WatchCoordinator;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '10' }, 'tick-ms': { type: 'string', default: '1000' } },
  });
  const seconds = Number(values.seconds);
  const tickMs = Number(values['tick-ms']);
  const sandbox = await startSandbox();
  const [user] = sandbox.users;
  const space = sandbox.spaces[0];
  const connect = (coordinator?: WatchCoordinator): Instance => {
    const rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
    liveHubOf(rest, { fastMs: tickMs, slowMs: tickMs, coordinator, upstreamId: 'bench' });
    return { rest, coordinator };
  };
  const single = connect();
  const redis: RunningRedis | undefined = hasRedisServer ? await startRedis() : undefined;
  const pair = redis
    ? [
        connect(createRedisCoordinator({ url: redis.url })),
        connect(createRedisCoordinator({ url: redis.url })),
      ]
    : [];
  const admin = `${sandbox.origin}/__admin/requests`;
  const rows: Row[] = [];
  const rounds: [Instance[], number][] = [
    [[single], 1],
    [[single], 100],
    [[single], 1000],
    ...(pair.length ? [[pair, 1000] as [Instance[], number]] : []),
  ];
  try {
    for (const [instances, n] of rounds) {
      const rest = single.rest;
      // A fresh transaction per round: PENDING, then changed once over REST.
      const tx = (await rest.call('createTransaction', {
        space,
        body: {
          currency: 'CHF',
          lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 1, amountIncludingTax: 5, type: 'PRODUCT' }],
        },
      })) as { id: number; version: number };
      const id = encodeGlobalId('Transaction', space, tx.id);
      const streams: AsyncGenerator<ExecutionResult>[] = [];
      for (let i = 0; i < n; i++) {
        // Subscribers spread over the instances, each served by its own instance's hub.
        const upstream = instances[i % instances.length].rest;
        const contextValue = createGraphContext({ rest: upstream, upstream });
        streams.push(
          (await subscribe({
            schema,
            document: FOLLOW,
            variableValues: { id },
            contextValue,
          })) as AsyncGenerator<ExecutionResult>,
        );
      }
      await Promise.all(streams.map((s) => s.next()));
      await fetch(admin, { method: 'DELETE' });
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const idle = ((await (await fetch(admin)).json()) as { total: number }).total;
      const changedAt = performance.now();
      const arrived = streams.map((s) => s.next().then(() => performance.now() - changedAt));
      await rest.call('updateTransaction', {
        space,
        path: { id: tx.id },
        body: { version: tx.version, merchantReference: `bench-${n}` },
      });
      const delays = await Promise.all(arrived);
      rows.push({
        instances: instances.length,
        subscribers: n,
        idleCallsPerMinute: (idle / seconds) * 60,
        medianDeliveryMs: median(delays),
        lastDeliveryMs: Math.max(...delays),
      });
      for (const s of streams) await s.return(undefined);
    }
  } finally {
    for (const instance of [single, ...pair]) {
      await instance.coordinator?.close();
      await instance.rest.close();
    }
    await redis?.stop();
    await sandbox.close();
  }
  const table = [
    '| instances | subscribers | REST calls per minute, idle | median delivery ms | last delivery ms |',
    '|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.instances} | ${r.subscribers} | ${r.idleCallsPerMinute.toFixed(0)} | ${r.medianDeliveryMs.toFixed(0)} | ${r.lastDeliveryMs.toFixed(0)} |`,
    ),
  ].join('\n');
  const head = `# Live updates: REST calls and delivery latency\n\n${new Date().toISOString()} · node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · load ${loadavg()[0].toFixed(2)} · tick ${tickMs} ms, idle window ${seconds} s\n\n`;
  const markdown = `${head}${table}\n\nIdle ticks slow down to the slowest tick (here equal to the tick); delivery includes up to one tick of waiting. Two instances share one watch through Redis: one searches, both deliver.\n`;
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

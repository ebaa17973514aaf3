// `npm run bench:redis-outage [-- --reads N --pushes N]`: issue 21's goals, measured on real
// processes: three `paygraph serve` over one sandbox process and one redis-server (appendonly, fsync
// always), the sandbox adding 5 ms to every REST call, default live ticks (1 s / 8 s).
// - read latency (a read the cache misses: another customer each time) with Redis up, then killed;
// - keyed mutations while Redis is down: new keys (refused typed, nothing sent) and repeats of keys
//   answered before (answered from REST's marker), answer times; untyped answers counted;
// - freshness: a customer updated on B while a slow read on E began before it; then read on A, B, E:
//   stale answers counted;
// - own writes: a customer updated on B, the time until its entityChanged subscriber on A has it;
// - live events across an 8 s outage: two transactionsChanged subscribers, 14 transactions, missing
//   and repeated events counted.
// Prints a table and writes bench/redis-outage/reports/<stamp>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createClient } from 'graphql-sse';
import { createRestClient } from '../../src/rest';
import { startCluster, type Cluster, type Instance } from '../../test/support/paygraph-cluster';
import { startRedis, type RunningRedis } from '../../test/support/redis-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const summary = (xs: number[]) => ({
  n: xs.length,
  p50: percentile(xs, 50),
  p99: percentile(xs, 99),
  max: Math.max(...xs),
});

const CREATE = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename ... on CreateCustomerPayload { customer { id } } } }`;
const READ = `query ($id: ID!) { node(id: $id) { ... on Customer { givenName version emailAddresses { emailAddress } } } }`;
const UPDATE = `mutation ($input: UpdateCustomerInput!) { updateCustomer(input: $input) { __typename } }`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
}

async function customers(cluster: Cluster, n: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const made = await cluster.instances[0].post({
      query: CREATE,
      variables: { input: { space: cluster.space, givenName: `${prefix}${i}` } },
    });
    ids.push((made.data?.createCustomer as { customer: { id: string } }).customer.id);
  }
  return ids;
}

async function readLatency(cluster: Cluster, ids: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const id of ids)
    times.push((await timed(() => cluster.instances[0].post({ query: READ, variables: { id } })))[1]);
  return times;
}

async function keyedWhileDown(cluster: Cluster, redis: RunningRedis, n: number) {
  const repeats = [];
  for (let i = 0; i < n; i++)
    repeats.push({
      key: `bench-repeat-${Date.now()}-${i}`,
      input: { space: cluster.space, customerId: `bench-repeat-${Date.now()}-${i}` },
    });
  for (const r of repeats)
    await cluster.instances[0].post(
      { query: CREATE, variables: { input: r.input } },
      { 'idempotency-key': r.key },
    );
  await redis.kill();
  const fresh: number[] = [];
  const again: number[] = [];
  const answers = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const [body, ms] = await timed(() =>
      cluster.instances[1].post(
        {
          query: CREATE,
          variables: { input: { space: cluster.space, customerId: `bench-new-${Date.now()}-${i}` } },
        },
        { 'idempotency-key': `bench-new-${Date.now()}-${i}` },
      ),
    );
    fresh.push(ms);
    const name = (body.data?.createCustomer as { __typename?: string } | undefined)?.__typename ?? 'untyped';
    answers.set(name, (answers.get(name) ?? 0) + 1);
  }
  for (const r of repeats) {
    const [body, ms] = await timed(() =>
      cluster.instances[1].post(
        { query: CREATE, variables: { input: r.input } },
        { 'idempotency-key': r.key },
      ),
    );
    again.push(ms);
    const name = (body.data?.createCustomer as { __typename?: string } | undefined)?.__typename ?? 'untyped';
    answers.set(`repeat ${name}`, (answers.get(`repeat ${name}`) ?? 0) + 1);
  }
  await redis.restart();
  return { fresh: summary(fresh), repeats: summary(again), answers: Object.fromEntries(answers) };
}

async function freshness(cluster: Cluster, rounds: number): Promise<number> {
  const [a, b, e] = cluster.instances;
  let stale = 0;
  const [id] = await customers(cluster, 1, 'fresh');
  for (let version = 1; version <= rounds; version++) {
    await cluster.fault({ latencyMs: 300, match: { operationId: 'listCustomerEmailAddresses' } });
    const slow = e.post({ query: READ, variables: { id } });
    await sleep(50);
    await cluster.clearFaults();
    const updated = await b.post({
      query: UPDATE,
      variables: { input: { id, version, givenName: `v${version + 1}` } },
    });
    if (
      (updated.data?.updateCustomer as { __typename?: string } | undefined)?.__typename !==
      'UpdateCustomerPayload'
    )
      throw new Error(`the update failed: ${JSON.stringify(updated)}`);
    await slow;
    for (const on of [a, b, e]) {
      const name = ((await on.post({ query: READ, variables: { id } })).data?.node as { givenName: string })
        .givenName;
      if (name !== `v${version + 1}`) stale++;
    }
  }
  return stale;
}

async function pushLatency(cluster: Cluster, n: number): Promise<number[]> {
  const [a, b] = cluster.instances;
  const [id] = await customers(cluster, 1, 'push');
  const client = createClient({ url: a.url });
  const times: number[] = [];
  let seen = 0;
  let wake: (() => void) | undefined;
  const done = (async () => {
    for await (const _ of client.iterate({
      query: `subscription ($id: ID!) { entityChanged(id: $id) { id } }`,
      variables: { id },
    })) {
      seen++;
      wake?.();
    }
  })();
  while (seen < 1) await sleep(20);
  for (let version = 1; version <= n; version++) {
    // Long enough since the last change that the watch's tick has slowed down (up to 8 s).
    await sleep(1_500 + Math.random() * 2_000);
    const arrived = new Promise<void>((resolve) => (wake = resolve));
    await b.post({ query: UPDATE, variables: { input: { id, version, givenName: `p${version}` } } });
    const answeredAt = performance.now();
    await arrived;
    times.push(performance.now() - answeredAt);
  }
  client.dispose();
  await done.catch(() => undefined);
  return times;
}

async function liveOutage(cluster: Cluster, redis: RunningRedis) {
  const [user] = cluster.sandbox.users;
  const rest = createRestClient({ baseUrl: cluster.sandbox.baseUrl, userId: user.id, authKey: user.key });
  const ref = `bench-outage-${Date.now()}`;
  const received = cluster.instances.slice(0, 2).map((on: Instance) => {
    const ids: string[] = [];
    const client = createClient({ url: on.url });
    void (async () => {
      for await (const event of client.iterate({
        query: `subscription ($s: ID!, $r: String!) { transactionsChanged(space: $s, filter: { merchantReference: { eq: $r } }) { restId } }`,
        variables: { s: cluster.space, r: ref },
      }) as AsyncIterable<{ data?: { transactionsChanged: { restId: unknown } } }>)
        if (event.data) ids.push(String(event.data.transactionsChanged.restId));
    })().catch(() => undefined);
    return { ids, client };
  });
  const make = async () =>
    String(
      (
        (await rest.call('createTransaction', {
          space: Number(cluster.space),
          body: {
            currency: 'CHF',
            merchantReference: ref,
            lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 1, amountIncludingTax: 4, type: 'PRODUCT' }],
          },
        })) as { id: unknown }
      ).id,
    );
  while (received.some((r) => r.ids.length === 0)) {
    await make();
    await sleep(1_000);
  }
  await redis.kill();
  const made: string[] = [];
  for (let i = 0; i < 14; i++) {
    made.push(await make());
    await sleep(8_000 / 14);
  }
  await redis.restart();
  await sleep(15_000);
  const result = received.map((r) => ({
    missing: made.filter((id) => !r.ids.includes(id)).length,
    repeated: made.filter((id) => r.ids.filter((x) => x === id).length > 1).length,
  }));
  for (const r of received) r.client.dispose();
  await rest.close();
  return result;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { reads: { type: 'string', default: '100' }, pushes: { type: 'string', default: '15' } },
  });
  const reads = Number(values.reads);
  const redis = await startRedis({ persistence: 'always' });
  const cluster = await startCluster({
    redisUrl: redis.url,
    instances: 3,
    env: { PAYGRAPH_LOG_LEVEL: 'warn' },
  });
  try {
    await cluster.fault({ latencyMs: 5 });
    const ids = await customers(cluster, reads * 2, 'read');
    const up = await readLatency(cluster, ids.slice(0, reads));
    await redis.kill();
    const down = await readLatency(cluster, ids.slice(reads));
    await redis.restart();
    // Claims wait two heartbeats after an outage (an instance that saw lost writes notes them first).
    await sleep(3_000);
    const keyed = await keyedWhileDown(cluster, redis, 20);
    await sleep(3_000);
    await cluster.clearFaults();
    await sleep(3_000);
    const stale = await freshness(cluster, 20);
    const push = await pushLatency(cluster, Number(values.pushes));
    const live = await liveOutage(cluster, redis);
    const report = {
      machine: { cpus: cpus().length, load: loadavg().map((l) => Math.round(l * 100) / 100) },
      readMs: { redisUp: summary(up), redisDown: summary(down) },
      keyedWhileRedisDownMs: keyed,
      staleAnswersAfterWrite: stale,
      ownWritePushMs: summary(push),
      liveOutage: live,
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync(new URL('./reports/', import.meta.url), { recursive: true });
    writeFileSync(
      new URL(
        `./reports/redis-outage-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
        import.meta.url,
      ),
      JSON.stringify(report, null, 2),
    );
  } finally {
    await cluster.stop();
    await redis.stop();
  }
}

await main();

// Several paygraph instances sharing live watches through a real redis-server: a real sandbox
// process and two real `paygraph serve` processes (the CLI), subscribers on both. Only the lease
// holder searches the REST API (counted per instance in /metrics and in total at the sandbox); it is
// SIGKILLed, the other takes the watch over, and the changes made before, during and after the
// takeover each arrive once, in order, at the surviving instance's subscribers.
import type { ChildProcess } from 'node:child_process';
import { createClient, type Client } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startCli, stopChild } from '../support/cli-process';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

interface SandboxReady {
  baseUrl: string;
  users: { id: string; key: string }[];
  spaces: number[];
  cardPaymentMethodConfigurations: Record<string, number>;
  testCards: { approve: string };
}

const children: ChildProcess[] = [];

/** Runs the real CLI and answers its JSON ready line; every process is stopped after the tests. */
async function cli<T>(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: T }> {
  return startCli<T>(args, env, children);
}

class Instance {
  constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {}

  private async metric(name: string, labels: string): Promise<number> {
    const text = await (await fetch(new URL('/metrics', this.url))).text();
    const lines = text
      .split('\n')
      .filter((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && l.includes(labels));
    return lines.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  }

  searches(): Promise<number> {
    return this.metric('paygraph_rest_calls_total', 'operation_id="searchTransactions"');
  }

  subscribers(): Promise<number> {
    return this.metric('paygraph_live_subscribers', '');
  }
}

type Seen = { state: string; version: number };

/** The events of one subscription as they arrive; waits on a count, never on time. */
class Log {
  readonly events: Seen[] = [];
  readonly errors: unknown[] = [];
  ended = false;
  private wake: () => void = () => undefined;

  constructor(
    events: AsyncIterable<{ data?: Record<string, Seen> | null; errors?: unknown }>,
    field: string,
  ) {
    void (async () => {
      try {
        for await (const event of events) {
          if (event.errors) this.errors.push(event.errors);
          else this.events.push(event.data![field]);
          this.wake();
        }
      } catch (error) {
        this.errors.push(error);
      }
      this.ended = true;
      this.wake();
    })();
  }

  async until(count: number): Promise<Seen[]> {
    while (this.events.length < count && !this.ended)
      await new Promise<void>((resolve) => (this.wake = resolve));
    return this.events;
  }
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}

let redis: RunningRedis;
let sandbox: SandboxReady;
let rest: RestClient;
let instances: Instance[];
const clients: Client[] = [];

async function sandboxSearches(): Promise<number> {
  const counts = (await (await fetch(`${new URL(sandbox.baseUrl).origin}/__admin/requests`)).json()) as {
    byOperation: Record<string, number>;
  };
  return counts.byOperation.searchTransactions ?? 0;
}

describe.skipIf(!hasRedisServer)('live updates on two instances sharing Redis', () => {
  beforeAll(async () => {
    let started: { ready: SandboxReady };
    [redis, started] = await Promise.all([startRedis(), cli<SandboxReady>(['sandbox', '--port', '0'])]);
    sandbox = started.ready;
    const [user] = sandbox.users;
    rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
    const env = {
      PAYGRAPH_REST_URL: sandbox.baseUrl,
      PAYGRAPH_USER_ID: user.id,
      PAYGRAPH_AUTH_KEY: user.key,
      REDIS_URL: redis.url,
      PORT: '0',
      PAYGRAPH_LIVE_TICK_MS: '1000',
      PAYGRAPH_LIVE_SLOW_TICK_MS: '2000',
    };
    // Together: the sandbox's start above built the CLI bundle if it was missing.
    instances = await Promise.all(
      [0, 1].map(async () => {
        const { child, ready } = await cli<{ graphql: string }>(['serve'], env);
        return new Instance(child, ready.graphql);
      }),
    );
  });
  afterAll(async () => {
    for (const client of clients) client.dispose();
    await rest?.close();
    await Promise.all(children.map((child) => stopChild(child, 'SIGKILL')));
    await redis?.stop();
  });

  function subscribe(
    instance: Instance,
    query: string,
    variables: Record<string, unknown>,
    field: string,
  ): Log {
    const client = createClient({ url: instance.url, retryAttempts: 0 });
    clients.push(client);
    return new Log(
      client.iterate({ query, variables }) as AsyncIterable<{ data?: Record<string, Seen> }>,
      field,
    );
  }

  it('one instance searches; killed, the other takes over; every change arrives once, in order', async () => {
    const space = sandbox.spaces[0];
    const reference = `scale-out-${process.pid}`;
    const collection = instances.map((instance) =>
      subscribe(
        instance,
        `subscription ($space: ID!, $ref: String!) { transactionsChanged(space: $space, filter: { merchantReference: { eq: $ref } }) { state version } }`,
        { space: String(space), ref: reference },
        'transactionsChanged',
      ),
    );
    // Both subscribed, and the watch's baseline taken (two searches): only then is a transaction new.
    await until(async () => (await Promise.all(instances.map((i) => i.subscribers()))).every((n) => n === 1));
    await until(async () => (await sandboxSearches()) >= 2);

    const created = (await rest.call('createTransaction', {
      space,
      body: {
        currency: 'CHF',
        merchantReference: reference,
        completionBehavior: 'COMPLETE_DEFERRED',
        lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 1, amountIncludingTax: 10, type: 'PRODUCT' }],
      },
    })) as { id: number; version: number };
    const id = Buffer.from(`Transaction:${space}:${created.id}`).toString('base64url');
    for (const log of collection)
      expect(await log.until(1)).toEqual([{ state: 'PENDING', version: created.version }]);
    const entity = instances.map((instance) =>
      subscribe(
        instance,
        `subscription ($id: ID!) { entityChanged(id: $id, untilFinal: true) { ... on Transaction { state version } } }`,
        { id },
        'entityChanged',
      ),
    );
    for (const log of entity) await log.until(1);

    // Only one instance searches: the other's count stays 0, and the sandbox saw only the leader's.
    const counts = await Promise.all(instances.map((i) => i.searches()));
    const leader = counts.findIndex((n) => n > 0);
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    const survivor = instances[1 - leader];

    // Before: a change that leaves no event timestamp (a metadata update), so the collection watch finds it by version.
    const before = (await rest.call('updateTransaction', {
      space,
      path: { id: created.id },
      body: { version: created.version, customerEmailAddress: 'scale-out@example.com' },
    })) as { version: number };
    for (const log of [...entity, ...collection]) await log.until(2);
    const leaderBefore = await instances[leader].searches();
    const atSandbox = await sandboxSearches();
    const leaderAfter = await instances[leader].searches();
    expect(await survivor.searches()).toBe(0);
    expect(atSandbox).toBeGreaterThanOrEqual(leaderBefore);
    expect(atSandbox).toBeLessThanOrEqual(leaderAfter);

    // During: the leader is killed; the transaction is authorized before anyone watches again.
    await stopChild(instances[leader].child, 'SIGKILL');
    await rest.call('processTransactionCardDetails', {
      space,
      path: { id: created.id },
      body: {
        paymentMethodConfiguration: sandbox.cardPaymentMethodConfigurations[space],
        cardData: {
          primaryAccountNumber: sandbox.testCards.approve,
          expiryDate: '2031-12',
          cardVerificationCode: '123',
        },
      },
    });
    const survivorEntity = entity[1 - leader];
    const survivorCollection = collection[1 - leader];
    await survivorEntity.until(3);
    await survivorCollection.until(3);
    expect(await survivor.searches()).toBeGreaterThan(0);

    // After: the new leader follows the transaction to its final state.
    await rest.call('completeTransactionOnline', { space, path: { id: created.id } });
    await survivorEntity.until(5);
    await survivorCollection.until(4);

    const states = (log: Log) => log.events.map((e) => e.state);
    expect(survivorEntity.ended).toBe(true);
    expect(survivorEntity.errors).toEqual([]);
    expect(states(survivorEntity)).toEqual(['PENDING', 'PENDING', 'AUTHORIZED', 'FULFILL']);
    expect(survivorEntity.events[1].version).toBe(before.version);
    expect(survivorCollection.errors).toEqual([]);
    expect(survivorCollection.events).toEqual(survivorEntity.events);
    for (const log of [survivorEntity, survivorCollection]) {
      const versions = log.events.map((e) => e.version);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
      expect(new Set(versions).size).toBe(versions.length);
    }
  });
});

// Own writes pushed at once: a mutation made through paygraph wakes the live watches of what it
// changed, on every instance (through Redis pub/sub), whatever their tick. The ticks here are 30 s and
// more, so only the push can bring the change within the test's wait; before, a customer updated
// through paygraph reached its subscriber after the watch's slow tick (1-7 s with the defaults).
// Two served instances over one sandbox and one real redis-server; subscribers with graphql-sse.
import { createClient, type Client } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { post } from '../support/paygraph-cluster';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

const SLOW = { fastMs: 30_000, slowMs: 60_000 };

/** The events of a subscription, as they come. */
class Events<T> {
  readonly seen: T[] = [];
  private waiters: (() => void)[] = [];
  constructor(client: Client, query: string, variables: Record<string, unknown>) {
    void (async () => {
      for await (const event of client.iterate({ query, variables }) as AsyncIterable<{ data?: T }>) {
        if (event.data) this.seen.push(event.data);
        for (const wake of this.waiters.splice(0)) wake();
      }
    })().catch(() => undefined);
  }

  /** Waits until `count` events arrived (at most `ms`, far below the watches' tick). */
  async until(count: number, ms = 10_000): Promise<T[]> {
    const end = Date.now() + ms;
    while (this.seen.length < count) {
      if (Date.now() > end) throw new Error(`${this.seen.length} of ${count} events within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
    return this.seen;
  }
}

const ENTITY = `subscription ($id: ID!) { entityChanged(id: $id) { ... on Customer { givenName version } } }`;
const TRANSACTIONS = `subscription ($space: ID!, $ref: String!) {
  transactionsChanged(space: $space, filter: { merchantReference: { eq: $ref } }) { merchantReference } }`;
const CREATE_CUSTOMER = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { ... on CreateCustomerPayload { customer { id version } } } }`;
const UPDATE_CUSTOMER = `mutation ($input: UpdateCustomerInput!) { updateCustomer(input: $input) { __typename } }`;
const CREATE_TRANSACTION = `mutation ($input: CreateTransactionInput!) { createTransaction(input: $input) { __typename } }`;

describe.skipIf(!hasRedisServer)('own writes reach subscribers at once', () => {
  let sandbox: RunningSandbox;
  let redis: RunningRedis;
  let a: RunningGraphServer;
  let b: RunningGraphServer;
  let alone: RunningGraphServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox();
    redis = await startRedis({ persistence: 'always' });
    const [user] = sandbox.users;
    const options = { restUrl: sandbox.baseUrl, userId: user.id, authKey: user.key, port: 0, liveTick: SLOW };
    a = await startGraphServer({ ...options, redisUrl: redis.url });
    b = await startGraphServer({ ...options, redisUrl: redis.url });
    alone = await startGraphServer(options);
  });
  afterAll(async () => {
    for (const client of clients) client.dispose();
    for (const server of [a, b, alone]) await server?.close();
    await redis?.stop();
    await sandbox?.close();
  });

  const space = () => String(sandbox.spaces[0]);
  function subscribe<T>(
    on: RunningGraphServer,
    query: string,
    variables: Record<string, unknown>,
  ): Events<T> {
    const client = createClient({ url: on.url });
    clients.push(client);
    return new Events<T>(client, query, variables);
  }
  async function newCustomer(on: RunningGraphServer, givenName: string): Promise<string> {
    const made = await post(on.url, {
      query: CREATE_CUSTOMER,
      variables: { input: { space: space(), givenName } },
    });
    return (made.data?.createCustomer as { customer: { id: string } }).customer.id;
  }

  type Customer = { entityChanged: { givenName: string; version: number } };

  it('a customer updated on one instance reaches its subscribers on both, long before the next tick', async () => {
    const id = await newCustomer(a, 'Before');
    const onA = subscribe<Customer>(a, ENTITY, { id });
    const onB = subscribe<Customer>(b, ENTITY, { id });
    await onA.until(1);
    await onB.until(1);
    await post(b.url, {
      query: UPDATE_CUSTOMER,
      variables: { input: { id, version: 1, givenName: 'After' } },
    });
    expect((await onA.until(2))[1]).toEqual({ entityChanged: { givenName: 'After', version: 2 } });
    expect((await onB.until(2))[1]).toEqual({ entityChanged: { givenName: 'After', version: 2 } });
    await post(a.url, {
      query: UPDATE_CUSTOMER,
      variables: { input: { id, version: 2, givenName: 'Again' } },
    });
    expect((await onB.until(3))[2]).toEqual({ entityChanged: { givenName: 'Again', version: 3 } });
    expect((await onA.until(3))[2]).toEqual({ entityChanged: { givenName: 'Again', version: 3 } });
  });

  it('a transaction created on one instance reaches a collection subscriber on the other', async () => {
    const ref = `own-${Date.now()}`;
    const onA = subscribe<{ transactionsChanged: { merchantReference: string } }>(a, TRANSACTIONS, {
      space: space(),
      ref,
    });
    const create = (on: RunningGraphServer) =>
      post(on.url, {
        query: CREATE_TRANSACTION,
        variables: {
          input: {
            space: space(),
            currency: 'CHF',
            merchantReference: ref,
            lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 1, amountIncludingTax: 4, type: 'PRODUCT' }],
          },
        },
      });
    // A collection watch answers what happens after its first search (its baseline), which a write
    // wakes too: the first write may fall before it, so write until one arrives.
    for (let i = 0; onA.seen.length === 0 && i < 20; i++) {
      await create(b);
      await onA.until(1, 500).catch(() => undefined);
    }
    const before = onA.seen.length;
    expect(before).toBeGreaterThan(0);
    await create(b);
    expect((await onA.until(before + 1)).at(-1)).toEqual({ transactionsChanged: { merchantReference: ref } });
  });

  it('wakes the watch at once on a single instance without Redis too', async () => {
    const id = await newCustomer(alone, 'Solo');
    const events = subscribe<Customer>(alone, ENTITY, { id });
    await events.until(1);
    await post(alone.url, {
      query: UPDATE_CUSTOMER,
      variables: { input: { id, version: 1, givenName: 'Pushed' } },
    });
    expect((await events.until(2))[1]).toEqual({ entityChanged: { givenName: 'Pushed', version: 2 } });
  });
});

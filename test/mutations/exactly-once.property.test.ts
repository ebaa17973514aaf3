// Exactly once, as a property: random interleavings of keyed mutations sent to either of two paygraph
// instances, repeats included, while a real redis-server is killed, restarted (with its files, or
// empty as one without persistence comes back) and flushed, and the sandbox answers 503s, drops
// connections and slows down. Whatever happens: never more than one REST write per key (the objects
// that exist afterwards are counted), never two different objects answered for one key, and every
// answer a member of the mutation's result union (a payload or a typed MutationError).
// In process, to make each run cheap: two apps (each its own REST client, Redis connection and key
// store, as two instances have) over one sandbox and one redis-server. Each run has keys of its own
// and a key store prefix of its own (a loss in one run leaves the next one a store without doubt).
// CI runs 200 runs of a fixed seed; PAYGRAPH_PROPERTY_RUNS and PAYGRAPH_PROPERTY_SEED sweep by hand.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedRedis, type SharedRedis } from '../../src/redis';
import {
  createRedisIdempotencyStore,
  encodeGlobalId,
  type IdempotencyStore,
  type RedisIdempotencyStore,
} from '../../src/resolvers';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

const RUNS = Number(process.env.PAYGRAPH_PROPERTY_RUNS ?? 200);
/** PAYGRAPH_PROPERTY_STATS=1 prints how often each answer came (to see what the runs exercised). */
const STATS = process.env.PAYGRAPH_PROPERTY_STATS === '1';
const tally = new Map<string, number>();
const SEED = Number(process.env.PAYGRAPH_PROPERTY_SEED ?? 2121);

type Mutation = 'createCustomer' | 'createCustomerComment';

type Command =
  | { kind: 'send'; key: number; on: number; mutation: Mutation; await: boolean }
  | { kind: 'redis'; what: 'kill' | 'restart' | 'restart-empty' | 'flush' }
  | { kind: 'rest'; what: '503' | 'drop' | 'slow' | 'stall' | 'clear' }
  | { kind: 'pause'; ms: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      key: fc.nat(2),
      on: fc.nat(1),
      mutation: fc.constantFrom<Mutation>('createCustomer', 'createCustomerComment'),
      await: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('redis' as const),
      what: fc.constantFrom('kill' as const, 'restart' as const, 'restart-empty' as const, 'flush' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rest' as const),
      what: fc.constantFrom(
        '503' as const,
        'drop' as const,
        'slow' as const,
        'stall' as const,
        'clear' as const,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('pause' as const), ms: fc.integer({ min: 0, max: 120 }) }),
  },
);

const DOCUMENTS: Record<Mutation, string> = {
  createCustomer: `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename ... on CreateCustomerPayload { customer { id } } } }`,
  createCustomerComment: `mutation ($input: CreateCustomerCommentInput!) { createCustomerComment(input: $input) { __typename ... on CreateCustomerCommentPayload { customerComment { id } } } }`,
};

/** Forwards to the key store of the current run. */
class RunStores implements IdempotencyStore {
  current?: RedisIdempotencyStore;
  claim(...args: Parameters<IdempotencyStore['claim']>) {
    return this.current!.claim(...args);
  }
  close() {
    return this.current?.close() ?? Promise.resolve();
  }
}

interface Node {
  rest: RestClient;
  redis: SharedRedis;
  stores: RunStores;
  app: App;
}

describe.skipIf(!hasRedisServer)('exactly once, whatever Redis and REST do (property)', () => {
  let sandbox: RunningSandbox;
  let redis: RunningRedis;
  let nodes: Node[];
  let space: number;
  /** The customer the comments are made on (its global ID). */
  let customer: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seedSize: 'small' });
    redis = await startRedis({ persistence: 'always' });
    space = sandbox.spaces[0];
    const [user] = sandbox.users;
    nodes = [0, 1].map(() => {
      const rest = createRestClient({
        baseUrl: sandbox.baseUrl,
        userId: user.id,
        authKey: user.key,
        timeouts: { headersMs: 300 },
      });
      const shared = createSharedRedis({ url: redis.url });
      const stores = new RunStores();
      return { rest, redis: shared, stores, app: createApp({ rest, idempotency: stores }) };
    });
    // Made directly, with the REST client's default timeouts: the instances' 300 ms is for the runs,
    // and a first call on a loaded machine (new connections, a cold sandbox) may take longer.
    const setup = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
    try {
      const made = await setup.call('createCustomer', { space, body: { givenName: 'Comments' } });
      customer = encodeGlobalId('Customer', space, made.id!);
    } finally {
      await setup.close();
    }
  }, 60_000);
  afterAll(async () => {
    for (const node of nodes ?? []) {
      await node.stores.close();
      await node.redis.close();
      await node.rest.close();
    }
    await redis?.stop();
    await sandbox?.close();
  });

  async function graph(
    node: Node,
    query: string,
    variables: Record<string, unknown>,
    key?: string,
  ): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
    const response = await node.app.fetch('http://paygraph/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  }

  /** Objects REST holds for a key (its customerId, or its comment's content). */
  function objectsOf(mutation: Mutation, mark: string): number {
    const store = sandbox.state.store;
    return mutation === 'createCustomer'
      ? store.where('Customer', 'customerId', mark, space).length
      : store.where('CustomerComment', 'content', mark, space).length;
  }

  async function apply(
    c: Command,
    run: string,
    answers: Promise<void>[],
    record: (key: string, id: string | undefined, answer: unknown) => void,
  ): Promise<void> {
    switch (c.kind) {
      case 'send': {
        const mark = `${run}-${c.mutation}-${c.key}`;
        const input =
          c.mutation === 'createCustomer'
            ? { space: String(space), customerId: mark }
            : { customer, content: mark };
        const answer = graph(nodes[c.on], DOCUMENTS[c.mutation], { input }, mark).then((body) => {
          const result = body.data?.[c.mutation] as
            | { __typename?: string; customer?: { id: string }; customerComment?: { id: string } }
            | undefined;
          record(mark, result?.customer?.id ?? result?.customerComment?.id, body);
        });
        answers.push(answer);
        if (c.await) await answer;
        return;
      }
      case 'redis':
        if (c.what === 'kill') return redis.running ? redis.kill() : undefined;
        if (c.what === 'flush') return redis.running ? redis.flushAll() : undefined;
        if (redis.running) await redis.kill();
        return redis.restart({ empty: c.what === 'restart-empty' });
      case 'rest': {
        const match = { method: 'POST' };
        if (c.what === '503') sandbox.faults.set({ errorCount: 1, errorStatus: 503, match });
        else if (c.what === 'drop') sandbox.faults.set({ dropCount: 1, match });
        // Slow: answered; stalled: past the REST client's 300 ms header timeout (the outcome unknown to paygraph).
        else if (c.what === 'slow') sandbox.faults.set({ latencyMs: 200, match });
        else if (c.what === 'stall') sandbox.faults.set({ latencyMs: 500, match });
        else sandbox.faults.clear();
        return;
      }
      case 'pause':
        await new Promise((resolve) => setTimeout(resolve, c.ms));
    }
  }

  it(`never writes a key twice and answers every keyed mutation typed (${RUNS} runs, seed ${SEED})`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 2, maxLength: 10 }), async (commands) => {
        const run = `r${runs++}-${Date.now().toString(36)}`;
        sandbox.faults.clear();
        if (!redis.running) await redis.restart();
        await Promise.all(nodes.map((n) => n.redis.whenUp(2_000)));
        for (const node of nodes) {
          await node.stores.current?.close();
          node.stores.current = createRedisIdempotencyStore({ redis: node.redis, prefix: `prop:${run}:` });
        }
        const answers: Promise<void>[] = [];
        const answered = new Map<string, Set<string>>();
        const untyped: unknown[] = [];
        const record = (key: string, id: string | undefined, body: unknown) => {
          const typename = (body as { data?: Record<string, { __typename?: string }> }).data?.[
            key.includes('Comment') ? 'createCustomerComment' : 'createCustomer'
          ]?.__typename;
          if ((body as { errors?: unknown }).errors || !/Payload$|Error$/.test(typename ?? ''))
            untyped.push(body);
          tally.set(String(typename), (tally.get(String(typename)) ?? 0) + 1);
          if (id) answered.set(key, (answered.get(key) ?? new Set()).add(id));
        };
        for (const c of commands) await apply(c, run, answers, record);
        await Promise.all(answers);
        sandbox.faults.clear();
        expect(untyped).toEqual([]);
        for (const [key, ids] of answered) expect([key, ids.size]).toEqual([key, 1]);
        for (const mutation of ['createCustomer', 'createCustomerComment'] as const)
          for (const k of [0, 1, 2])
            expect(objectsOf(mutation, `${run}-${mutation}-${k}`)).toBeLessThanOrEqual(1);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (STATS)
      console.info(`answers over ${RUNS} runs:`, Object.fromEntries([...tally].sort((x, y) => y[1] - x[1])));
  }, 1_200_000);
});

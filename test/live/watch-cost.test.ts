// What watching costs at the REST API: the searches per tick depend on the number of objects and
// filters watched, not on the number of subscribers. Subscriptions run in process over the real
// schema and the sandbox; ticks are run one at a time and their REST calls counted.
import { createRequire } from 'node:module';
import type { ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHubOf } from '../../src/live';
import { createGraphContext, encodeGlobalId } from '../../src/resolvers';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { schema } from '../../src/schema';
import { RecordingCaller } from '../support/world';

const { subscribe, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

let sandbox: RunningSandbox;
let rest: RestClient;
let recorder: RecordingCaller;
let space: number;
let ids: string[];

beforeAll(async () => {
  sandbox = await startSandbox();
  const [user] = sandbox.users;
  rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  recorder = new RecordingCaller(rest);
  // Ticks run only when the test asks (and once at once for new subscribers).
  liveHubOf(recorder, { fastMs: 3_600_000, slowMs: 3_600_000 });
  space = sandbox.spaces[0];
  const found: number[] = [];
  for (let offset = 0; found.length < 500; offset += 100) {
    const page = (await rest.call('searchTransactions', {
      space,
      query: { limit: 100, offset, order: 'id:ASC' },
    })) as {
      data: { id: number }[];
    };
    found.push(...page.data.map((t) => t.id));
  }
  ids = found.slice(0, 500).map((id) => encodeGlobalId('Transaction', space, id));
});
afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

type Stream = AsyncGenerator<ExecutionResult>;

async function open(query: string, variables: Record<string, unknown>): Promise<Stream> {
  const contextValue = createGraphContext({ rest: recorder, upstream: recorder });
  const stream = await subscribe({ schema, document: parse(query), variableValues: variables, contextValue });
  if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream.errors));
  return stream as Stream;
}

const FOLLOW = `subscription ($id: ID!) { entityChanged(id: $id) { id ... on Transaction { state } } }`;

async function followAll(times: number): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let i = 0; i < times; i++) for (const id of ids) streams.push(await open(FOLLOW, { id }));
  // Each subscriber first gets the object as it is.
  await Promise.all(streams.map((s) => s.next()));
  return streams;
}

function watcher() {
  const found = liveHubOf(recorder).active.find((w) => w.model === 'Transaction');
  if (!found) throw new Error('no transaction watcher');
  return found;
}

async function searchesPerTick(): Promise<number> {
  recorder.calls.length = 0;
  await watcher().tickNow();
  return recorder.calls.filter((c) => c.operationId === 'searchTransactions').length;
}

describe('watch cost', () => {
  it('500 transactions cost 5 searches a tick, with one subscriber each or two', async () => {
    const one = await followAll(1);
    const withOne = await searchesPerTick();
    const two = await followAll(1);
    await watcher().tickNow();
    const withTwo = await searchesPerTick();
    expect(withOne).toBe(5);
    expect(withTwo).toBe(withOne);
    for (const s of [...one, ...two]) await s.return(undefined);
    expect(liveHubOf(recorder).active.filter((w) => w.model === 'Transaction')).toHaveLength(0);
  });

  it('a collection watch costs one search a tick for 1 subscriber or 1,000 with the same filter', async () => {
    const query = `subscription ($space: ID!) { transactionsChanged(space: $space, filter: { state: { eq: AUTHORIZED } }) { id } }`;
    const first = await open(query, { space: String(space) });
    void first.next();
    await watcher().tickNow(); // the baseline
    const single = await searchesPerTick();
    const many: Stream[] = [];
    for (let i = 0; i < 999; i++) {
      const s = await open(query, { space: String(space) });
      void s.next();
      many.push(s);
    }
    await watcher().tickNow(); // the tick the new subscribers asked for
    const thousand = await searchesPerTick();
    expect(single).toBe(1);
    expect(thousand).toBe(single);
    for (const s of [first, ...many]) await s.return(undefined);
  });
});

// What live updates cost a caller's rate limit: a tick's REST calls are split between the watch's
// subscribers (not charged to each in full), and a caller whose bucket is empty gets a RATE_LIMITED
// event that ends its stream, then is refused when subscribing again. Subscriptions run in process
// over the real schema and the sandbox, with the server's own token bucket on a clock that stands
// still (no refill), ticks run one at a time.
import { createRequire } from 'node:module';
import type { ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHubOf, type LiveCharger } from '../../src/live';
import { createGraphContext, encodeGlobalId, type InboundCaller } from '../../src/resolvers';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { schema } from '../../src/schema';
import { RateLimiter } from '../../src/server/admission/rate-limit';
import { RecordingCaller } from '../support/world';

const { subscribe, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

let sandbox: RunningSandbox;
let rest: RestClient;
let ids: string[];

beforeAll(async () => {
  sandbox = await startSandbox();
  const [user] = sandbox.users;
  rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  const space = sandbox.spaces[0];
  const page = (await rest.call('searchTransactions', { space, query: { limit: 2, order: 'id:ASC' } })) as {
    data: { id: number }[];
  };
  ids = page.data.map((t) => encodeGlobalId('Transaction', space, t.id));
});
afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

/** The server's token bucket, with what each caller spent written down. */
class RecordingCharger implements LiveCharger {
  readonly spent = new Map<string, number>();
  constructor(readonly limiter: RateLimiter) {}
  spend(caller: string, tokens: number) {
    this.spent.set(caller, (this.spent.get(caller) ?? 0) + tokens);
    return this.limiter.spend(caller, tokens);
  }
}

const FOLLOW = parse(
  `subscription ($id: ID!) { entityChanged(id: $id) { id ... on Transaction { state } } }`,
);

function callerNamed(name: string): InboundCaller {
  return { name, spaces: 'all', scopes: new Set(['read']) };
}

async function open(
  upstream: RecordingCaller,
  caller: string,
  id: string,
): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
  const contextValue = createGraphContext({ rest: upstream, upstream, caller: callerNamed(caller) });
  return (await subscribe({ schema, document: FOLLOW, variableValues: { id }, contextValue })) as
    | AsyncGenerator<ExecutionResult>
    | ExecutionResult;
}

async function follow(
  upstream: RecordingCaller,
  caller: string,
  id: string,
): Promise<AsyncGenerator<ExecutionResult>> {
  const stream = await open(upstream, caller, id);
  if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream.errors));
  return stream;
}

function watcherOf(upstream: RecordingCaller) {
  const found = liveHubOf(upstream).active.find((w) => w.model === 'Transaction');
  if (!found) throw new Error('no transaction watcher');
  return found;
}

describe('live updates and the rate limit', () => {
  it('splits each tick’s REST calls between the subscribers: one caller with two of three pays two thirds', async () => {
    const upstream = new RecordingCaller(rest);
    const charger = new RecordingCharger(new RateLimiter({ burst: 1_000, perSecond: 1 }, () => 0));
    liveHubOf(upstream, { fastMs: 3_600_000, slowMs: 3_600_000, charger });
    const streams = [
      await follow(upstream, 'alice', ids[0]),
      await follow(upstream, 'bob', ids[0]),
      await follow(upstream, 'bob', ids[1]),
    ];
    await Promise.all(streams.map((s) => s.next()));
    await watcherOf(upstream).tickNow();
    expect(charger.spent.get('alice')).toBeGreaterThanOrEqual(1);

    upstream.calls.length = 0;
    charger.spent.clear();
    for (let i = 0; i < 3; i++) await watcherOf(upstream).tickNow();
    const calls = upstream.calls.length;
    expect(calls).toBeGreaterThan(0);
    const alice = charger.spent.get('alice') ?? 0;
    const bob = charger.spent.get('bob') ?? 0;
    expect(alice + bob).toBeCloseTo(calls, 9);
    expect(bob).toBeCloseTo(2 * alice, 9);
    for (const s of streams) await s.return(undefined);
  });

  it('a caller out of tokens gets RATE_LIMITED, its stream ends, and subscribing again is refused', async () => {
    const upstream = new RecordingCaller(rest);
    // Three tokens: one to subscribe, then one per tick (carol is the only subscriber) until none is left.
    const limiter = new RateLimiter({ burst: 3, perSecond: 1 }, () => 0);
    liveHubOf(upstream, { fastMs: 3_600_000, slowMs: 3_600_000, charger: limiter });
    const stream = await follow(upstream, 'carol', ids[0]);
    const first = await stream.next();
    expect(first.value).toMatchObject({ data: { entityChanged: { id: ids[0] } } });

    const refused = stream.next();
    let settled = false;
    void refused.finally(() => (settled = true));
    // Tick until the refusal arrives (the watcher is gone once the stream has ended).
    for (let w = liveHubOf(upstream).active[0]; !settled && w; w = liveHubOf(upstream).active[0])
      await w.tickNow();
    const event = (await refused).value as ExecutionResult;
    expect(event.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 1 } });
    expect((await stream.next()).done).toBe(true);

    const again = (await open(upstream, 'carol', ids[1])) as ExecutionResult;
    expect(again.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    // Another caller's bucket is its own.
    const dave = await follow(upstream, 'dave', ids[1]);
    expect((await dave.next()).value).toMatchObject({ data: { entityChanged: { id: ids[1] } } });
    await dave.return(undefined);
  });
});

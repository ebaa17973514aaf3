// Live updates when the Redis server that coordinates instances goes away: the subscribers of the
// instance are told once (an UNAVAILABLE error event) instead of waiting in silence. A real
// redis-server is stopped by its process id; the sandbox and the schema run in process.
import { createRequire } from 'node:module';
import type { ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCoordinator, liveHubOf } from '../../src/live';
import { createGraphContext, encodeGlobalId } from '../../src/resolvers';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { schema } from '../../src/schema';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

const { subscribe, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

let sandbox: RunningSandbox;
let redis: RunningRedis;
let rest: RestClient;
let coordinator: ReturnType<typeof createRedisCoordinator>;

describe.skipIf(!hasRedisServer)('live updates without their Redis server', () => {
  beforeAll(async () => {
    sandbox = await startSandbox();
    redis = await startRedis();
    const [user] = sandbox.users;
    rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
    coordinator = createRedisCoordinator({ url: redis.url });
    liveHubOf(rest, { fastMs: 200, slowMs: 400, coordinator, upstreamId: 'outage-test' });
  });
  afterAll(async () => {
    await coordinator?.close();
    await rest?.close();
    await redis?.stop();
    await sandbox?.close();
  });

  it('answers through the lease it holds, then reports UNAVAILABLE once Redis is gone', async () => {
    const space = sandbox.spaces[0];
    const page = (await rest.call('searchTransactions', { space, query: { limit: 1 } })) as { data: { id: number }[] };
    const id = encodeGlobalId('Transaction', space, page.data[0].id);
    const stream = (await subscribe({
      schema,
      document: parse(`subscription ($id: ID!) { entityChanged(id: $id) { id } }`),
      variableValues: { id },
      contextValue: createGraphContext({ rest, upstream: rest }),
    })) as AsyncGenerator<ExecutionResult>;
    expect((await stream.next()).value).toEqual({ data: { entityChanged: { id } } });
    expect(liveHubOf(rest).active[0].leading).toBe(true);

    await redis.stop();
    const event = (await stream.next()).value as ExecutionResult;
    expect(event.errors?.[0]).toMatchObject({ extensions: { code: 'UNAVAILABLE' } });
    expect(liveHubOf(rest).active[0].leading).toBe(false);
    await stream.return(undefined);
  });
});

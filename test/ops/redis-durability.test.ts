// `paygraph serve` warns at start when its Redis can lose idempotency keys: appendonly off, an
// evicting maxmemory-policy. A Redis kept as the README asks (appendonly yes, appendfsync always,
// noeviction) gives no warning. Real redis-servers; the warning checked in a real `serve`'s JSON log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedRedis, durabilityWarnings, type SharedRedis } from '../../src/redis';
import { startCli, stopChild, type CliProcess } from '../support/cli-process';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

describe.skipIf(!hasRedisServer)('what a Redis may lose, said at start', () => {
  let kept: RunningRedis;
  let losing: RunningRedis;
  const connections: SharedRedis[] = [];
  const processes: CliProcess<unknown>[] = [];

  beforeAll(async () => {
    kept = await startRedis({ persistence: 'always', args: ['--maxmemory-policy', 'noeviction'] });
    losing = await startRedis({ args: ['--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru'] });
  });
  afterAll(async () => {
    for (const p of processes) await stopChild(p.child);
    for (const c of connections) await c.close();
    await kept?.stop();
    await losing?.stop();
  });

  const warningsOf = async (redis: RunningRedis) => {
    const shared = createSharedRedis({ url: redis.url });
    connections.push(shared);
    await shared.whenUp(5_000);
    return durabilityWarnings(shared);
  };

  it('says nothing of a Redis that keeps every write, and names each way another can lose keys', async () => {
    expect(await warningsOf(kept)).toEqual([]);
    const warnings = await warningsOf(losing);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/without appendonly/);
    expect(warnings[1]).toMatch(/maxmemory-policy allkeys-lru/);
  });

  it('logs them as JSON warnings when serve starts', async () => {
    const sandbox = await startCli<{ baseUrl: string; users: { id: string; key: string }[] }>(
      ['sandbox', '--port', '0'],
      {
        PAYGRAPH_LOG_LEVEL: 'warn',
      },
    );
    processes.push(sandbox);
    const [user] = sandbox.ready.users;
    const serve = await startCli(
      ['serve', '--rest-url', sandbox.ready.baseUrl, '--user-id', user.id, '--port', '0'],
      {
        PAYGRAPH_AUTH_KEY: user.key,
        PAYGRAPH_LOG_LEVEL: 'warn',
        REDIS_URL: losing.url,
      },
    );
    processes.push(serve);
    const durabilityLines = () =>
      serve
        .stderr()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; redis?: string; msg: string })
        .filter((line) => line.redis === 'durability');
    // The log is written asynchronously: the ready line on stdout may come first.
    for (let i = 0; i < 100 && durabilityLines().length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const durability = durabilityLines();
    expect(durability.map((line) => line.level)).toEqual([40, 40]);
    expect(durability[0].msg).toMatch(/appendonly/);
    expect(serve.stderr()).not.toContain(losing.url);
  });
});

// The one Redis connection of a served process and its breaker, against a real redis-server: killed,
// commands are refused at once (not after a timeout each); hung (SIGSTOP), the first command that
// times out opens the breaker and the others are refused at once; back, the breaker closes by itself.
// Each outage is logged once, and once more on recovery, through the logger handed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedRedis, RedisUnavailableError, type SharedRedis } from '../../src/redis';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

describe.skipIf(!hasRedisServer)('the shared Redis connection and its breaker', () => {
  let redis: RunningRedis;
  let shared: SharedRedis;
  const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    shared = createSharedRedis({
      url: redis.url,
      commandTimeoutMs: 300,
      log: {
        warn: (fields, message) => logged.push({ level: 'warn', fields, message }),
        info: (fields, message) => logged.push({ level: 'info', fields, message }),
      },
    });
    await shared.whenUp(5_000);
  });
  afterAll(async () => {
    await shared?.close();
    redis?.resume();
    await redis?.stop();
  });

  const ping = () => shared.run((r) => r.ping());
  const refusedAtOnce = async () => {
    const error = await ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect((error as RedisUnavailableError).sent).toBe(false);
  };

  it('refuses at once while Redis is gone, and closes again when it is back', async () => {
    expect(await ping()).toBe('PONG');
    await redis.kill();
    await expect(ping()).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(shared.up).toBe(false);
    await refusedAtOnce();
    await redis.restart();
    expect(await shared.whenUp(5_000)).toBe(true);
    expect(await ping()).toBe('PONG');
  });

  it('opens on a command that does not answer in time (a hung server), then refuses the others at once', async () => {
    redis.pause();
    const error = await ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect((error as RedisUnavailableError).sent).toBe(true);
    expect(shared.up).toBe(false);
    await refusedAtOnce();
    redis.resume();
    expect(await shared.whenUp(5_000)).toBe(true);
    expect(await ping()).toBe('PONG');
  });

  it('logs each outage once and each recovery once, naming the failure, never the URL', () => {
    expect(logged.map((l) => l.level)).toEqual(['warn', 'info', 'warn', 'info']);
    expect(logged[0].message).toContain('Redis is unreachable');
    expect(logged[2].fields).toMatchObject({ reason: 'timeout' });
    expect(JSON.stringify(logged)).not.toContain(String(redis.port));
    expect(shared.outages).toBe(2);
  });
});

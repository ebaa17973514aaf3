// Rate limits shared through Redis (REDIS_URL): two served paygraph instances over one real
// redis-server take from the same bucket per caller, so a caller who spent its burst on one
// instance is refused on the other with RATE_LIMITED, HTTP 429 and retryAfterSeconds, before any
// REST call; another caller is served. The bucket lives on Redis's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { generateApiKey, hashApiKey } from '../../src/server/auth/api-keys';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import { createRedisRateLimit } from '../../src/server/admission/redis-rate-limit';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUERY = `query($s: ID!) { space(id: $s) { a: customers(first: 1) { nodes { restId } } b: customers(first: 2) { nodes { restId } } c: customers(first: 3) { nodes { restId } } } }`;

describe.skipIf(!hasRedisServer)('rate limits in Redis', () => {
  let redis: RunningRedis;
  let sandbox: RunningSandbox;
  let dir: string;
  const servers: RunningGraphServer[] = [];
  const flood = generateApiKey();
  const calm = generateApiKey();

  beforeAll(async () => {
    redis = await startRedis();
    sandbox = await startSandbox();
    dir = mkdtempSync(join(tmpdir(), 'paygraph-rate-'));
    const keys = [
      { name: 'flood', hash: hashApiKey(flood), spaces: '*', scopes: ['read'] },
      { name: 'calm', hash: hashApiKey(calm), spaces: '*', scopes: ['read'] },
    ];
    writeFileSync(join(dir, 'keys.json'), JSON.stringify({ keys }));
    const security = securityConfigFromEnv({
      PAYGRAPH_AUTH: 'api-keys',
      PAYGRAPH_API_KEYS_FILE: join(dir, 'keys.json'),
      PAYGRAPH_RATE_LIMIT_PER_SECOND: '1',
      PAYGRAPH_RATE_LIMIT_BURST: '3',
    });
    const [user] = sandbox.users;
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startGraphServer({
          restUrl: sandbox.baseUrl,
          userId: user.id,
          authKey: user.key,
          port: 0,
          security,
          redisUrl: redis.url,
        }),
      );
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await sandbox?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const post = async (url: string, key: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': key },
      body: JSON.stringify({ query: QUERY, variables: { s: String(sandbox.spaces[0]) } }),
    });
    const body = (await response.json()) as {
      errors?: { extensions?: Record<string, unknown> }[];
      extensions?: Record<string, any>;
    };
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  };
  const restCalls = async () => {
    const admin = `${sandbox.origin}/__admin/requests`;
    const { total } = (await (await fetch(admin)).json()) as { total: number };
    await fetch(admin, { method: 'DELETE' });
    return total;
  };

  it('refuses on one instance a caller who spent its bucket on the other, before any REST call; others are served', async () => {
    const [a, b] = servers;
    const first = await post(a.url, flood);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.extensions?.cost).toMatchObject({ actual: 3 });
    await restCalls();
    const refused = await post(b.url, flood);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(await restCalls()).toBe(0);
    const other = await post(b.url, calm);
    expect(other.body.errors).toBeUndefined();
    expect(other.body.extensions?.cost).toMatchObject({ actual: 3, rateLimitRemaining: 0 });
  });

  it('spends from one bucket per caller across clients of the same server, and answers from the instance when Redis is gone', async () => {
    const one = createRedisRateLimit({ url: redis.url, burst: 5, perSecond: 1, prefix: 'test:shared:' });
    const two = createRedisRateLimit({ url: redis.url, burst: 5, perSecond: 1, prefix: 'test:shared:' });
    try {
      expect(await one.spend('x', 4)).toMatchObject({ granted: true, remaining: 1 });
      expect(await two.spend('x', 2)).toMatchObject({ granted: false, remaining: 1 });
      expect(await two.spend('x', 1)).toMatchObject({ granted: true, remaining: 0, retryAfterSeconds: 1 });
      expect(await one.spend('x', 0)).toMatchObject({ granted: false, retryAfterSeconds: 1 });
      const gone = createRedisRateLimit({ url: 'redis://127.0.0.1:1', burst: 2, perSecond: 1 });
      expect(
        [await gone.spend('y', 1), await gone.spend('y', 1), await gone.spend('y', 1)].map((s) => s.granted),
      ).toEqual([true, true, false]);
      await gone.close?.();
    } finally {
      await one.close?.();
      await two.close?.();
    }
  });
});

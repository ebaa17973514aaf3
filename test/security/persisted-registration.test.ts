// Automatic persisted queries in Redis, attacked (finding 3 of the security round 3: 1,001 documents
// of ~98 KB registered without credentials took Redis from 1.2 to 95 MB, each kept 7 days). Requests
// without credentials never register; a caller registers a bounded number of entries and bytes per
// day; a document is kept once, normalized, so comments and whitespace make no new document. Served
// paygraph over HTTP, a real redis-server, a real sandbox.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { cacheConfigFromEnv } from '../../src/server/cache/config';
import { persistedOperationsConfigFromEnv } from '../../src/server/persisted/config';
import { createMemoryDocumentStore } from '../../src/server/persisted/store';
import { generateApiKey } from '../../src/server/auth/api-keys';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import type { RunningGraphServer } from '../../src/server/serve';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';
import { apiKeysFile, serveOver } from './support';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const keys = { a: generateApiKey(), b: generateApiKey() };

describe.skipIf(!hasRedisServer)('persisted query registration', () => {
  let sandbox: RunningSandbox;
  let redisServer: RunningRedis;
  let redis: Redis;
  let graph: RunningGraphServer;
  let keysFile: ReturnType<typeof apiKeysFile>;

  beforeAll(async () => {
    [sandbox, redisServer] = await Promise.all([startSandbox(), startRedis()]);
    redis = new Redis(redisServer.url);
    keysFile = apiKeysFile(
      Object.entries(keys).map(([name, key]) => ({ name, key, spaces: '*', scopes: ['read'] })),
    );
    graph = await serveOver(sandbox, {
      redisUrl: redisServer.url,
      security: securityConfigFromEnv(keysFile.env),
      cache: cacheConfigFromEnv({ PAYGRAPH_CACHE: 'off' }),
      persistedOperations: persistedOperationsConfigFromEnv({
        PAYGRAPH_APQ_REGISTRATIONS_PER_CALLER: '4',
        PAYGRAPH_APQ_BYTES_PER_CALLER: '60000',
      }),
    });
  });

  afterAll(async () => {
    await graph?.close();
    redis?.disconnect();
    await redisServer?.stop();
    await sandbox?.close();
    keysFile?.close();
  });

  async function post(
    body: Record<string, unknown>,
    key?: string,
  ): Promise<{ status: number; code?: unknown; data?: unknown }> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(key ? { 'x-api-key': key } : {}),
    };
    const response = await fetch(graph.url, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await response.json()) as {
      data?: unknown;
      errors?: { extensions?: { code?: unknown } }[];
    };
    return { status: response.status, code: json.errors?.[0]?.extensions?.code, data: json.data };
  }

  const withHash = (query: string, hash = sha256(query)) => ({
    query,
    extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
  });
  const byHash = (hash: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
  /** Document keys (not aliases, not allowances) in Redis. */
  const documentKeys = async () =>
    (await redis.keys('paygraph:apq:*')).filter((k) => /^paygraph:apq:[0-9a-f]{64}$/.test(k));

  it('never registers for a request without credentials: Redis does not grow, the hash stays unknown', async () => {
    const before = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
    const hashes: string[] = [];
    for (let i = 0; i < 40; i++) {
      const query = `query Q${i}${'x'.repeat(60_000)} { __typename }`;
      const answer = await post(withHash(query));
      expect(answer.data).toEqual({ __typename: 'Query' });
      hashes.push(sha256(query));
    }
    const after = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
    expect(after - before).toBeLessThan(500_000);
    expect(await documentKeys()).toEqual([]);
    expect((await post(byHash(hashes[0]), keys.a)).code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('keeps a document once, normalized: other layouts and comments reach it through small aliases', async () => {
    const query = 'query Layout { spaces(first: 1) { nodes { restId } } }';
    const normalized = print(parse(query));
    expect((await post(withHash(normalized), keys.b)).status).toBe(200);
    const variants = [`${query} # one`, `#two\n${query}`, query];
    for (const variant of variants) expect((await post(withHash(variant), keys.b)).status).toBe(200);
    expect(await documentKeys()).toEqual([`paygraph:apq:${sha256(normalized)}`]);
    // The caller's allowance is 4 entries: the document and three aliases.
    const fromAlias = await post(byHash(sha256(variants[2])), keys.b);
    expect(fromAlias.code).toBeUndefined();
    expect(fromAlias.data).toMatchObject({ spaces: { nodes: [{ restId: expect.stringMatching(/^\d+$/) }] } });
    expect((await post(withHash(`${query} # five`), keys.b)).status).toBe(200);
    expect((await post(byHash(sha256(`${query} # five`)), keys.b)).code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it("bounds each caller's registrations and bytes per day; another caller's are its own", async () => {
    const documents = (prefix: string, n: number, pad: number) =>
      Array.from({ length: n }, (_, i) =>
        print(parse(`query ${prefix}${i}${'y'.repeat(pad)} { __typename }`)),
      );
    // 60,000 bytes allowed: the second of these 40 KB documents is over it.
    const [big1, big2] = documents('Big', 2, 40_000);
    for (const query of [big1, big2]) expect((await post(withHash(query), keys.a)).status).toBe(200);
    expect((await post(byHash(sha256(big1)), keys.a)).code).toBeUndefined();
    expect((await post(byHash(sha256(big2)), keys.a)).code).toBe('PERSISTED_QUERY_NOT_FOUND');
    // Four entries allowed: one used above, three more kept, the fifth not; caller b's were its own.
    const small = documents('Small', 4, 10);
    for (const query of small) await post(withHash(query), keys.a);
    const kept = await Promise.all(small.map(async (q) => (await post(byHash(sha256(q)), keys.a)).code));
    expect(kept).toEqual([undefined, undefined, undefined, 'PERSISTED_QUERY_NOT_FOUND']);
  });

  it('refuses a hash of neither the query nor its normalized form, keeping nothing', async () => {
    const query = 'query Mismatch { __typename }';
    const answer = await post(withHash(query, sha256('another')), keys.a);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('PERSISTED_QUERY_MISMATCH');
  });
});

describe('the in-process store', () => {
  it('keeps a document once with aliases, within each caller’s allowance per window', async () => {
    let now = 0;
    const store = createMemoryDocumentStore(
      10,
      { registrations: 2, bytes: 1_000, windowMs: 1_000 },
      () => now,
    );
    expect(await store.register('a', 'n1', 'n1', 'query A { __typename }')).toBe('kept');
    expect(await store.register('a', 'n1', 'n1', 'query A { __typename }')).toBe('known');
    expect(await store.register('a', 'h2', 'n1', 'query A { __typename }')).toBe('kept');
    expect(await store.register('a', 'n3', 'n3', 'query C { __typename }')).toBe('refused');
    expect(await store.register('b', 'n3', 'n3', 'query C { __typename }')).toBe('kept');
    expect(await store.get('h2')).toBe('query A { __typename }');
    expect(await store.register('b', 'n4', 'n4', 'x'.repeat(1_001))).toBe('refused');
    now = 1_000;
    expect(await store.register('a', 'n5', 'n5', 'query E { __typename }')).toBe('kept');
  });
});

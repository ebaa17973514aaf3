// The response cache in Redis, shared by every paygraph instance on the same server: an answer under its
// key, and per entity (`Type:id`) and type a set naming the answers that hold it, so a mutation drops
// them without scanning keys. An answer is never stored over the invalidation of what it holds.
import type { CacheEntityRecord } from '@envelop/response-cache';
import type { ExecutionResult } from 'graphql';
import type { Redis } from 'ioredis';
import type { SharedRedis } from '../../redis';
import type { GenerationalCache } from './generations';

export const CACHE_KEY_PREFIX = 'paygraph:cache:';

/** Where an answer with no TTL of its own (Infinity) is kept at most. */
const LONGEST_MS = 24 * 60 * 60 * 1000;
/** How long an invalidation's time is kept: longer than any read can take (request deadlines are seconds). */
const INVALIDATION_MEMORY_MS = 10 * 60 * 1000;
/** Lookups whose answer never came to be stored (errors, uncacheable) are forgotten after this. */
const STARTED_MEMORY_MS = 60 * 1000;

// Redis's clock in microseconds, as an integer string.
const NOW = `local t = redis.call('TIME') local now = string.format('%d', t[1]) .. string.format('%06d', t[2])`;

// KEYS answer, floor. Answers { now, answer text or false }; an answer stored before the floor is none.
const LOOKUP = `${NOW}
local a = redis.call('GET', KEYS[1])
if a then
  local at = string.match(a, '^(%d+):')
  local floor = redis.call('GET', KEYS[2])
  if floor and tonumber(at) < tonumber(floor) then a = false end
end
return { now, a }`;

// KEYS answer, floor, then (invalidation, index) per entity; ARGV read start, JSON, ms, answer id.
// Stored only if no invalidation of what it holds (`inv:`, noted per entity and type) ran since its
// read began, in one atomic script: so a slow read that began before a mutation, on any instance,
// cannot put the old answer back after the mutation dropped it.
const STORE = `local start = tonumber(ARGV[1])
local floor = redis.call('GET', KEYS[2])
if floor and tonumber(floor) >= start then return 0 end
for i = 3, #KEYS, 2 do
  local inv = redis.call('GET', KEYS[i])
  if inv and tonumber(inv) >= start then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. ARGV[2], 'PX', ARGV[3])
for i = 4, #KEYS, 2 do
  redis.call('SADD', KEYS[i], ARGV[4])
  if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
end
return 1`;

// KEYS (invalidation, index) per entity; ARGV answer prefix, invalidation memory ms. Notes the time,
// deletes the answers each index names, then the index.
const INVALIDATE = `${NOW}
local dropped = 0
for i = 1, #KEYS, 2 do
  redis.call('SET', KEYS[i], now, 'PX', ARGV[2])
  local ids = redis.call('SMEMBERS', KEYS[i + 1])
  for _, id in ipairs(ids) do redis.call('DEL', ARGV[1] .. id) end
  redis.call('DEL', KEYS[i + 1])
  dropped = dropped + #ids
end
return dropped`;

// KEYS floor; ARGV ms.
const FLOOR = `${NOW} redis.call('SET', KEYS[1], now, 'PX', ARGV[1]) return now`;

type Scripted = Redis & {
  paygraphCacheLookup(answer: string, floor: string): Promise<[string, string | null]>;
  paygraphCacheStore(...args: (string | number)[]): Promise<number>;
  paygraphCacheInvalidate(...args: (string | number)[]): Promise<number>;
  paygraphCacheFloor(floor: string, ms: number): Promise<string>;
};

function entityName(e: CacheEntityRecord): string {
  return e.id === undefined ? e.typename : `${e.typename}:${e.id}`;
}

/** Each entity and its type: what an answer is indexed by, and what an invalidation names. */
function namesOf(entities: Iterable<CacheEntityRecord>): Set<string> {
  const names = new Set<string>();
  for (const e of entities) {
    names.add(e.typename);
    names.add(entityName(e));
  }
  return names;
}

/**
 * Written here rather than taken from @envelop/response-cache-redis, whose index sets never expire,
 * whose keys have no prefix, whose type-wide invalidation scans with KEYS, and which brings a second
 * ioredis and an older response-cache. Every key here has a TTL. While Redis is unreachable (the shared
 * breaker) every call fails at once; the wrapper (entity-records) answers a miss and skips the write.
 */
export function createRedisCache(redis: SharedRedis, prefix = CACHE_KEY_PREFIX): GenerationalCache {
  const client = redis.client as Scripted;
  client.defineCommand('paygraphCacheLookup', { numberOfKeys: 2, lua: LOOKUP });
  client.defineCommand('paygraphCacheInvalidate', { lua: INVALIDATE });
  client.defineCommand('paygraphCacheStore', { lua: STORE });
  client.defineCommand('paygraphCacheFloor', { numberOfKeys: 1, lua: FLOOR });
  const answerPrefix = `${prefix}answer:`;
  const floor = `${prefix}floor`;
  const indexKey = (name: string) => `${prefix}index:${name}`;
  const invalidationKey = (name: string) => `${prefix}inv:${name}`;
  /** Mutations of this instance could not drop what they changed (Redis was unreachable): until a floor is moved under every answer, none is served. */
  let missed = false;
  const moveFloor = () =>
    redis.run(() => client.paygraphCacheFloor(floor, LONGEST_MS)).then(() => void (missed = false));
  redis.onChange((up) => (up && missed ? void moveFloor().catch(() => undefined) : undefined));
  /** When each lookup that missed began (Redis's clock), until its answer is stored. */
  const started = new Map<string, { start: string; at: number }>();
  const forgetOld = () => {
    const old = Date.now() - STARTED_MEMORY_MS;
    for (const [id, s] of started) if (s.at < old) started.delete(id);
  };
  return {
    generational: true,
    async get(id: string) {
      if (missed) throw new Error('answers may be stale until the floor is moved');
      const [now, text] = await redis.run(() => client.paygraphCacheLookup(answerPrefix + id, floor));
      if (text) return JSON.parse(text.slice(text.indexOf(':') + 1)) as ExecutionResult;
      if (started.size > 10_000) forgetOld();
      // Two reads of the same key at once: the earlier start is the one that must not be overtaken.
      const had = started.get(id);
      if (!had || BigInt(now) < BigInt(had.start)) started.set(id, { start: now, at: Date.now() });
      return undefined;
    },
    async set(id: string, data: ExecutionResult, entities: Iterable<CacheEntityRecord>, ttl: number) {
      const began = started.get(id);
      started.delete(id);
      // Not looked up through this store (Redis was unreachable then): when the read began is unknown.
      if (!began) return;
      const ms = Math.max(1, Math.min(Number.isFinite(ttl) ? Math.round(ttl) : LONGEST_MS, LONGEST_MS));
      const keys = [
        answerPrefix + id,
        floor,
        ...[...namesOf(entities)].flatMap((name) => [invalidationKey(name), indexKey(name)]),
      ];
      await redis.run(() =>
        client.paygraphCacheStore(keys.length, ...keys, began.start, JSON.stringify(data), ms, id),
      );
    },
    async invalidate(entities: Iterable<CacheEntityRecord>) {
      const keys = [...namesOf(entities)].flatMap((name) => [invalidationKey(name), indexKey(name)]);
      if (keys.length === 0) return;
      try {
        await redis.run(() =>
          client.paygraphCacheInvalidate(keys.length, ...keys, answerPrefix, INVALIDATION_MEMORY_MS),
        );
      } catch (error) {
        missed = true;
        throw error;
      }
    },
  };
}

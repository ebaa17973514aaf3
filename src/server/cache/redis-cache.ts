// The response cache in Redis, shared by every paygraph instance that uses the same server. Same
// model as envelop's in-memory cache: an answer under its key, and one set per entity (`Type:id`) and
// per type naming the answers that hold it, so a mutation drops them without scanning keys.
// Written here rather than taken from @envelop/response-cache-redis, whose index sets never expire
// (they grow for ever), whose keys have no prefix, whose type-wide invalidation scans with KEYS, and
// which brings a second ioredis and an older response-cache. Every key here has a TTL: an index set
// lives as long as the longest-lived answer it names.
import type { Cache, CacheEntityRecord } from '@envelop/response-cache';
import type { ExecutionResult } from 'graphql';
import type { Redis } from 'ioredis';

export const CACHE_KEY_PREFIX = 'paygraph:cache:';

// Extends a key's expiry to at least ARGV[1] ms (PTTL is -1 for a key without one).
const EXPIRE_AT_LEAST = `local t = redis.call('PTTL', KEYS[1]) if t < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return 0`;

// Deletes the answers a set names, then the set.
const DROP_ANSWERS = `local ids = redis.call('SMEMBERS', KEYS[1]) for _, id in ipairs(ids) do redis.call('DEL', ARGV[1] .. id) end redis.call('DEL', KEYS[1]) return #ids`;

/** Where an answer with no TTL of its own (Infinity) is kept at most. */
const LONGEST_MS = 24 * 60 * 60 * 1000;

function entityName(e: CacheEntityRecord): string {
  return e.id === undefined ? e.typename : `${e.typename}:${e.id}`;
}

export function createRedisCache(redis: Redis, prefix = CACHE_KEY_PREFIX): Cache {
  const answerPrefix = `${prefix}answer:`;
  const indexKey = (entity: string) => `${prefix}index:${entity}`;
  return {
    async set(id: string, data: ExecutionResult, entities: Iterable<CacheEntityRecord>, ttl: number) {
      const ms = Math.max(1, Math.min(Number.isFinite(ttl) ? Math.round(ttl) : LONGEST_MS, LONGEST_MS));
      const pipeline = redis.pipeline().set(answerPrefix + id, JSON.stringify(data), 'PX', ms);
      const names = new Set<string>();
      for (const e of entities) {
        names.add(e.typename);
        names.add(entityName(e));
      }
      for (const name of names) pipeline.sadd(indexKey(name), id).eval(EXPIRE_AT_LEAST, 1, indexKey(name), ms);
      await pipeline.exec();
    },
    async get(id: string) {
      const text = await redis.get(answerPrefix + id);
      return text === null ? undefined : (JSON.parse(text) as ExecutionResult);
    },
    async invalidate(entities: Iterable<CacheEntityRecord>) {
      const pipeline = redis.pipeline();
      for (const e of entities) pipeline.eval(DROP_ANSWERS, 1, indexKey(entityName(e)), answerPrefix);
      await pipeline.exec();
    },
  };
}

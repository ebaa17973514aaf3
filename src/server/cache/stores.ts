// The stores several instances may share, made once per served process from the configuration: the
// response cache and the persisted queries live in this process, or both in the Redis of REDIS_URL
// (through the process's one shared connection and its breaker, src/redis).
import type { SharedRedis } from '../../redis';
import { schema } from '../../schema';
import { loadAllowList } from '../persisted/allow-list';
import type { PersistedOperationsConfig } from '../persisted/config';
import { createMemoryDocumentStore, createRedisDocumentStore } from '../persisted/store';
import type { PersistedOperationsSetup } from '../persisted/use-persisted-operations';
import type { Limits } from '../config/security-config';
import type { CacheConfig } from './config';
import { CACHE_KEY_PREFIX, createRedisCache } from './redis-cache';
import { schemaFingerprint } from './schema-fingerprint';
import type { ResponseCacheSetup } from './use-response-cache';

export interface SharedStoresOptions {
  cache: CacheConfig;
  persisted: PersistedOperationsConfig;
  limits: Limits;
  redis?: SharedRedis;
}

export interface SharedStores {
  responseCache?: ResponseCacheSetup;
  persistedOperations?: PersistedOperationsSetup;
}

export function createSharedStores(o: SharedStoresOptions): SharedStores {
  // The allow-list is read first: a bad file stops the start before any connection is made.
  const allowList = o.persisted.mode === 'allow-list' ? loadAllowList(o.persisted.file!) : undefined;
  // While Redis is unreachable, the breaker refuses commands at once and the stores fall back (a
  // lookup misses, a write is skipped): the cache never stops paygraph from answering, nor slows it.
  const redis = o.redis;
  const store =
    redis && o.cache.enabled
      ? createRedisCache(redis, `${CACHE_KEY_PREFIX}${schemaFingerprint(schema)}:`)
      : undefined;
  const responseCache = o.cache.enabled ? { config: o.cache, store } : undefined;
  let persistedOperations: PersistedOperationsSetup | undefined;
  if (allowList) persistedOperations = { mode: 'allow-list', allowList };
  else if (o.persisted.mode === 'apq')
    persistedOperations = {
      mode: 'apq',
      store: redis
        ? createRedisDocumentStore(redis, o.persisted.allowance)
        : createMemoryDocumentStore(undefined, o.persisted.allowance),
      limits: o.limits,
    };
  return { responseCache, persistedOperations };
}

// The response cache's settings: PAYGRAPH_CACHE* variables, described and validated with every other
// setting in src/server/config (which also makes the README's table of them).
import { readSettings } from '../config/read';

export interface CacheConfig {
  enabled: boolean;
  /** Types the catalog classes neither as reference data nor as moving objects; 0 = not cached. */
  ttlMs: number;
  /** Read-only account-level catalogs of the API: countries, currencies, languages, payment methods... */
  referenceTtlMs: number;
  /** Objects with a life cycle (a `state`): transactions, refunds, completions, tokens... */
  movingTtlMs: number;
  /** Per GraphQL type name, over its class (names are checked against the schema when the cache is built). */
  ttlPerType: Record<string, number>;
  /** Answers the in-process cache holds at most (least recently used go first). */
  maxEntries: number;
}

/** The cache's settings from the environment (src/server/config validates and documents them). */
export function cacheConfigFromEnv(env: Record<string, string | undefined> = process.env): CacheConfig {
  const s = readSettings(
    ['cache', 'cacheTtlMs', 'cacheReferenceTtlMs', 'cacheMovingTtlMs', 'cacheTtlPerType', 'cacheMaxEntries'],
    { env },
  );
  return {
    enabled: s.cache ?? true,
    ttlMs: s.cacheTtlMs,
    referenceTtlMs: s.cacheReferenceTtlMs,
    movingTtlMs: s.cacheMovingTtlMs,
    ttlPerType: s.cacheTtlPerType,
    maxEntries: s.cacheMaxEntries,
  };
}

/** The defaults, as an environment without any of the variables gives them. */
export const DEFAULT_CACHE_CONFIG: CacheConfig = cacheConfigFromEnv({});

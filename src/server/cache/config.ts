// The response cache's settings, read once from the environment with the same rules and messages as
// the other PAYGRAPH_* variables: whole numbers of milliseconds, on/off, and `Type=ms` overrides.
import { ConfigError } from '../security/config';

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

export const DEFAULT_CACHE_CONFIG: CacheConfig = {
  enabled: true,
  ttlMs: 10_000,
  referenceTtlMs: 3_600_000,
  movingTtlMs: 0,
  ttlPerType: {},
  maxEntries: 1_000,
};

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const t = env[name]?.trim();
  return t === '' ? undefined : t;
}

function wholeNumber(env: Env, name: string, fallback: number, min = 0): number {
  const t = text(env, name);
  if (t === undefined) return fallback;
  if (!/^\d+$/.test(t) || Number(t) < min) throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${t}"`);
  return Number(t);
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const t = text(env, name)?.toLowerCase();
  if (t === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(t)) return true;
  if (['0', 'false', 'off', 'no'].includes(t)) return false;
  throw new ConfigError(`${name} must be on or off, got "${t}"`);
}

/** `Type=ms` pairs, comma or blank separated: `Transaction=2000 Customer=0`. */
function ttlPerType(env: Env, name: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pair of (text(env, name) ?? '').split(/[\s,]+/).filter(Boolean)) {
    const match = /^([_A-Za-z][_0-9A-Za-z]*)=(\d+)$/.exec(pair);
    if (!match) throw new ConfigError(`${name} has "${pair}", which is not Type=milliseconds (e.g. Transaction=2000)`);
    out[match[1]] = Number(match[2]);
  }
  return out;
}

export function cacheConfigFromEnv(env: Env = process.env): CacheConfig {
  const d = DEFAULT_CACHE_CONFIG;
  return {
    enabled: onOff(env, 'PAYGRAPH_CACHE', d.enabled),
    ttlMs: wholeNumber(env, 'PAYGRAPH_CACHE_TTL_MS', d.ttlMs),
    referenceTtlMs: wholeNumber(env, 'PAYGRAPH_CACHE_REFERENCE_TTL_MS', d.referenceTtlMs),
    movingTtlMs: wholeNumber(env, 'PAYGRAPH_CACHE_MOVING_TTL_MS', d.movingTtlMs),
    ttlPerType: ttlPerType(env, 'PAYGRAPH_CACHE_TTL_PER_TYPE'),
    maxEntries: wholeNumber(env, 'PAYGRAPH_CACHE_MAX_ENTRIES', d.maxEntries, 1),
  };
}

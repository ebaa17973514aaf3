// How long an answer may be kept, by the GraphQL types it holds (the shortest wins), decided from the
// catalog rather than listed by hand: what changes without any mutation of ours is kept shortest.
import { isObjectType, type GraphQLSchema } from 'graphql';
import { resources, type Resource } from '../../catalog';
import { ConfigError } from '../config/security-config';
import type { CacheConfig } from './config';

export type CacheClass = 'reference' | 'moving' | 'default';

const WRITES = ['C', 'U', 'D'] as const;

/**
 * - reference: account-level resources the API only reads, without version or state (countries,
 *   currencies, payment methods, connectors...): they change with releases of the API, not with payments;
 * - moving: space-scoped resources with a life cycle (`state`): transactions, refunds, tokens,
 *   subscriptions... change without any mutation of ours (processing, the clock, others);
 * - default: the rest (customers, addresses, spaces...), invalidated by our own mutations. Spaces have
 *   a state too, but every space-scoped query passes through its Space: were it moving, no such query
 *   could be cached.
 */
export function cacheClassOf(r: Resource): CacheClass {
  if (!r.spaceScoped && !r.versioned && !r.state && !WRITES.some((code) => r.ops[code])) return 'reference';
  if (r.state && r.spaceScoped) return 'moving';
  return 'default';
}

/** The TTL (ms) of every entity type, overrides applied; types not listed get `config.ttlMs`. */
export function ttlPerTypeName(config: CacheConfig, schema: GraphQLSchema): Record<string, number> {
  const byClass: Record<CacheClass, number> = {
    reference: config.referenceTtlMs,
    moving: config.movingTtlMs,
    default: config.ttlMs,
  };
  const ttl: Record<string, number> = {};
  for (const r of resources) ttl[r.typeName] = byClass[cacheClassOf(r)];
  for (const [typeName, ms] of Object.entries(config.ttlPerType)) {
    if (!isObjectType(schema.getType(typeName)))
      throw new ConfigError(
        `PAYGRAPH_CACHE_TTL_PER_TYPE names "${typeName}", which is not an object type of the schema`,
      );
    ttl[typeName] = ms;
  }
  return ttl;
}

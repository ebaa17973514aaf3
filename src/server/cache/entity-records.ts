// What the response cache indexes answers by and what a mutation drops. Records are keyed by the type
// their global ID names; a mutation drops the answers holding its objects or any object of their types.
import type { Cache, CacheEntityRecord } from '@envelop/response-cache';
import { resourceByModel } from '../../catalog';
import { decodeGlobalId } from '../../resolvers';
import { withGenerations, type GenerationalCache } from './generations';

export interface LookupListener {
  (outcome: 'hit' | 'miss' | 'error'): void;
}

/**
 * The plugin records each object of an answer as {typename, id} with our Relay `id`; a global ID names
 * its own type, so the record is keyed by that type (a delete's payload names the deleted object by
 * `deletedId`, under the payload's type).
 */
function canonical(record: CacheEntityRecord): CacheEntityRecord {
  if (typeof record.id !== 'string') return record;
  const decoded = decodeGlobalId(record.id);
  const typename = decoded ? resourceByModel.get(decoded.model)?.typeName : undefined;
  return typename ? { typename, id: record.id } : record;
}

/**
 * The objects a mutation returned, and their whole types: a created object is in no cached list yet,
 * and a changed one may now match filters it did not. Reference data has no mutation and is never dropped.
 */
function invalidations(
  entities: Iterable<CacheEntityRecord>,
  referenceTypes: ReadonlySet<string>,
): CacheEntityRecord[] {
  const records = new Map<string, CacheEntityRecord>();
  for (const record of entities) {
    const e = canonical(record);
    if (referenceTypes.has(e.typename)) continue;
    if (e.id !== undefined) records.set(`${e.typename}:${e.id}`, e);
    records.set(e.typename, { typename: e.typename });
  }
  return [...records.values()];
}

export interface IndexedCache extends Cache {
  /** Resolves when the invalidations started so far are done (a mutation's answer waits for them). */
  settled(): Promise<void>;
}

const isGenerational = (cache: Cache): cache is GenerationalCache =>
  (cache as Partial<GenerationalCache>).generational === true;

/**
 * `inner` with records keyed by their real type, type-wide invalidation, the generation check (no
 * answer stored whose read began before an invalidation of what it holds), and each lookup reported.
 * A store that fails (Redis unreachable) never fails the request: a lookup is then a miss, a write
 * is skipped; answers it could not drop are dropped once it answers again (the Redis store).
 */
export function indexedCache(
  store: Cache,
  o: { referenceTypes: ReadonlySet<string>; onLookup: LookupListener },
): IndexedCache {
  const inner = isGenerational(store) ? store : withGenerations(store);
  const running = new Set<Promise<void>>();
  return {
    async get(id) {
      try {
        const found = await inner.get(id);
        o.onLookup(found ? 'hit' : 'miss');
        return found;
      } catch {
        o.onLookup('error');
        return undefined;
      }
    },
    async set(id, data, entities, ttl) {
      await Promise.resolve(inner.set(id, data, [...entities].map(canonical), ttl)).catch(() => undefined);
    },
    // The plugin does not wait for an invalidation; settled() lets the app wait before answering.
    invalidate(entities) {
      const done = Promise.resolve(inner.invalidate(invalidations(entities, o.referenceTypes)))
        .catch(() => undefined)
        .finally(() => running.delete(done));
      running.add(done);
      return done;
    },
    async settled() {
      await Promise.all(running);
    },
  };
}

// Never storing what a write replaced, for a store kept in this process: a lookup notes when its read
// began (a counter), an invalidation notes, per entity and type, when it ran; an answer is stored
// only if nothing it holds was invalidated since its read began. (The Redis store does the same in
// Redis, for every instance at once: redis-cache.)
import type { Cache, CacheEntityRecord } from '@envelop/response-cache';

/** A store that checks, when it stores an answer, that nothing in it was invalidated since its read began. */
export interface GenerationalCache extends Cache {
  readonly generational: true;
}

/** Lookups and invalidations older than this cannot race a read any more (request deadlines are seconds). */
const MEMORY_MS = 10 * 60 * 1000;
const SWEEP_AT = 10_000;

function namesOf(entities: Iterable<CacheEntityRecord>): string[] {
  const names: string[] = [];
  for (const e of entities) names.push(e.typename, e.id === undefined ? e.typename : `${e.typename}:${e.id}`);
  return names;
}

/** `inner` (in process) with the generation check. */
export function withGenerations(inner: Cache, now: () => number = Date.now): GenerationalCache {
  let clock = 0;
  const started = new Map<string, { gen: number; at: number }>();
  const invalidated = new Map<string, { gen: number; at: number }>();
  const sweep = (map: Map<string, { at: number }>) => {
    if (map.size < SWEEP_AT) return;
    const old = now() - MEMORY_MS;
    for (const [k, v] of map) if (v.at < old) map.delete(k);
  };
  return {
    generational: true,
    async get(id) {
      const found = await inner.get(id);
      if (found) return found;
      sweep(started);
      if (!started.has(id)) started.set(id, { gen: ++clock, at: now() });
      return found;
    },
    async set(id, data, entities, ttl) {
      const began = started.get(id);
      started.delete(id);
      if (!began) return;
      const list = [...entities];
      if (namesOf(list).some((name) => (invalidated.get(name)?.gen ?? 0) >= began.gen)) return;
      await inner.set(id, data, list, ttl);
    },
    async invalidate(entities) {
      const list = [...entities];
      const gen = ++clock;
      sweep(invalidated);
      for (const name of namesOf(list)) invalidated.set(name, { gen, at: now() });
      await inner.invalidate(list);
    },
  };
}

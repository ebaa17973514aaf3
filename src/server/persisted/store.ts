// Where automatic persisted queries are kept, by the sha256 (hex) of their text: in this process (the
// most recently used `max`), or in Redis so that a query registered on one instance runs on all.
import type { SharedRedis } from '../../redis';

export interface PersistedDocumentStore {
  get(hash: string): Promise<string | null>;
  set(hash: string, document: string): Promise<void>;
}

export const PERSISTED_KEY_PREFIX = 'paygraph:apq:';
/** A registered query is kept this long after its last registration (clients register again on a miss). */
export const PERSISTED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function createMemoryDocumentStore(max = 1_000): PersistedDocumentStore {
  const documents = new Map<string, string>();
  return {
    get(hash) {
      const document = documents.get(hash);
      if (document === undefined) return Promise.resolve(null);
      // Map keeps insertion order: re-inserting makes it the most recently used.
      documents.delete(hash);
      documents.set(hash, document);
      return Promise.resolve(document);
    },
    set(hash, document) {
      documents.delete(hash);
      documents.set(hash, document);
      if (documents.size > max) documents.delete(documents.keys().next().value!);
      return Promise.resolve();
    },
  };
}

/** When Redis is unreachable (the shared breaker answers at once) a hash is unknown (the client sends its query) and nothing is kept. */
export function createRedisDocumentStore(redis: SharedRedis, prefix = PERSISTED_KEY_PREFIX): PersistedDocumentStore {
  return {
    get: (hash) => redis.run((r) => r.get(prefix + hash)).catch(() => null),
    async set(hash, document) {
      await redis.run((r) => r.set(prefix + hash, document, 'PX', PERSISTED_TTL_MS)).catch(() => undefined);
    },
  };
}

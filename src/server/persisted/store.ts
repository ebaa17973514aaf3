// Where automatic persisted queries are kept: in this process (the most recently used `max`), or in Redis
// so that a query registered on one instance runs on all. A document is kept once, normalized, and every
// new entry counts against the registering caller's daily allowance: past it nothing more is kept.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SharedRedis } from '../../redis';

/** What one caller may register in a window: new entries, and their bytes (an alias counts ALIAS_BYTES). */
export interface RegistrationAllowance {
  registrations: number;
  bytes: number;
  windowMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_ALLOWANCE: RegistrationAllowance = {
  registrations: 200,
  bytes: 1024 * 1024,
  windowMs: DAY_MS,
};
/** What an alias costs in the allowance's bytes (a hash and the key naming it). */
export const ALIAS_BYTES = 128;

/** `kept`: stored now; `known`: already there (its lifetime renewed); `refused`: over the allowance, or the store is unreachable. */
export type Registration = 'kept' | 'known' | 'refused';

export interface PersistedDocumentStore {
  /** The document registered under `hash` (normalized, or an alias of it). */
  get(hash: string): Promise<string | null>;
  /**
   * Keeps `document` (normalized) under `normalizedHash`, the sha256 of its normalized text, and under `hash`
   * as a small alias when the client hashed another form (its own whitespace, comments): whitespace and
   * comments thus never store a document twice. A new document and a new alias each count as an entry.
   */
  register(caller: string, hash: string, normalizedHash: string, document: string): Promise<Registration>;
}

export const PERSISTED_KEY_PREFIX = 'paygraph:apq:';
/** A registered query is kept this long after its last registration (clients register again on a miss). */
export const PERSISTED_TTL_MS = 7 * DAY_MS;

const bytesOf = (document: string) => Buffer.byteLength(document, 'utf8');

interface Spent {
  since: number;
  registrations: number;
  bytes: number;
}

export function createMemoryDocumentStore(
  max = 1_000,
  allowance = DEFAULT_ALLOWANCE,
  now: () => number = Date.now,
): PersistedDocumentStore {
  const documents = new Map<string, string>();
  const aliases = new Map<string, string>();
  const spent = new Map<string, Spent>();
  // Map keeps insertion order: re-inserting makes an entry the most recently used.
  const touch = <V>(map: Map<string, V>, key: string, value: V) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > max) map.delete(map.keys().next().value!);
  };
  const take = (caller: string, registrations: number, bytes: number): boolean => {
    const t = now();
    let s = spent.get(caller);
    if (!s || t - s.since >= allowance.windowMs) {
      for (const [name, old] of spent) if (t - old.since >= allowance.windowMs) spent.delete(name);
      s = { since: t, registrations: 0, bytes: 0 };
      spent.set(caller, s);
    }
    if (s.registrations + registrations > allowance.registrations || s.bytes + bytes > allowance.bytes)
      return false;
    s.registrations += registrations;
    s.bytes += bytes;
    return true;
  };
  return {
    get(hash) {
      const key = documents.has(hash) ? hash : aliases.get(hash);
      const document = key === undefined ? undefined : documents.get(key);
      if (document === undefined) return Promise.resolve(null);
      touch(documents, key!, document);
      return Promise.resolve(document);
    },
    register(caller, hash, normalizedHash, document) {
      const newDocument = !documents.has(normalizedHash);
      const newAlias = hash !== normalizedHash && !aliases.has(hash);
      if (newDocument || newAlias) {
        const count = Number(newDocument) + Number(newAlias);
        const bytes = (newDocument ? bytesOf(document) : 0) + (newAlias ? ALIAS_BYTES : 0);
        if (!take(caller, count, bytes)) return Promise.resolve('refused');
      }
      touch(documents, normalizedHash, document);
      if (hash !== normalizedHash) touch(aliases, hash, normalizedHash);
      return Promise.resolve(newDocument || newAlias ? 'kept' : 'known');
    },
  };
}

// KEYS: the document, the alias (or the document again), the caller's allowance.
// ARGV: document, normalized hash, alias wanted (1/0), registrations, bytes, window ms, TTL ms, alias bytes.
const REGISTER = `
local aliasWanted = ARGV[3] == '1'
local newDocument = redis.call('EXISTS', KEYS[1]) == 0
local newAlias = aliasWanted and redis.call('EXISTS', KEYS[2]) == 0
if newDocument or newAlias then
  local count = (newDocument and 1 or 0) + (newAlias and 1 or 0)
  local bytes = (newDocument and string.len(ARGV[1]) or 0) + (newAlias and tonumber(ARGV[8]) or 0)
  local spent = redis.call('HMGET', KEYS[3], 'n', 'b')
  if (tonumber(spent[1]) or 0) + count > tonumber(ARGV[4]) or (tonumber(spent[2]) or 0) + bytes > tonumber(ARGV[5]) then
    return 'refused'
  end
  redis.call('HINCRBY', KEYS[3], 'n', count)
  redis.call('HINCRBY', KEYS[3], 'b', bytes)
  if redis.call('PTTL', KEYS[3]) < 0 then redis.call('PEXPIRE', KEYS[3], ARGV[6]) end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[7])
if aliasWanted then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[7]) end
if newDocument or newAlias then return 'kept' end
return 'known'
`;

// KEYS: the document under the hash, the alias under it. ARGV: the documents' key prefix.
const LOOK_UP = `
local document = redis.call('GET', KEYS[1])
if document then return document end
local normalized = redis.call('GET', KEYS[2])
if normalized then return redis.call('GET', ARGV[1] .. normalized) end
return false
`;

type WithScripts = Redis & {
  paygraphApqRegister(
    document: string,
    alias: string,
    spent: string,
    ...args: (string | number)[]
  ): Promise<Registration>;
  paygraphApqGet(document: string, alias: string, prefix: string): Promise<string | null>;
};

/**
 * When Redis is unreachable (the shared breaker answers at once) a hash is unknown (the client sends
 * its query) and nothing is kept.
 */
export function createRedisDocumentStore(
  redis: SharedRedis,
  allowance = DEFAULT_ALLOWANCE,
  prefix = PERSISTED_KEY_PREFIX,
): PersistedDocumentStore {
  const scripted = redis.client as WithScripts;
  scripted.defineCommand('paygraphApqRegister', { numberOfKeys: 3, lua: REGISTER });
  scripted.defineCommand('paygraphApqGet', { numberOfKeys: 2, lua: LOOK_UP });
  const aliasKey = (hash: string) => `${prefix}alias:${hash}`;
  const spentKey = (caller: string) =>
    `${prefix}allowance:${createHash('sha256').update(caller).digest('base64url')}`;
  return {
    get: (hash) =>
      redis.run(() => scripted.paygraphApqGet(prefix + hash, aliasKey(hash), prefix)).catch(() => null),
    register: (caller, hash, normalizedHash, document) =>
      redis
        .run(() =>
          scripted.paygraphApqRegister(
            prefix + normalizedHash,
            aliasKey(hash),
            spentKey(caller),
            document,
            normalizedHash,
            hash === normalizedHash ? '0' : '1',
            allowance.registrations,
            allowance.bytes,
            allowance.windowMs,
            PERSISTED_TTL_MS,
            ALIAS_BYTES,
          ),
        )
        .catch((): Registration => 'refused'),
  };
}

// `PAYGRAPH_AUTH=api-keys`: callers send `Authorization: Bearer <key>` or `X-Api-Key: <key>`; the
// keys file (PAYGRAPH_API_KEYS_FILE) holds only salted SHA-256 hashes, each with a name (for logs and
// metrics), spaces and scopes. Keys are random and long (`paygraph hash-key --generate`), so a fast
// salted hash is as strong as a slow one; every entry is compared, in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { InboundCaller } from '../../resolvers';
import { bearerToken, parseScopes, parseSpaces, type AuthOutcome, type Authenticator } from './credentials';
import { ConfigError } from '../config/security-config';

const SCHEME = 'sha256';
/** Keys shorter than this are refused when hashed: they could be guessed. */
export const MIN_KEY_LENGTH = 24;
const MAX_KEY_LENGTH = 256;

interface KeyEntry {
  salt: Buffer;
  digest: Buffer;
  caller: InboundCaller;
}

function digest(salt: Buffer, key: string): Buffer {
  return createHash('sha256').update(salt).update(key, 'utf8').digest();
}

/** `sha256$<salt>$<digest>` (base64url) of a key, for the keys file. */
export function hashApiKey(key: string): string {
  if (key.length < MIN_KEY_LENGTH)
    throw new ConfigError(`an API key must have at least ${MIN_KEY_LENGTH} characters`);
  if (key.length > MAX_KEY_LENGTH)
    throw new ConfigError(`an API key may have at most ${MAX_KEY_LENGTH} characters`);
  const salt = randomBytes(16);
  return `${SCHEME}$${salt.toString('base64url')}$${digest(salt, key).toString('base64url')}`;
}

/** A new random key (256 bits). */
export function generateApiKey(): string {
  return `pgk_${randomBytes(32).toString('base64url')}`;
}

function parseHash(hash: unknown, where: string): { salt: Buffer; digest: Buffer } {
  const parts = typeof hash === 'string' ? hash.split('$') : [];
  if (parts.length !== 3 || parts[0] !== SCHEME)
    throw new ConfigError(`${where}: "hash" must be a hash printed by \`paygraph hash-key\``);
  const salt = Buffer.from(parts[1], 'base64url');
  const d = Buffer.from(parts[2], 'base64url');
  if (salt.length < 16 || d.length !== 32)
    throw new ConfigError(`${where}: "hash" is not a complete ${SCHEME} hash`);
  return { salt, digest: d };
}

/** Parses the keys file: `{ "keys": [{ "name", "hash", "spaces": [1, 2] | "*", "scopes": ["read"] }] }`. */
export function parseKeysFile(text: string, file = 'PAYGRAPH_API_KEYS_FILE'): KeyEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`${file} is not JSON`);
  }
  const keys = (json as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0)
    throw new ConfigError(`${file} must hold {"keys": [...]} with at least one key`);
  const names = new Set<string>();
  return keys.map((entry: Record<string, unknown>, i) => {
    const where = `${file} keys[${i}]`;
    if (typeof entry?.name !== 'string' || entry.name === '')
      throw new ConfigError(`${where}: "name" is required`);
    if (names.has(entry.name)) throw new ConfigError(`${where}: the name "${entry.name}" is used twice`);
    names.add(entry.name);
    if ('key' in entry)
      throw new ConfigError(`${where}: holds a plain key; store only its hash (\`paygraph hash-key\`)`);
    const spaces = parseSpaces(entry.spaces);
    if (spaces === null) throw new ConfigError(`${where}: "spaces" must be a list of space ids or "*"`);
    const scopes = parseScopes(entry.scopes);
    if (scopes === null) throw new ConfigError(`${where}: "scopes" must hold "read" and/or "write"`);
    return { ...parseHash(entry.hash, where), caller: { name: `key:${entry.name}`, spaces, scopes } };
  });
}

function presentedKey(headers: Headers): string | null | undefined {
  const header = headers.get('x-api-key');
  if (header !== null) return header.trim() === '' ? null : header.trim();
  return bearerToken(headers);
}

/** Keys whose answer is remembered at most; past it the memory starts again. */
const REMEMBERED_KEYS = 10_000;

/**
 * Checking a key hashes it with every entry's salt; a key found is remembered by its own SHA-256 (not
 * the key), so a caller's requests cost one hash each however many keys the file has. Keys not found
 * are not remembered: a client guessing keys would fill the map and push the real callers out of it.
 */
export function apiKeyAuthenticator(entries: readonly KeyEntry[]): Authenticator {
  const known = new Map<string, InboundCaller>();
  const check = (key: string): InboundCaller | null => {
    const id = createHash('sha256').update(key, 'utf8').digest('base64');
    const remembered = known.get(id);
    if (remembered) return remembered;
    let found: InboundCaller | null = null;
    for (const entry of entries) {
      if (timingSafeEqual(digest(entry.salt, key), entry.digest)) found = entry.caller;
    }
    if (!found) return null;
    if (known.size >= REMEMBERED_KEYS) known.clear();
    known.set(id, found);
    return found;
  };
  return {
    mode: 'api-keys',
    authenticate(headers: Headers): AuthOutcome {
      const key = presentedKey(headers);
      if (key === undefined) return { kind: 'anonymous' };
      if (key === null || key.length > MAX_KEY_LENGTH)
        return { kind: 'refused', reason: 'the API key is not valid' };
      const found = check(key);
      return found
        ? { kind: 'caller', caller: found }
        : { kind: 'refused', reason: 'the API key is not valid' };
    },
  };
}

export function createApiKeyAuthenticator(file: string): Authenticator {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `PAYGRAPH_API_KEYS_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return apiKeyAuthenticator(parseKeysFile(text));
}

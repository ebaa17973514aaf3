// Who sends a request: one Authenticator per process, chosen by PAYGRAPH_AUTH. A request with no
// credentials at all is `anonymous`: it may run only the by-credentials fields (the transaction
// credentials it passes are the authorization); credentials that do not verify are `refused`.
import { OPEN_CALLER, type InboundCaller, type Scope } from '../../resolvers';
import { createApiKeyAuthenticator } from './api-keys';
import { ConfigError, type SecurityConfig } from './config';
import { createJwtAuthenticator } from './jwt';

export type AuthOutcome = { kind: 'caller'; caller: InboundCaller } | { kind: 'anonymous' } | { kind: 'refused'; reason: string };

export interface Authenticator {
  mode: SecurityConfig['auth'];
  authenticate(headers: Headers): Promise<AuthOutcome>;
}

/** The caller of a request without credentials: no space, no scope; by-credentials calls only. */
export const ANONYMOUS_CALLER: InboundCaller = { name: 'anonymous', spaces: new Set<number>(), scopes: new Set<Scope>() };

export const openAuthenticator: Authenticator = {
  mode: 'open',
  authenticate: () => Promise.resolve({ kind: 'caller', caller: OPEN_CALLER }),
};

/** The bearer token of `Authorization: Bearer <token>`; undefined without one, null when malformed. */
export function bearerToken(headers: Headers): string | null | undefined {
  const header = headers.get('authorization');
  if (header === null) return undefined;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match ? match[1] : null;
}

/** A promise, so that a mode may one day fetch at start; today every mode is ready at once. */
export function createAuthenticator(config: SecurityConfig): Promise<Authenticator> {
  try {
    return Promise.resolve(authenticatorFor(config));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function authenticatorFor(config: SecurityConfig): Authenticator {
  switch (config.auth) {
    case 'open':
      return openAuthenticator;
    case 'jwt':
      return createJwtAuthenticator(config.jwt);
    case 'api-keys':
      if (!config.apiKeysFile)
        throw new ConfigError('PAYGRAPH_AUTH=api-keys needs PAYGRAPH_API_KEYS_FILE (make hashes with `paygraph hash-key`)');
      return createApiKeyAuthenticator(config.apiKeysFile);
  }
}

/** Parses a list of scopes (`"read write"` or `["read"]`); `write` implies `read`. */
export function parseScopes(value: unknown): Set<Scope> | null {
  const words: unknown[] | null = typeof value === 'string' ? value.split(/\s+/) : Array.isArray(value) ? (value as unknown[]) : null;
  if (!words) return null;
  const scopes = new Set<Scope>();
  for (const w of words) if (w === 'read' || w === 'write') scopes.add(w);
  if (scopes.has('write')) scopes.add('read');
  return scopes.size > 0 ? scopes : null;
}

/** Parses the spaces a caller may use: `"*"` (or `["*"]`) for all, else positive integer ids. */
export function parseSpaces(value: unknown): ReadonlySet<number> | 'all' | null {
  if (value === '*') return 'all';
  if (!Array.isArray(value)) return null;
  if (value.length === 1 && value[0] === '*') return 'all';
  const spaces = new Set<number>();
  for (const v of value as unknown[]) {
    const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return null;
    spaces.add(n);
  }
  return spaces;
}

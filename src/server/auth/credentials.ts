// What every authentication mode shares: the outcome of authenticating a request, and reading
// bearer tokens, scopes and spaces from headers, claims and key entries.
import type { InboundCaller, Scope } from '../../resolvers';
import type { AuthMode } from '../config/security-config';

/** `expiresAt`: when the credentials stop being valid (epoch ms; a JWT's `exp`), if they do: live connections end then. */
export type AuthOutcome =
  | { kind: 'caller'; caller: InboundCaller; expiresAt?: number }
  | { kind: 'anonymous' }
  | { kind: 'refused'; reason: string };

export interface Authenticator {
  mode: AuthMode;
  /** Answered at once where nothing is waited for (open mode, API keys), so the request does not wait a turn. */
  authenticate(headers: Headers): AuthOutcome | Promise<AuthOutcome>;
}

/** The bearer token of `Authorization: Bearer <token>`; undefined without one, null when malformed. */
export function bearerToken(headers: Headers): string | null | undefined {
  const header = headers.get('authorization');
  if (header === null) return undefined;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match ? match[1] : null;
}

const SCOPES: readonly Scope[] = ['read', 'write', 'account'];

/**
 * Parses a list of scopes (`"read write"` or `["read"]`); `write` implies `read`; `account` (changing
 * the accounts owning the caller's spaces) adds to them. Null unless it grants read or write.
 */
export function parseScopes(value: unknown): Set<Scope> | null {
  const words: unknown[] | null =
    typeof value === 'string' ? value.split(/\s+/) : Array.isArray(value) ? (value as unknown[]) : null;
  if (!words) return null;
  const scopes = new Set<Scope>();
  for (const w of words) if (SCOPES.includes(w as Scope)) scopes.add(w as Scope);
  if (scopes.has('write')) scopes.add('read');
  return scopes.has('read') ? scopes : null;
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

// Temporary transaction credentials: a signed, self-contained string bound to one transaction of one
// space of one sandbox instance, valid until its expiry. Only the by-credentials operations accept
// them, and they accept nothing else (a JWT in their place is malformed credentials).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors';
import type { Store } from '../store';
import { instanceIdOf } from './transactions-internals';

/** Signs credentials of every sandbox in this process; never leaves it. */
const SECRET = randomBytes(32);

interface Claims {
  /** space */
  s: number;
  /** transaction id */
  t: number;
  /** expiry, epoch seconds */
  e: number;
  /** sandbox instance */
  i: string;
}

function sign(payload: string): string {
  return createHmac('sha256', SECRET).update(payload).digest('base64url');
}

export function issueCredentials(store: Store, space: number, transactionId: number, ttlSeconds: number, now: Date): string {
  const claims: Claims = { s: space, t: transactionId, e: Math.floor(now.getTime() / 1000) + ttlSeconds, i: instanceIdOf(store) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

const refused = (why: string) => new ApiError(401, `These transaction credentials are not accepted: ${why}.`);

function decode(credentials: string): Claims {
  const parts = credentials.split('.');
  if (parts.length !== 2) throw refused('they are malformed');
  const [payload, signature] = parts;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused('they were not issued by this sandbox');
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    if (![claims.s, claims.t, claims.e].every(Number.isSafeInteger) || typeof claims.i !== 'string') throw new Error('shape');
    return claims;
  } catch {
    throw refused('they are malformed');
  }
}

/** The authority the request pipeline consults for by-credentials paths (no store at hand there). */
export function verifyCredentials(credentials: string, now: Date): { space: number; transactionId: number } {
  const claims = decode(credentials);
  if (claims.e * 1000 <= now.getTime()) throw refused('they have expired');
  return { space: claims.s, transactionId: claims.t };
}

/** Full check inside a handler: also bound to this sandbox instance. */
export function credentialsTransaction(store: Store, credentials: string, now: Date): { space: number; transactionId: number } {
  const bound = verifyCredentials(credentials, now);
  if (decode(credentials).i !== instanceIdOf(store)) throw refused('they belong to another sandbox');
  return bound;
}

// Temporary transaction credentials: a signed, self-contained string bound to one transaction of one
// space of one sandbox instance, valid until its expiry. Only the by-credentials operations accept
// them, and they accept nothing else (a JWT in their place is malformed credentials).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../errors';
import type { Store } from '../../store';
import { instanceIdOf } from './internals';

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

/**
 * `{space}-{transaction}-{secret}` as clients parse credentials: the space id first, then the
 * transaction id, then the secret part (expiry and sandbox instance, and the signature over it all).
 */
export function issueCredentials(
  store: Store,
  space: number,
  transactionId: number,
  ttlSeconds: number,
  now: Date,
): string {
  const rest = Buffer.from(
    JSON.stringify({ e: Math.floor(now.getTime() / 1000) + ttlSeconds, i: instanceIdOf(store) }),
  ).toString('base64url');
  const signed = `${space}-${transactionId}-${rest}`;
  return `${signed}.${sign(signed)}`;
}

/** Why credentials are refused: a checkout page answers 410 for `expired` and 403 for the others. */
export type RefusalReason = 'malformed' | 'forged' | 'expired' | 'foreign';

const WHY: Record<RefusalReason, string> = {
  malformed: 'they are malformed',
  forged: 'they were not issued by this sandbox',
  expired: 'they have expired',
  foreign: 'they belong to another sandbox',
};

/** 401 on the REST API; `reason` lets other callers answer otherwise. */
export class CredentialsRefused extends ApiError {
  constructor(readonly reason: RefusalReason) {
    super(401, `These transaction credentials are not accepted: ${WHY[reason]}.`);
  }
}

const refused = (reason: RefusalReason) => new CredentialsRefused(reason);

const SHAPE = /^([1-9]\d*)-([1-9]\d*)-([\w-]+)\.([\w-]+)$/;

function decode(credentials: string): Claims {
  const match = SHAPE.exec(credentials);
  if (!match) throw refused('malformed');
  const [, space, transaction, rest, signature] = match;
  const expected = Buffer.from(sign(`${space}-${transaction}-${rest}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused('forged');
  try {
    const claims = {
      s: Number(space),
      t: Number(transaction),
      ...(JSON.parse(Buffer.from(rest, 'base64url').toString('utf8')) as object),
    } as Claims;
    if (![claims.s, claims.t, claims.e].every(Number.isSafeInteger) || typeof claims.i !== 'string')
      throw new Error('shape');
    return claims;
  } catch {
    throw refused('malformed');
  }
}

/** The authority the request pipeline consults for by-credentials paths (no store at hand there). */
export function verifyCredentials(credentials: string, now: Date): { space: number; transactionId: number } {
  const claims = decode(credentials);
  if (claims.e * 1000 <= now.getTime()) throw refused('expired');
  return { space: claims.s, transactionId: claims.t };
}

/** Full check inside a handler: also bound to this sandbox instance. */
export function credentialsTransaction(
  store: Store,
  credentials: string,
  now: Date,
): { space: number; transactionId: number } {
  const bound = verifyCredentials(credentials, now);
  if (decode(credentials).i !== instanceIdOf(store)) throw refused('foreign');
  return bound;
}

// Verification of the request JWT exactly as the specification describes it. Implemented on
// node:crypto so that every rule (header fields, alg, claims, binding to the request) is explicit.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppUser } from './context';
import { ApiError } from './errors';

const unauthorized = (message: string) => new ApiError(401, message);

function decodeSegment(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw unauthorized(`The token's ${what} is not a base64url-encoded JSON object.`);
}

function checkHeader(header: Record<string, unknown>): void {
  if (header.alg !== 'HS256')
    throw unauthorized(`The token must be signed with alg HS256 (found ${JSON.stringify(header.alg)}).`);
  const type = header.type ?? header.typ;
  if (type !== 'JWT') throw unauthorized('The token header must carry type JWT.');
  if (header.ver !== 1)
    throw unauthorized('The token header must carry ver 1 (version of the authorisation method).');
}

function checkSignature(signingInput: string, signature: string, key: Buffer): boolean {
  const expected = createHmac('sha256', key).update(signingInput).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface RequestBinding {
  method: string;
  /** Path and query string exactly as received. */
  pathWithQuery: string;
  nowSeconds: number;
  iatWindowSeconds: number;
}

/** Returns the authenticated user or throws 401 with a message that says what is wrong (never the token). */
export function authenticate(
  authorization: string | undefined,
  users: ReadonlyMap<string, AppUser>,
  request: RequestBinding,
): AppUser {
  if (!authorization) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <JWT>".');
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match) throw unauthorized('The Authorization header must have the form "Bearer <JWT>".');
  const parts = match[1].split('.');
  if (parts.length !== 3)
    throw unauthorized('The bearer token is not a JSON Web Token (three dot-separated parts expected).');
  const [headerPart, payloadPart, signature] = parts;
  checkHeader(decodeSegment(headerPart, 'header'));
  const claims = decodeSegment(payloadPart, 'payload');
  const user = users.get(String(claims.sub ?? ''));
  if (!user) throw unauthorized('The token names no known application user in claim sub.');
  if (!signature || !checkSignature(`${headerPart}.${payloadPart}`, signature, user.key)) {
    throw unauthorized(
      "The token's signature does not verify with the application user's authentication key.",
    );
  }
  checkClaims(claims, request);
  return user;
}

function checkClaims(claims: Record<string, unknown>, request: RequestBinding): void {
  const iat = claims.iat;
  if (typeof iat !== 'number' || !Number.isInteger(iat))
    throw unauthorized('Claim iat must be an integer (UNIX seconds).');
  if (Math.abs(request.nowSeconds - iat) > request.iatWindowSeconds) {
    throw unauthorized(
      `Claim iat is more than ${request.iatWindowSeconds} seconds away from the server time.`,
    );
  }
  if (claims.requestMethod !== request.method) {
    throw unauthorized(`Claim requestMethod does not match the request method ${request.method}.`);
  }
  if (claims.requestPath !== request.pathWithQuery) {
    throw unauthorized('Claim requestPath does not match the requested path and query string.');
  }
}

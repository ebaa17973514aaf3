// `PAYGRAPH_AUTH=jwt`: a bearer JWT verified with jose, by a shared secret (HS256) or by public keys
// (a JWKS URL, cached and refreshed by jose's remote key set, or a JWKS file). The accepted
// algorithms are fixed by the kind of key, so `alg: none` and algorithm confusion (an HS256 token
// signed with a public key) are refused before any signature check; `exp` is required.
import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { InboundCaller } from '../../resolvers';
import { bearerToken, parseScopes, parseSpaces, type AuthOutcome, type Authenticator } from './credentials';
import { ConfigError, type JwtConfig } from '../config/security-config';

const SYMMETRIC = ['HS256', 'HS384', 'HS512'];
const ASYMMETRIC = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
/** Shorter shared secrets can be brute-forced from one token. */
const MIN_SECRET_BYTES = 32;

type Key = KeyObject | JWTVerifyGetKey;

function readConfigFile(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError(
      `${variable}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

function keyAndAlgorithms(c: JwtConfig): { key: Key; algorithms: string[] } {
  const sources = [c.secretFile, c.jwksUrl, c.jwksFile].filter(Boolean).length;
  if (sources !== 1) {
    throw new ConfigError(
      'PAYGRAPH_AUTH=jwt needs exactly one of PAYGRAPH_JWT_SECRET_FILE, PAYGRAPH_JWKS_URL or PAYGRAPH_JWKS_FILE',
    );
  }
  const allowed = c.secretFile ? SYMMETRIC : ASYMMETRIC;
  const algorithms = c.algorithms ?? (c.secretFile ? ['HS256'] : ['RS256', 'PS256', 'ES256', 'EdDSA']);
  const foreign = algorithms.filter((a) => !allowed.includes(a));
  if (foreign.length > 0 || algorithms.length === 0) {
    throw new ConfigError(
      `PAYGRAPH_JWT_ALGORITHMS: ${foreign.join(', ') || 'none'} cannot be used with this kind of key (allowed: ${allowed.join(', ')})`,
    );
  }
  if (c.secretFile) {
    const secret = readConfigFile(c.secretFile, 'PAYGRAPH_JWT_SECRET_FILE');
    if (secret.length < MIN_SECRET_BYTES)
      throw new ConfigError(
        `PAYGRAPH_JWT_SECRET_FILE: the secret must have at least ${MIN_SECRET_BYTES} bytes`,
      );
    // Imported once into a KeyObject (held outside the JavaScript heap), the file's bytes wiped.
    const key = createSecretKey(secret);
    secret.fill(0);
    return { key, algorithms };
  }
  if (c.jwksUrl) {
    let url: URL;
    try {
      url = new URL(c.jwksUrl);
    } catch {
      throw new ConfigError(`PAYGRAPH_JWKS_URL is not a URL: "${c.jwksUrl}"`);
    }
    return {
      key: createRemoteJWKSet(url, {
        timeoutDuration: 5_000,
        cooldownDuration: 30_000,
        cacheMaxAge: 600_000,
      }),
      algorithms,
    };
  }
  let jwks: Parameters<typeof createLocalJWKSet>[0];
  try {
    jwks = JSON.parse(readConfigFile(c.jwksFile!, 'PAYGRAPH_JWKS_FILE').toString('utf8')) as Parameters<
      typeof createLocalJWKSet
    >[0];
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('PAYGRAPH_JWKS_FILE is not JSON');
  }
  if (jwks.keys.some((k) => k.kty === 'oct'))
    throw new ConfigError(
      'PAYGRAPH_JWKS_FILE holds a symmetric key; use PAYGRAPH_JWT_SECRET_FILE for shared secrets',
    );
  return { key: createLocalJWKSet(jwks), algorithms };
}

/** Why a token was refused, in words that tell its owner what to fix and an attacker nothing new. */
function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `the token's "${error.claim}" claim is not accepted`;
  if (error instanceof errors.JOSEAlgNotAllowed) return "the token's algorithm is not accepted";
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the key set verifies the token';
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSENotSupported)
    return 'the token cannot be verified now';
  return 'the token is not valid';
}

/** Names longer than this are hashed: two identities must never be cut to the same name. */
const MAX_READABLE_NAME = 200;

/**
 * The caller's identity: the issuer and the identity claim (`sub` by default), so two issuers' subjects
 * never share a rate limit or an idempotency scope; null when the token has no identity claim.
 */
export function identityOf(payload: JWTPayload, claim: string): string | null {
  const value = payload[claim];
  const id =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : '';
  if (id === '') return null;
  const issuer = typeof payload.iss === 'string' ? payload.iss : '';
  // Percent-encoded, so the space between them cannot occur in either part.
  const name = `${encodeURIComponent(issuer)} ${encodeURIComponent(id)}`;
  if (name.length <= MAX_READABLE_NAME) return `jwt:${name}`;
  return `jwt:sha256:${createHash('sha256')
    .update(JSON.stringify([issuer, id]))
    .digest('base64url')}`;
}

export function callerFromClaims(payload: JWTPayload, c: JwtConfig): InboundCaller | string {
  const spaces = parseSpaces(payload[c.spacesClaim]);
  if (spaces === null) return `the token's "${c.spacesClaim}" claim must list space ids or be "*"`;
  const scopes = parseScopes(payload[c.scopeClaim]);
  if (scopes === null) return `the token's "${c.scopeClaim}" claim must grant read or write`;
  const name = identityOf(payload, c.identityClaim);
  if (name === null)
    return `the token has no "${c.identityClaim}" claim naming its caller (PAYGRAPH_JWT_IDENTITY_CLAIM)`;
  return { name, spaces, scopes };
}

export function createJwtAuthenticator(c: JwtConfig): Authenticator {
  const { key, algorithms } = keyAndAlgorithms(c);
  const options = {
    algorithms,
    issuer: c.issuer,
    audience: c.audience,
    clockTolerance: c.clockSkewSeconds,
    requiredClaims: ['exp'],
  };
  return {
    mode: 'jwt',
    async authenticate(headers: Headers): Promise<AuthOutcome> {
      const token = bearerToken(headers);
      if (token === undefined) return { kind: 'anonymous' };
      if (token === null)
        return { kind: 'refused', reason: 'the Authorization header must be "Bearer <token>"' };
      try {
        const { payload } =
          typeof key === 'function'
            ? await jwtVerify(token, key, options)
            : await jwtVerify(token, key, options);
        const caller = callerFromClaims(payload, c);
        if (typeof caller === 'string') return { kind: 'refused', reason: caller };
        // `exp` is required, so every JWT caller's live connections end with its token.
        return { kind: 'caller', caller, expiresAt: payload.exp! * 1000 };
      } catch (error) {
        return { kind: 'refused', reason: reasonFor(error) };
      }
    },
  };
}

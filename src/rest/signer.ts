// Request signing: one HS256 JWT per request, bound to that request's path, query and method. The
// key's raw bytes are never kept; each token is byte for byte jose's SignJWT's, signed synchronously.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/** The protected header the REST API requires (SPEC, Authentication 4). */
export const JWT_HEADER = { alg: 'HS256', typ: 'JWT', type: 'JWT', ver: 1 } as const;

export type SignRequest = (method: string, requestPath: string) => string;

export interface SignerOptions {
  userId: string;
  /** The application user's authentication key, base64 as issued. */
  authKey: string;
  /** Clock in milliseconds (tests move it; the default is Date.now). */
  now?: () => number;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Decodes the base64 (or base64url) key, refusing anything else without echoing it. */
export function decodeAuthKey(authKey: string): Uint8Array<ArrayBuffer> {
  const trimmed = authKey.trim();
  const isBase64 = BASE64.test(trimmed) || BASE64URL.test(trimmed);
  const bytes = isBase64
    ? Buffer.from(trimmed, BASE64.test(trimmed) ? 'base64' : 'base64url')
    : Buffer.alloc(0);
  if (bytes.length === 0) {
    throw new TypeError(
      `authKey must be a non-empty base64 string (got ${authKey.length} characters that are not base64)`,
    );
  }
  const copy = new Uint8Array(bytes);
  bytes.fill(0);
  return copy;
}

const ENCODED_HEADER = Buffer.from(JSON.stringify(JWT_HEADER)).toString('base64url');

/**
 * The base64 key decoded once into a node:crypto KeyObject; the raw bytes are wiped and not kept
 * anywhere reachable, so no object graph, log or error can leak them.
 */
function importKey(authKey: string): KeyObject {
  const raw = decodeAuthKey(authKey);
  try {
    return createSecretKey(raw);
  } finally {
    raw.fill(0);
  }
}

/**
 * Creates the signer for one application user. Bad options throw at once. Each token is a synchronous
 * HMAC over a header encoded once and claims written in jose's order: byte for byte the one jose's
 * SignJWT makes (test/rest/signer.test.ts compares them), without WebCrypto's thread-pool job and the
 * promises jose's async sign costs on every REST call. jose stays for verifying callers.
 */
export function createSigner(options: SignerOptions): SignRequest {
  if (!options.userId || !String(options.userId).trim())
    throw new TypeError('userId must be a non-empty application user id');
  const key = importKey(options.authKey);
  // The claims as jose serialises them (JSON.stringify of requestPath, requestMethod, sub, iat in that order).
  const subject = JSON.stringify(String(options.userId));
  const now = options.now ?? Date.now;
  return (method, requestPath) => {
    const iat = Math.floor(now() / 1000);
    if (!Number.isFinite(iat)) throw new TypeError('the signer clock must give a finite time');
    const claims = `{"requestPath":${JSON.stringify(requestPath)},"requestMethod":${JSON.stringify(method.toUpperCase())},"sub":${subject},"iat":${iat}}`;
    const signingInput = `${ENCODED_HEADER}.${Buffer.from(claims).toString('base64url')}`;
    return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
  };
}

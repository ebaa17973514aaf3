// Per-request JWTs for the load generator: HS256 over node:crypto (no library on the hot path), with
// the header encoded once and only the claims (path, method, iat) changing.
import { createHmac } from 'node:crypto';

export interface BenchUser {
  id: string;
  /** base64 authentication key */
  key: string;
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

export function createSigner(user: BenchUser) {
  const secret = Buffer.from(user.key, 'base64');
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', type: 'JWT', ver: 1 }));
  /** `Bearer <jwt>` bound to exactly this method and path-with-query. */
  return (method: string, requestPath: string): string => {
    const claims = base64url(
      JSON.stringify({
        sub: user.id,
        iat: Math.floor(Date.now() / 1000),
        requestPath,
        requestMethod: method,
      }),
    );
    const signature = createHmac('sha256', secret).update(`${header}.${claims}`).digest('base64url');
    return `Bearer ${header}.${claims}.${signature}`;
  };
}

// Test helper: raw HTTP calls to the sandbox, signed as the specification says, with every part of
// the token overridable so that tests can break one rule at a time.
import { SignJWT } from 'jose';

export interface SignOptions {
  userId: string;
  /** base64 authentication key */
  key: string;
  /** Overrides of the claims or the protected header, to forge bad tokens. */
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
  omitAuthorization?: boolean;
}

export interface CallOptions {
  method?: string;
  /** Path under /api/v2.0 with its query string, e.g. `/customers?limit=5`. */
  path: string;
  space?: number | string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function signToken(method: string, requestPath: string, o: SignOptions): Promise<string> {
  const claims = {
    sub: o.userId,
    iat: Math.floor(Date.now() / 1000),
    requestPath,
    requestMethod: method,
    ...o.claims,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', type: 'JWT', ver: 1, ...o.header })
    .sign(Buffer.from(o.key, 'base64'));
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Calls `origin + /api/v2.0 + path` with a token bound to exactly that method and path. */
export async function signedFetch<T = unknown>(
  origin: string,
  call: CallOptions,
  sign: SignOptions,
): Promise<CallResult<T>> {
  const method = call.method ?? 'GET';
  const requestPath = `/api/v2.0${call.path}`;
  const headers: Record<string, string> = { ...call.headers };
  if (!sign.omitAuthorization) headers.authorization = `Bearer ${await signToken(method, requestPath, sign)}`;
  if (call.space !== undefined) headers.space = String(call.space);
  let body: string | undefined = call.rawBody;
  if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${origin}${requestPath}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** A caller bound to one sandbox and user, for concise tests. */
export function client(origin: string, sign: SignOptions) {
  return <T = unknown>(call: CallOptions) => signedFetch<T>(origin, call, sign);
}

// The security configuration of one paygraph process, read once from the environment (flags of the
// CLI mirror the variables). Every value has a default that is safe for a deployment except `auth`,
// whose default `open` is accepted only on loopback (see assertSafeToListen).
export type AuthMode = 'open' | 'jwt' | 'api-keys';

export const AUTH_MODES: readonly AuthMode[] = ['open', 'jwt', 'api-keys'];

export interface JwtConfig {
  /** HS256 shared secret: the raw bytes of this file. */
  secretFile?: string;
  /** Public keys: a JWKS URL (fetched, cached and refreshed by jose) or a JWKS file. */
  jwksUrl?: string;
  jwksFile?: string;
  issuer?: string;
  audience?: string;
  /** Accepted `alg` values; default HS256 with a secret, RS256/PS256/ES256/EdDSA with public keys. */
  algorithms?: string[];
  clockSkewSeconds: number;
  spacesClaim: string;
  scopeClaim: string;
}

export interface Limits {
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxTokens: number;
  /** The GraphQL document, in UTF-8 bytes, checked before parsing. */
  maxDocumentBytes: number;
  /** Errors one response reports at most (identical ones once). */
  maxErrors: number;
  requestTimeoutMs: number;
  /** Bytes of documents the parse and validation cache holds. */
  parseCacheBytes: number;
  /** REST calls one operation may make. */
  maxCost: number;
  /** Per-caller token bucket of REST calls; perSecond 0 = off. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /** REST calls in flight at once, shared fairly by callers (the REST client's own bound). */
  restConcurrency: number;
}

export interface SecurityConfig {
  auth: AuthMode;
  jwt: JwtConfig;
  apiKeysFile?: string;
  limits: Limits;
  /** Origins allowed to call from a browser; empty = no cross-origin access. */
  corsOrigins: string[];
  /** Operations one HTTP request may batch; 0 = batching off. */
  batching: number;
  introspection: boolean;
  graphiql: boolean;
  /** Errors masked for production: no upstream messages, paths or stacks. */
  production: boolean;
}

export const DEFAULT_LIMITS: Limits = {
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 50,
  maxTokens: 5_000,
  maxDocumentBytes: 100 * 1024,
  maxErrors: 50,
  requestTimeoutMs: 15_000,
  parseCacheBytes: 32 * 1024 * 1024,
  maxCost: 500,
  rateLimitPerSecond: 100,
  rateLimitBurst: 1_000,
  restConcurrency: 16,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return Number(raw);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseAuthMode(raw: string | undefined): AuthMode {
  const mode = (raw ?? 'open').trim();
  if (!AUTH_MODES.includes(mode as AuthMode))
    throw new ConfigError(`PAYGRAPH_AUTH (--auth) must be one of ${AUTH_MODES.join(', ')}, got "${mode}"`);
  return mode as AuthMode;
}

function corsOrigins(raw: string | undefined): string[] {
  const origins = list(raw);
  for (const origin of origins) {
    if (origin === '*') throw new ConfigError('PAYGRAPH_CORS_ORIGINS may not be "*": list the origins allowed to call with credentials');
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError(`PAYGRAPH_CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
    }
    if (url.origin !== origin) throw new ConfigError(`PAYGRAPH_CORS_ORIGINS: "${origin}" is not an origin; did you mean "${url.origin}"?`);
  }
  return origins;
}

// `open` serves one trusted caller on loopback: rate limiting is off unless asked for.
function limits(env: Env, auth: AuthMode): Limits {
  const d = DEFAULT_LIMITS;
  return {
    maxDepth: int(env, 'PAYGRAPH_MAX_DEPTH', d.maxDepth, 1),
    maxAliases: int(env, 'PAYGRAPH_MAX_ALIASES', d.maxAliases),
    maxDirectives: int(env, 'PAYGRAPH_MAX_DIRECTIVES', d.maxDirectives),
    maxTokens: int(env, 'PAYGRAPH_MAX_TOKENS', d.maxTokens, 10),
    maxDocumentBytes: int(env, 'PAYGRAPH_MAX_DOCUMENT_BYTES', d.maxDocumentBytes, 100),
    maxErrors: int(env, 'PAYGRAPH_MAX_ERRORS', d.maxErrors, 1),
    requestTimeoutMs: int(env, 'PAYGRAPH_REQUEST_TIMEOUT_MS', d.requestTimeoutMs, 1),
    parseCacheBytes: int(env, 'PAYGRAPH_PARSE_CACHE_BYTES', d.parseCacheBytes),
    maxCost: int(env, 'PAYGRAPH_MAX_COST', d.maxCost, 1),
    rateLimitPerSecond: int(env, 'PAYGRAPH_RATE_LIMIT_PER_SECOND', auth === 'open' ? 0 : d.rateLimitPerSecond),
    rateLimitBurst: int(env, 'PAYGRAPH_RATE_LIMIT_BURST', d.rateLimitBurst, 1),
    restConcurrency: int(env, 'PAYGRAPH_REST_CONCURRENCY', d.restConcurrency, 1),
  };
}

/** The configuration from the environment; `overrides` are the CLI's flags, which win. */
export function securityConfigFromEnv(env: Env = process.env, overrides: { auth?: string } = {}): SecurityConfig {
  const production = env.NODE_ENV === 'production';
  const auth = parseAuthMode(overrides.auth ?? env.PAYGRAPH_AUTH);
  return {
    auth,
    jwt: {
      secretFile: env.PAYGRAPH_JWT_SECRET_FILE || undefined,
      jwksUrl: env.PAYGRAPH_JWKS_URL || undefined,
      jwksFile: env.PAYGRAPH_JWKS_FILE || undefined,
      issuer: env.PAYGRAPH_JWT_ISSUER || undefined,
      audience: env.PAYGRAPH_JWT_AUDIENCE || undefined,
      algorithms: env.PAYGRAPH_JWT_ALGORITHMS ? list(env.PAYGRAPH_JWT_ALGORITHMS) : undefined,
      clockSkewSeconds: int(env, 'PAYGRAPH_JWT_CLOCK_SKEW_SECONDS', 30),
      spacesClaim: env.PAYGRAPH_JWT_SPACES_CLAIM || 'spaces',
      scopeClaim: env.PAYGRAPH_JWT_SCOPE_CLAIM || 'scope',
    },
    apiKeysFile: env.PAYGRAPH_API_KEYS_FILE || undefined,
    limits: limits(env, auth),
    corsOrigins: corsOrigins(env.PAYGRAPH_CORS_ORIGINS),
    batching: int(env, 'PAYGRAPH_BATCHING', 0),
    introspection: bool(env, 'PAYGRAPH_INTROSPECTION', !production),
    graphiql: bool(env, 'PAYGRAPH_GRAPHIQL', !production),
    production,
  };
}

/** The configuration of the in-process app when a test or embedder gives none: open, default limits. */
export function defaultSecurityConfig(): SecurityConfig {
  return securityConfigFromEnv({});
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/;

export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host);
}

/** `open` lets anyone who reaches the port use paygraph's REST key: only on loopback. */
export function assertSafeToListen(auth: AuthMode, host: string): void {
  if (auth !== 'open' || isLoopback(host)) return;
  throw new ConfigError(
    `refusing to listen on ${host} without authentication: anyone reaching it could use paygraph's REST key. ` +
      'Choose a mode with PAYGRAPH_AUTH (or --auth): jwt (with PAYGRAPH_JWT_SECRET_FILE, PAYGRAPH_JWKS_URL or PAYGRAPH_JWKS_FILE) ' +
      'or api-keys (with PAYGRAPH_API_KEYS_FILE); keep open for 127.0.0.1 only',
  );
}

// The security configuration of one paygraph process, read once from the environment (flags of the
// CLI mirror the variables). Every value has a default that is safe for a deployment except `auth`,
// whose default `open` is accepted only on loopback (see assertSafeToListen). The variables, their
// defaults and checks are described once, in src/server/config: adding one is one entry there.
import { readFileSync } from 'node:fs';
import { AUTH_MODES } from './auth-settings';
import { DEFAULT_MAX_OPERATIONS_PER_CALLER, DEFAULT_RATE_LIMIT_PER_SECOND } from './graph-settings';
import { ConfigError, readSettings } from './read';
import type { SettingName } from './settings';

export type AuthMode = (typeof AUTH_MODES)[number];
export { AUTH_MODES };

type Env = Record<string, string | undefined>;

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
  /** The claim naming the caller (with `iss`); a token without it is refused. */
  identityClaim: string;
}

export interface Limits {
  maxDepth: number;
  /** Objects and lists nested in variables and argument values. */
  maxInputDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxTokens: number;
  /** The GraphQL document, in UTF-8 bytes, checked before parsing. */
  maxDocumentBytes: number;
  /** Errors one response reports at most (identical ones once). */
  maxErrors: number;
  requestTimeoutMs: number;
  /** How long after a request gave up its REST write may still land (idempotency keys in doubt wait it out). */
  sendGraceMs: number;
  /** Bytes of documents the parse and validation cache holds. */
  parseCacheBytes: number;
  /** REST calls one operation may make. */
  maxCost: number;
  /** Rows one CSV export may ask for (its cost counts a call per 100 rows). */
  maxExportRows: number;
  /** Per-caller token bucket of REST calls; perSecond 0 = off. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /** REST calls in flight at once, shared fairly by callers (the REST client's own bound). */
  restConcurrency: number;
  /** Operations of one caller running at once (0: no limit), and its requests waiting beyond those. */
  maxOperationsPerCaller: number;
  operationQueuePerCaller: number;
  /** Event-loop busy % above which heavy operations wait (100: never); heavy: estimated REST calls from heavyCost, or a caller with less than heavyCallerPercent of its burst left; their longest wait. */
  busyPercent: number;
  heavyCost: number;
  heavyCallerPercent: number;
  busyWaitMs: number;
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
  /** Bearer token of /metrics (metrics-access: without one, /metrics is off unless auth is open). */
  metricsToken?: string;
  /** Connections: client addresses, HTTP timeouts and caps, WebSocket caps and timeouts. */
  network: NetworkConfig;
}

export interface NetworkConfig {
  /** The header a trusted proxy names the client address in (lower case); undefined: the socket's address. */
  clientAddressHeader?: string;
  /** Longest a client may take to send a whole request, and its headers; idle keep-alive connections' wait (ms). */
  httpRequestTimeoutMs: number;
  httpHeadersTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  /** HTTP and WebSocket connections held at once. */
  maxConnections: number;
  /** WebSocket connections one caller, and one client address, may hold at once. */
  wsConnectionsPerCaller: number;
  wsConnectionsPerAddress: number;
  /** Longest wait for `connection_init`, and for a connection with no operation running (ms). */
  wsInitTimeoutMs: number;
  wsIdleTimeoutMs: number;
}

export { ConfigError } from './read';

const SECURITY_SETTINGS = [
  'auth',
  'jwtSecretFile',
  'jwksUrl',
  'jwksFile',
  'jwtIssuer',
  'jwtAudience',
  'jwtAlgorithms',
  'jwtClockSkewSeconds',
  'jwtSpacesClaim',
  'jwtScopeClaim',
  'jwtIdentityClaim',
  'apiKeysFile',
  'corsOrigins',
  'maxDepth',
  'maxInputDepth',
  'maxAliases',
  'maxDirectives',
  'maxTokens',
  'maxDocumentBytes',
  'maxErrors',
  'requestTimeoutMs',
  'sendGraceMs',
  'parseCacheBytes',
  'maxCost',
  'maxExportRows',
  'rateLimitPerSecond',
  'rateLimitBurst',
  'restConcurrency',
  'maxOperationsPerCaller',
  'operationQueuePerCaller',
  'busyPercent',
  'heavyCost',
  'heavyCallerPercent',
  'busyWaitMs',
  'batching',
  'introspection',
  'graphiql',
  'nodeEnv',
  'metricsToken',
  'metricsTokenFile',
  'clientAddressHeader',
  'httpRequestTimeoutMs',
  'httpHeadersTimeoutMs',
  'httpKeepAliveTimeoutMs',
  'maxConnections',
  'wsConnectionsPerCaller',
  'wsConnectionsPerAddress',
  'wsInitTimeoutMs',
  'wsIdleTimeoutMs',
] as const satisfies readonly SettingName[];

export function parseAuthMode(raw: string | undefined): AuthMode {
  return readSettings(['auth'], { env: { PAYGRAPH_AUTH: raw } }).auth;
}

/** Tokens shorter than this could be guessed. */
const MIN_TOKEN_LENGTH = 16;

/** The token from PAYGRAPH_METRICS_TOKEN_FILE (trimmed) or PAYGRAPH_METRICS_TOKEN; undefined when neither is set. */
function metricsTokenFrom(o: { token?: string; tokenFile?: string }): string | undefined {
  let token = o.token;
  if (o.tokenFile) {
    try {
      token = readFileSync(o.tokenFile, 'utf8').trim();
    } catch (error) {
      throw new ConfigError(
        `PAYGRAPH_METRICS_TOKEN_FILE: cannot read ${o.tokenFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH)
    throw new ConfigError(
      `the /metrics token (PAYGRAPH_METRICS_TOKEN or _FILE) must have at least ${MIN_TOKEN_LENGTH} characters`,
    );
  return token;
}

/**
 * The configuration from the environment; `overrides` are the CLI's flags, which win. Every value is
 * validated by its setting's schema (src/server/config); all bad ones are reported together.
 */
export function securityConfigFromEnv(
  env: Env = process.env,
  overrides: { auth?: string } = {},
): SecurityConfig {
  const s = readSettings(SECURITY_SETTINGS, { env, flags: { auth: overrides.auth } });
  const production = s.nodeEnv === 'production';
  return {
    auth: s.auth,
    jwt: {
      secretFile: s.jwtSecretFile,
      jwksUrl: s.jwksUrl,
      jwksFile: s.jwksFile,
      issuer: s.jwtIssuer,
      audience: s.jwtAudience,
      algorithms: s.jwtAlgorithms.length ? s.jwtAlgorithms : undefined,
      clockSkewSeconds: s.jwtClockSkewSeconds,
      spacesClaim: s.jwtSpacesClaim,
      scopeClaim: s.jwtScopeClaim,
      identityClaim: s.jwtIdentityClaim,
    },
    apiKeysFile: s.apiKeysFile,
    limits: {
      maxDepth: s.maxDepth,
      maxInputDepth: s.maxInputDepth,
      maxAliases: s.maxAliases,
      maxDirectives: s.maxDirectives,
      maxTokens: s.maxTokens,
      maxDocumentBytes: s.maxDocumentBytes,
      maxErrors: s.maxErrors,
      requestTimeoutMs: s.requestTimeoutMs,
      sendGraceMs: s.sendGraceMs,
      parseCacheBytes: s.parseCacheBytes,
      maxCost: s.maxCost,
      maxExportRows: s.maxExportRows,
      // `open` serves one trusted caller on loopback: rate limiting is off unless asked for.
      rateLimitPerSecond: s.rateLimitPerSecond ?? (s.auth === 'open' ? 0 : DEFAULT_RATE_LIMIT_PER_SECOND),
      rateLimitBurst: s.rateLimitBurst,
      restConcurrency: s.restConcurrency,
      // Likewise: in `open` mode all requests are one caller, so a per-caller bound would be a global one.
      maxOperationsPerCaller:
        s.maxOperationsPerCaller ?? (s.auth === 'open' ? 0 : DEFAULT_MAX_OPERATIONS_PER_CALLER),
      operationQueuePerCaller: s.operationQueuePerCaller,
      busyPercent: s.busyPercent,
      heavyCost: s.heavyCost,
      heavyCallerPercent: s.heavyCallerPercent,
      busyWaitMs: s.busyWaitMs,
    },
    corsOrigins: s.corsOrigins,
    batching: s.batching,
    introspection: s.introspection ?? !production,
    graphiql: s.graphiql ?? !production,
    production,
    metricsToken: metricsTokenFrom({ token: s.metricsToken, tokenFile: s.metricsTokenFile }),
    network: {
      clientAddressHeader: s.clientAddressHeader?.toLowerCase(),
      httpRequestTimeoutMs: s.httpRequestTimeoutMs,
      // Headers are part of the request: their deadline is never the later one.
      httpHeadersTimeoutMs: Math.min(s.httpHeadersTimeoutMs, s.httpRequestTimeoutMs),
      httpKeepAliveTimeoutMs: s.httpKeepAliveTimeoutMs,
      maxConnections: s.maxConnections,
      wsConnectionsPerCaller: s.wsConnectionsPerCaller,
      wsConnectionsPerAddress: s.wsConnectionsPerAddress,
      wsInitTimeoutMs: s.wsInitTimeoutMs,
      wsIdleTimeoutMs: s.wsIdleTimeoutMs,
    },
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

// Serves paygraph over HTTP against a REST API deployment: creates the signed REST client, the app,
// and a node:http server on 127.0.0.1. Prints nothing; the CLI prints the ready line.
import { createServer, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRestClient, type RestClientOptions } from '../rest';
import { createHash } from 'node:crypto';
import { createRedisCoordinator, type TickOptions } from '../live';
import { createSharedRedis, durabilityWarnings, type SharedRedis } from '../redis';
import { createRedisIdempotencyStore } from '../resolvers';
import { createApp, GRAPHQL_PATH } from './app';
import { serveWebSocket } from './websocket';
import { createAuthenticator } from './auth/authenticator';
import {
  assertSafeToListen,
  defaultSecurityConfig,
  type NetworkConfig,
  type SecurityConfig,
} from './config/security-config';
import { logLevelFrom, Ops } from './ops';
import { drainServer } from './ops/drain';
import { tracingFromEnv, withRestTracing } from './ops/tracing-setup';
import { cacheConfigFromEnv, type CacheConfig } from './cache/config';
import { createSharedStores } from './cache/stores';
import { persistedOperationsConfigFromEnv, type PersistedOperationsConfig } from './persisted/config';
import { createRedisRateLimit } from './admission/redis-rate-limit';
import { metricsAccess } from './ops/metrics-access';
import { readSettings } from './config/read';

export interface GraphServerOptions {
  restUrl: string;
  userId: string;
  /** The application user's authentication key, base64. */
  authKey: string;
  /** Default 4000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  naive?: boolean;
  /** Authentication, limits, browser rules (default: open, which listens on loopback only). */
  security?: SecurityConfig;
  /** Items per REST bulk call of bulk mutations (default 100). */
  bulkLimit?: number;
  /** A Redis server shared by several instances (idempotency keys, rate limits, cache, persisted queries, live watches); default: everything in process. */
  redisUrl?: string;
  /** Live updates: tick while things change / slowest tick (default PAYGRAPH_LIVE_TICK_MS / PAYGRAPH_LIVE_SLOW_TICK_MS, else 1 s / 8 s). */
  liveTick?: Partial<TickOptions>;
  /** Response cache (default: from PAYGRAPH_CACHE*; in Redis when redisUrl is given). */
  cache?: CacheConfig;
  /** Persisted operations (default: from PAYGRAPH_PERSISTED_OPERATIONS*; in Redis when redisUrl is given). */
  persistedOperations?: PersistedOperationsConfig;
}

export interface RunningGraphServer {
  /** e.g. http://127.0.0.1:4000/graphql */
  url: string;
  close: () => Promise<void>;
}

/** How long `serve` waits for Redis at start before it starts degraded. */
const REDIS_START_WAIT_MS = 2_000;

/** The process's one Redis connection, its health in /readyz and /metrics, and a warning when this Redis can lose keys. */
async function connectRedis(url: string, ops: Ops): Promise<SharedRedis> {
  const redis = createSharedRedis({ url, log: ops.logger });
  ops.watchRedis(redis);
  if (!(await redis.whenUp(REDIS_START_WAIT_MS))) {
    ops.logger.warn(
      { redis: 'unreachable' },
      'Redis does not answer at start: paygraph starts degraded and uses it once it answers',
    );
    return redis;
  }
  for (const warning of await durabilityWarnings(redis).catch(() => []))
    ops.logger.warn({ redis: 'durability' }, warning);
  return redis;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * How long a client may take: a whole request (headers and body; a body trickled byte by byte is cut
 * off at the deadline with 408), its headers, and an idle keep-alive connection's next request. Node
 * checks the deadlines every `connectionsCheckingInterval` (30 s by default): once a second here.
 */
function httpServerOptions(network: NetworkConfig): ServerOptions {
  return {
    requestTimeout: network.httpRequestTimeoutMs,
    headersTimeout: network.httpHeadersTimeoutMs,
    keepAliveTimeout: network.httpKeepAliveTimeoutMs,
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  };
}

const CONNECTIONS_CHECK_MS = 1_000;

/** The live tick from the environment; a value that is not a whole number of milliseconds (10 or more) is refused. */
function liveTickFromEnv(env: NodeJS.ProcessEnv): Partial<TickOptions> {
  const { liveTickMs: fastMs, liveSlowTickMs: slowMs } = readSettings(['liveTickMs', 'liveSlowTickMs'], {
    env,
  });
  return { ...(fastMs === undefined ? {} : { fastMs }), ...(slowMs === undefined ? {} : { slowMs }) };
}

export async function startGraphServer(o: GraphServerOptions): Promise<RunningGraphServer> {
  const security = o.security ?? defaultSecurityConfig();
  assertSafeToListen(security.auth, o.host ?? '127.0.0.1');
  const authenticator = await createAuthenticator(security);
  const ops = new Ops({
    logLevel: logLevelFrom(process.env.PAYGRAPH_LOG_LEVEL, process.env.VITEST ? 'silent' : 'info'),
    processMetrics: true,
    metricsAccess: metricsAccess(security.auth, security.metricsToken),
  });
  const tracing = await tracingFromEnv(process.env);
  const restOptions: RestClientOptions = {
    baseUrl: o.restUrl,
    userId: o.userId,
    authKey: o.authKey,
    // The client's own bound (and its pool's connections) is the fair REST queue's, so its FIFO line stays empty.
    maxInFlight: security.limits.restConcurrency,
    ...withRestTracing(ops.restHooks, tracing),
  };
  const rest = createRestClient(restOptions);
  const redis = o.redisUrl ? await connectRedis(o.redisUrl, ops) : undefined;
  const idempotency = redis
    ? createRedisIdempotencyStore({
        redis,
        requestTimeoutMs: security.limits.requestTimeoutMs,
        sendGraceMs: security.limits.sendGraceMs,
        onLoss: (lostAt) => ops.idempotencyStoreLost(lostAt),
      })
    : undefined;
  // One token bucket per caller for every instance sharing the Redis server.
  const { rateLimitBurst: burst, rateLimitPerSecond: perSecond } = security.limits;
  const rateLimit = redis && perSecond > 0 ? createRedisRateLimit({ redis, burst, perSecond }) : undefined;
  // Instances calling the same REST API as the same application user share their live watches.
  const live = redis
    ? {
        coordinator: createRedisCoordinator({ redis }),
        upstreamId: createHash('sha256')
          .update(JSON.stringify([o.restUrl, o.userId]))
          .digest('hex'),
      }
    : undefined;
  const stores = createSharedStores({
    cache: o.cache ?? cacheConfigFromEnv(),
    persisted: o.persistedOperations ?? persistedOperationsConfigFromEnv(),
    limits: security.limits,
    redis,
  });
  const app = createApp({
    rest,
    naive: o.naive,
    authenticator,
    security,
    graphiql: security.graphiql,
    bulkLimit: o.bulkLimit,
    idempotency,
    rateLimit,
    liveTick: o.liveTick ?? liveTickFromEnv(process.env),
    live,
    ops,
    responseCache: stores.responseCache,
    persistedOperations: stores.persistedOperations,
    tracing,
  });
  const server = createServer(httpServerOptions(security.network), (req, res) => void app(req, res));
  // Past it new connections are closed on arrival: slow or idle clients cannot take every descriptor.
  server.maxConnections = security.network.maxConnections;
  const host = o.host ?? '127.0.0.1';
  let address: AddressInfo;
  try {
    address = await listen(server, o.port ?? 4000, host);
  } catch (error) {
    await rest.close();
    await idempotency?.close();
    await live?.coordinator.close();
    await redis?.close();
    throw error;
  }
  const webSocket = serveWebSocket(server, app, authenticator, {
    path: GRAPHQL_PATH,
    limits: security.limits,
    network: security.network,
  });
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}${GRAPHQL_PATH}`,
    // Draining: /readyz says 503, live streams end, requests in flight finish (at most 10 s).
    close: async () => {
      ops.beginDrain();
      await webSocket.close();
      await drainServer(server);
      await rest.close();
      await idempotency?.close();
      await rateLimit?.close?.();
      await live?.coordinator.close();
      await redis?.close();
      await tracing?.shutdown();
    },
  };
}

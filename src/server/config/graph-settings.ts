// Settings of the graph (`serve`, and `start` for the graph it runs): limits, browsers, operations
// (who may call: auth-settings.ts). Adding a setting is adding one entry here (or in cli-settings.ts) and reading it where
// it is used; the README's table follows from `npm run generate:config-table`.
import { DEFAULT_MAX_EXPORT_ROWS, DEFAULT_MAX_IN_FLIGHT } from '../../rest';
import { LOG_LEVELS } from '../ops/logger';
import { graphLimit, GRAPH_COMMANDS, setting } from './setting';
import { list, oneOf, onOff, origins, url, wholeNumber, words, type ValueSchema } from './values';

/** Outside `open` mode; `open` serves one trusted caller on loopback, without a rate limit unless set. */
export const DEFAULT_RATE_LIMIT_PER_SECOND = 100;
/** Outside `open` mode, like the rate limit: in `open` every request is the one trusted caller. */
export const DEFAULT_MAX_OPERATIONS_PER_CALLER = 8;

/** `Type=ms` pairs, comma or blank separated: `Transaction=2000 Customer=0`. */
function ttlPairs(): ValueSchema<Record<string, number>> {
  return list().transform((items, ctx) => {
    const out: Record<string, number> = {};
    for (const pair of items) {
      const match = /^([_A-Za-z][_0-9A-Za-z]*)=(\d+)$/.exec(pair);
      if (!match) {
        ctx.addIssue({
          code: 'custom',
          message: `has "${pair.slice(0, 80)}", which is not Type=milliseconds (e.g. Transaction=2000)`,
        });
        return out;
      }
      out[match[1]] = Number(match[2]);
    }
    return out;
  });
}

export const GRAPH_SETTINGS = {
  corsOrigins: setting({
    env: 'PAYGRAPH_CORS_ORIGINS',
    commands: GRAPH_COMMANDS,
    default: 'none',
    meaning: 'origins allowed from browsers, comma or space separated; `*` refused',
    value: origins(),
  }),
  maxDocumentBytes: graphLimit(
    'PAYGRAPH_MAX_DOCUMENT_BYTES',
    100 * 1024,
    'GraphQL document size, checked before parsing (bodies may add 1 MiB of variables)',
    100,
  ),
  maxTokens: graphLimit('PAYGRAPH_MAX_TOKENS', 5_000, 'tokens of a document', 10),
  maxDepth: graphLimit('PAYGRAPH_MAX_DEPTH', 12, 'field nesting', 1),
  maxInputDepth: graphLimit(
    'PAYGRAPH_MAX_INPUT_DEPTH',
    32,
    'nesting of objects and lists in variables and argument values, checked before validation (BAD_USER_INPUT)',
    1,
  ),
  maxAliases: graphLimit('PAYGRAPH_MAX_ALIASES', 30, 'aliases in a document'),
  maxDirectives: graphLimit('PAYGRAPH_MAX_DIRECTIVES', 50, 'directives in a document'),
  maxErrors: graphLimit('PAYGRAPH_MAX_ERRORS', 50, 'distinct errors in one response', 1),
  requestTimeoutMs: graphLimit(
    'PAYGRAPH_REQUEST_TIMEOUT_MS',
    15_000,
    'whole-request deadline; REST calls still running are aborted',
    1,
  ),
  sendGraceMs: graphLimit(
    'PAYGRAPH_SEND_GRACE_MS',
    10_000,
    'how long a REST write paygraph gave up on may still land; a key in doubt is sent again only after it',
  ),
  parseCacheBytes: graphLimit(
    'PAYGRAPH_PARSE_CACHE_BYTES',
    32 * 1024 * 1024,
    'parse and validation cache (estimated bytes)',
  ),
  batching: graphLimit(
    'PAYGRAPH_BATCHING',
    0,
    'operations one JSON-array request may hold (0: batching off)',
  ),
  maxCost: graphLimit(
    'PAYGRAPH_MAX_COST',
    500,
    'REST calls one operation may make; calls past it are refused unsent (COST_LIMIT_EXCEEDED)',
    1,
  ),
  maxExportRows: graphLimit(
    'PAYGRAPH_MAX_EXPORT_ROWS',
    DEFAULT_MAX_EXPORT_ROWS,
    'rows one CSV export (`transactionExport`) may ask for; more is refused (BAD_USER_INPUT); its cost counts a call per 100 rows',
    1,
  ),
  rateLimitPerSecond: setting({
    env: 'PAYGRAPH_RATE_LIMIT_PER_SECOND',
    commands: GRAPH_COMMANDS,
    default: `${DEFAULT_RATE_LIMIT_PER_SECOND} (0, off, in \`open\` mode)`,
    meaning:
      'per-caller token bucket of REST calls, refilled per second; empty = RATE_LIMITED, HTTP 429, `retryAfterSeconds`',
    value: wholeNumber({}),
  }),
  rateLimitBurst: graphLimit('PAYGRAPH_RATE_LIMIT_BURST', 1_000, 'size of the per-caller token bucket', 1),
  // A bound on calls in flight protects an upstream that slows down (calls wait here, fairly, instead
  // of piling up connections on it); the REST API limits the request rate (429), not concurrency. At
  // 100 (Hive Router's connections per host too) it never splits one round an operation needs for a
  // full page (one call per row of 100 rows); at 16 a 20-row page with two child lists took 3 waves.
  restConcurrency: graphLimit(
    'PAYGRAPH_REST_CONCURRENCY',
    DEFAULT_MAX_IN_FLIGHT,
    'REST calls in flight, a free slot going to the caller with the fewest running (a flood waits behind itself); 100: a full page of per-row calls in one round',
    1,
  ),
  maxOperationsPerCaller: setting({
    env: 'PAYGRAPH_MAX_OPERATIONS_PER_CALLER',
    commands: GRAPH_COMMANDS,
    default: `${DEFAULT_MAX_OPERATIONS_PER_CALLER} (0, off, in \`open\` mode)`,
    meaning:
      'operations of one caller running at once; its further requests wait in its own queue (0: no limit)',
    value: wholeNumber({}),
  }),
  operationQueuePerCaller: graphLimit(
    'PAYGRAPH_OPERATION_QUEUE_PER_CALLER',
    64,
    'requests of one caller waiting for a slot; more are refused before their body is read (RATE_LIMITED, HTTP 429)',
  ),
  busyPercent: graphLimit(
    'PAYGRAPH_BUSY_PERCENT',
    30,
    "how busy paygraph's event loop may be (%) before heavy operations wait, lighter ones going first (100: never)",
    1,
  ),
  heavyCost: graphLimit(
    'PAYGRAPH_HEAVY_COST',
    10,
    'an operation estimated at this many REST calls or more is heavy',
    1,
  ),
  heavyCallerPercent: graphLimit(
    'PAYGRAPH_HEAVY_CALLER_PERCENT',
    50,
    'a caller is heavy while less than this share (%) of its rate-limit burst is left',
  ),
  busyWaitMs: graphLimit(
    'PAYGRAPH_BUSY_WAIT_MS',
    5_000,
    'longest a heavy operation waits while paygraph is busy; then RATE_LIMITED (HTTP 429)',
    1,
  ),
  introspection: setting({
    env: 'PAYGRAPH_INTROSPECTION',
    commands: GRAPH_COMMANDS,
    default: 'on; off with `NODE_ENV=production`',
    meaning: "schema introspection, Federation's `_service { sdl }` included (on/off)",
    value: onOff(),
  }),
  graphiql: setting({
    env: 'PAYGRAPH_GRAPHIQL',
    commands: GRAPH_COMMANDS,
    default: 'on; off with `NODE_ENV=production`',
    meaning: 'GraphiQL on GET /graphql (on/off)',
    value: onOff(),
  }),
  metricsToken: setting({
    env: 'PAYGRAPH_METRICS_TOKEN',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning:
      '/metrics needs `Authorization: Bearer <token>` (16 characters or more); without one /metrics is off (404) unless the auth mode is `open`',
    value: words(),
  }),
  metricsTokenFile: setting({
    env: 'PAYGRAPH_METRICS_TOKEN_FILE',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning: 'the /metrics token from a file (trimmed); preferred to the variable',
    value: words(),
  }),
  nodeEnv: setting({
    env: 'NODE_ENV',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning: '`production`: introspection and GraphiQL off, REST failures and unexpected errors masked',
    value: words(),
  }),
  bulkLimit: setting({
    env: 'PAYGRAPH_BULK_LIMIT',
    flag: 'bulk-limit',
    commands: GRAPH_COMMANDS,
    default: '100',
    meaning:
      "items per REST bulk call of bulk mutations; at most the REST API's own limit (`start` gives it to its sandbox too)",
    value: wholeNumber({ min: 1, max: 100_000 }),
  }),
  redisUrl: setting({
    env: 'REDIS_URL',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning:
      'a Redis server shared by several instances: the response cache, persisted queries, idempotency keys, rate limits and live watches live there (else in process)',
    value: url(['redis:', 'rediss:']),
  }),
  liveTickMs: setting({
    env: 'PAYGRAPH_LIVE_TICK_MS',
    commands: GRAPH_COMMANDS,
    default: '1000',
    meaning: 'live updates: how often a watch searches while there are subscribers and changes (ms)',
    value: wholeNumber({ min: 10 }),
  }),
  liveSlowTickMs: setting({
    env: 'PAYGRAPH_LIVE_SLOW_TICK_MS',
    commands: GRAPH_COMMANDS,
    default: '8000',
    meaning: 'live updates: the slowest tick, reached while nothing changes (ms)',
    value: wholeNumber({ min: 10 }),
  }),
  otel: setting({
    env: 'PAYGRAPH_OTEL',
    commands: GRAPH_COMMANDS,
    default: 'off (on when `OTEL_EXPORTER_OTLP_ENDPOINT` is set)',
    meaning:
      'OpenTelemetry tracing: a span per GraphQL operation and per REST call, names and numbers only (on/off)',
    value: onOff(),
  }),
  otelEndpoint: setting({
    env: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    commands: GRAPH_COMMANDS,
    default: '`http://localhost:4318`',
    meaning: 'the OTLP/HTTP collector spans are sent to (at `/v1/traces`); setting it turns tracing on',
    value: url(['http:', 'https:']),
  }),
  otelServiceName: setting({
    env: 'OTEL_SERVICE_NAME',
    commands: GRAPH_COMMANDS,
    default: '`paygraph`',
    meaning: 'the `service.name` of the spans',
    value: words('paygraph'),
  }),
  logLevel: setting({
    env: 'PAYGRAPH_LOG_LEVEL',
    commands: GRAPH_COMMANDS,
    default: '`info` (`silent` in tests and in-process apps)',
    meaning: `${LOG_LEVELS.map((l) => `\`${l}\``).join(' ')}: JSON log lines on stderr`,
    value: oneOf(LOG_LEVELS),
  }),
  cache: setting({
    env: 'PAYGRAPH_CACHE',
    commands: GRAPH_COMMANDS,
    default: 'on',
    meaning:
      'response cache (on/off), per caller; in Redis with `REDIS_URL`; see Caching and persisted operations',
    value: onOff(true),
  }),
  cacheTtlMs: graphLimit(
    'PAYGRAPH_CACHE_TTL_MS',
    10_000,
    'how long answers are cached (ms) unless a type says otherwise; 0: not cached',
  ),
  cacheReferenceTtlMs: graphLimit(
    'PAYGRAPH_CACHE_REFERENCE_TTL_MS',
    3_600_000,
    'TTL (ms) of reference data: read-only catalogs such as countries, currencies, languages, payment methods',
  ),
  cacheMovingTtlMs: graphLimit(
    'PAYGRAPH_CACHE_MOVING_TTL_MS',
    0,
    'TTL (ms) of objects with a life cycle (transactions, refunds, tokens, subscriptions...); 0: not cached',
  ),
  cacheTtlPerType: setting({
    env: 'PAYGRAPH_CACHE_TTL_PER_TYPE',
    commands: GRAPH_COMMANDS,
    default: '—',
    meaning: 'TTL overrides per GraphQL type, `Type=ms` comma separated (`Transaction=2000,Customer=0`)',
    value: ttlPairs(),
  }),
  cacheMaxEntries: graphLimit(
    'PAYGRAPH_CACHE_MAX_ENTRIES',
    1_000,
    'answers the in-process cache holds (least recently used go first)',
    1,
  ),
};

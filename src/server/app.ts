// The paygraph HTTP app: graphql-yoga over the schema, GraphiQL at /graphql with example operations,
// one GraphContext per operation (use-graph-context), expected errors typed and the rest masked
// (use-error-masking). Tests call `app.fetch(...)` in process.
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { useCompression } from './http/compression';
import type { DocumentNode } from 'graphql';
import { liveHubOf, type TickOptions, type WatchCoordinator } from '../live';
import type { IdempotencyStore } from '../resolvers';
import { createYoga } from 'graphql-yoga';
import type { RestCaller } from '../rest/types';
import { schema } from '../schema';
import { graphiqlOptions } from './graphiql-examples';
import { renderPaygraphGraphiQL } from './graphiql-page';
import { createErrorMasking } from './execution/use-error-masking';
import { useGraphQLResponseType } from './http/use-graphql-response-type';
import { useGraphContext } from './context/use-graph-context';
import { openAuthenticator, type Authenticator } from './auth/authenticator';
import { defaultSecurityConfig, type SecurityConfig } from './config/security-config';
import { useAuthentication } from './auth/use-authentication';
import { ByteBoundedCache } from './cache/parse-cache';
import { corsFor, useBrowserRules } from './http/use-browser-rules';
import { useErrorCap } from './limits/use-error-cap';
import { useQueryLimits } from './limits/use-query-limits';
import { useNoSuggestions } from './limits/use-no-suggestions';
import { RateLimiter, type RateLimit } from './admission/rate-limit';
import { FairScheduler } from './context/fair-scheduler';
import { OperationAdmission } from './admission/caller-concurrency';
import { useOperationAdmission } from './admission/use-concurrency-admission';
import { useRateLimitGate } from './admission/use-rate-limit-admission';
import { BusyGate } from './admission/busy-admission';
import { recordGates } from './admission/app-admission';
import { useBusyDoor, type BusyGateSetup } from './admission/use-busy-admission';
import { Ops } from './ops';
import type { Tracing } from './ops/tracing';
import { useAppResponseCache, type ResponseCacheSetup } from './cache/use-response-cache';
import { usePersistedOperationsFor, type PersistedOperationsSetup } from './persisted/use-persisted-operations';

export const GRAPHQL_PATH = '/graphql';

export interface AppOptions {
  rest: RestCaller;
  /** Naive resolvers: one REST retrieval per link, no expand, no batching (benchmark baseline). */
  naive?: boolean;
  /** Serve GraphiQL on GET /graphql from browsers (default: the security configuration's, on unless production). */
  graphiql?: boolean;
  /** Who may call (default: open, everyone is the OPEN_CALLER). */
  authenticator?: Authenticator;
  /** Limits, browser rules, masking (default: securityConfigFromEnv of an empty environment). */
  security?: SecurityConfig;
  /** Items per REST bulk call of bulk mutations (default 100; the REST API's bulk limit must allow it). */
  bulkLimit?: number;
  /** Where mutations' idempotency keys live (default: in this process; Redis to share them between instances). */
  idempotency?: IdempotencyStore;
  /** Live updates: how often watchers search while things change, and at most while nothing does. */
  liveTick?: Partial<TickOptions>;
  /** Live watches shared by several instances (default: this process alone), and the upstream credentials' id (a hash) naming them. */
  live?: { coordinator: WatchCoordinator; upstreamId: string };
  /** Per-caller rate limit of queries and mutations (default: in process per the security limits; Redis to share it between instances). */
  rateLimit?: RateLimit;
  /** Metrics, logs, request ids, health (default: a registry of its own, logs per PAYGRAPH_LOG_LEVEL, else silent). */
  ops?: Ops;
  /** Response cache (default: none; `serve` makes one from PAYGRAPH_CACHE*, in process or in Redis). */
  responseCache?: ResponseCacheSetup;
  /** Persisted operations (default: off; `serve` makes them from PAYGRAPH_PERSISTED_OPERATIONS*). */
  persistedOperations?: PersistedOperationsSetup;
  /** OpenTelemetry spans of operations (default: none; `serve` makes it from PAYGRAPH_OTEL / OTEL_EXPORTER_OTLP_ENDPOINT). */
  tracing?: Tracing;
}

function rateLimiterFor(limits: SecurityConfig['limits']): RateLimiter | undefined {
  if (limits.rateLimitPerSecond === 0) return undefined;
  return new RateLimiter({ burst: limits.rateLimitBurst, perSecond: limits.rateLimitPerSecond });
}

function admissionFor(limits: SecurityConfig['limits']): OperationAdmission | undefined {
  if (limits.maxOperationsPerCaller === 0) return undefined;
  return new OperationAdmission({ perCaller: limits.maxOperationsPerCaller, queuePerCaller: limits.operationQueuePerCaller });
}

function busyGateFor(limits: SecurityConfig['limits'], admission: OperationAdmission | undefined, ops: Ops): BusyGateSetup | undefined {
  if (limits.busyPercent >= 100) return undefined;
  const gate = new BusyGate(
    {
      busyAbove: limits.busyPercent / 100,
      heavyCost: limits.heavyCost,
      heavyBelow: limits.heavyCallerPercent / 100,
      // Half its allowance of operations at once: more is a flood, however light each one is.
      heavyRunning: admission ? Math.max(1, Math.floor(admission.config.perCaller / 2)) : Number.POSITIVE_INFINITY,
      maxWaitMs: limits.busyWaitMs,
    },
    { waited: ops.metrics.observeBusyWait, waiting: (count) => ops.metrics.busyWaiting.set(count) },
  );
  return { gate, burst: limits.rateLimitBurst, running: admission ? (caller) => admission.load(caller).running : undefined };
}

export function createApp(o: AppOptions) {
  const security = o.security ?? defaultSecurityConfig();
  // One rate limit for queries, mutations and live updates (in process, or shared through Redis).
  const rateLimit = o.rateLimit ?? rateLimiterFor(security.limits);
  // The watchers of live updates share this app's REST caller (one hub per upstream); their REST
  // calls are charged to the subscribers' rate limits.
  const hub = liveHubOf(o.rest, { ...o.liveTick, ...o.live, charger: rateLimit });
  const ops = o.ops ?? new Ops();
  const admission = admissionFor(security.limits);
  const busy = busyGateFor(security.limits, admission, ops);
  const responseCache = o.responseCache
    ? useAppResponseCache(o.responseCache, schema, (outcome) => ops.metrics.observeCacheLookup(outcome))
    : undefined;
  const app = createYoga({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: (o.graphiql ?? security.graphiql) ? graphiqlOptions : false,
    // GraphiQL's scripts and styles are inlined into the page: it opens with no network beyond loopback.
    renderGraphiQL: renderPaygraphGraphiQL,
    landingPage: false,
    maskedErrors: createErrorMasking({ production: security.production }),
    logging: false,
    cors: corsFor(security.corsOrigins),
    batching: security.batching > 0 ? { limit: security.batching } : false,
    parserAndValidationCache: {
      documentCache: new ByteBoundedCache<DocumentNode>(security.limits.parseCacheBytes),
      errorCache: new ByteBoundedCache<unknown>(Math.ceil(security.limits.parseCacheBytes / 4)),
    },
    plugins: [
      ...ops.plugins(o.rest),
      // First, so that its onResponse sees every refusal before compression encodes the body.
      useGraphQLResponseType(GRAPHQL_PATH),
      ...(o.tracing ? [o.tracing.plugin] : []),
      useQueryLimits(security.limits, { introspection: security.introspection }),
      // Without introspection, "Did you mean ...?" hints would tell the schema anyway.
      ...(security.introspection ? [] : [useNoSuggestions()]),
      ...(o.persistedOperations ? usePersistedOperationsFor(o.persistedOperations, schema) : []),
      ...useBrowserRules(security.corsOrigins),
      useAuthentication(o.authenticator ?? openAuthenticator, { clientAddressHeader: security.network.clientAddressHeader }),
      useErrorCap(security.limits.maxErrors),
      // Before the body is read, the doors in their order: the rate limit (an empty bucket is refused;
      // refused documents cost tokens), then the caller's own admission, then the busy gate's door.
      useRateLimitGate(rateLimit),
      useGraphContext({
        rest: o.rest,
        naive: o.naive,
        requestTimeoutMs: security.limits.requestTimeoutMs,
        bulkLimit: o.bulkLimit,
        idempotency: o.idempotency,
        maxCost: security.limits.maxCost,
        maxExportRows: security.limits.maxExportRows,
        limiter: rateLimit,
        busy,
        scheduler: new FairScheduler(security.limits.restConcurrency),
        onBatch: ops.metrics.observeBatch,
        // A mutation drops the cached answers of what it changed and wakes its live watches, on every instance, at once.
        onWrite: (written) => {
          responseCache?.written(written);
          hub.written(written);
        },
      }),
      useOperationAdmission(admission),
      // Then, while paygraph is busy, a caller that spent most of its burst or runs many operations waits, unparsed.
      useBusyDoor(busy),
      // After the graph context: a hit is served only past authentication and the rate limit, and its cost is remade (actual 0).
      ...(responseCache?.plugins ?? []),
      useCompression(),
      // @defer and @stream: slow extras (documents, receipts) and long lists may arrive after the rest.
      useDeferStream(),
    ],
  });
  // The WebSocket transport runs operations outside the HTTP doors: it passes the same gates itself.
  recordGates(app, { admission, rateLimit });
  return app;
}

export type App = ReturnType<typeof createApp>;

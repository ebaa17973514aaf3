// The paygraph HTTP app: graphql-yoga over the schema, GraphiQL at /graphql with example operations,
// and the plugins in the order a request meets them (README.md, "A request, step by step", names
// each; test/server/request-path.test.ts keeps the two in agreement). Tests call `app.fetch(...)`.
import type { DocumentNode } from 'graphql';
import { liveHubOf, type TickOptions, type WatchCoordinator } from '../live';
import type { IdempotencyStore } from '../resolvers';
import { restLimitsWith } from '../rest';
import type { RestCaller } from '../rest/types';
import { schema } from '../schema';
import { recordAdmission } from './admission/app-admission';
import { BusyAdmission } from './admission/busy-admission';
import { CallerConcurrency } from './admission/caller-concurrency';
import { RateLimiter, type RateLimit } from './admission/rate-limit';
import {
  useBusyAdmission,
  useBusyAdmissionByCost,
  type BusyAdmissionSetup,
} from './admission/use-busy-admission';
import { useConcurrencyAdmission } from './admission/use-concurrency-admission';
import { useRateLimitAdmission } from './admission/use-rate-limit-admission';
import { openAuthenticator, type Authenticator } from './auth/authenticator';
import { useAuthentication } from './auth/use-authentication';
import { ByteBoundedCache } from './cache/parse-cache';
import { useAppResponseCache, useCachedAnswers, type ResponseCacheSetup } from './cache/use-response-cache';
import { defaultSecurityConfig, type SecurityConfig } from './config/security-config';
import { FairScheduler } from './context/fair-scheduler';
import { useGraphContext } from './context/use-graph-context';
import { useCost } from './cost/use-cost';
import { useCompiledExecution } from './execution/use-compiled-execution';
import { createErrorMasking } from './execution/use-error-masking';
import { useDeferStreamValidated } from './execution/use-defer-stream-validated';
import { graphiqlOptions } from './graphiql-examples';
import { renderPaygraphGraphiQL } from './graphiql-page';
import { useCompression } from './http/compression';
import { corsFor, useBrowserRules } from './http/use-browser-rules';
import { useGraphQLResponseType } from './http/use-graphql-response-type';
import { createYogaAdapter } from './http/yoga-adapter';
import { useErrorCap } from './limits/use-error-cap';
import { useNoSuggestions } from './limits/use-no-suggestions';
import { maxBodyBytes, useQueryLimits } from './limits/use-query-limits';
import { useRequestBodyLimit } from './limits/body-limit';
import { Ops, useOps } from './ops';
import { useTracing, type Tracing } from './ops/use-tracing';
import {
  usePersistedOperationsFor,
  type PersistedOperationsSetup,
} from './persisted/use-persisted-operations';

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

function concurrencyFor(limits: SecurityConfig['limits']): CallerConcurrency | undefined {
  if (limits.maxOperationsPerCaller === 0) return undefined;
  return new CallerConcurrency({
    perCaller: limits.maxOperationsPerCaller,
    queuePerCaller: limits.operationQueuePerCaller,
  });
}

function busyAdmissionFor(
  limits: SecurityConfig['limits'],
  concurrency: CallerConcurrency | undefined,
  ops: Ops,
): BusyAdmissionSetup | undefined {
  if (limits.busyPercent >= 100) return undefined;
  const admission = new BusyAdmission(
    {
      busyAbove: limits.busyPercent / 100,
      heavyCost: limits.heavyCost,
      heavyBelow: limits.heavyCallerPercent / 100,
      // Half its allowance of operations at once: more is a flood, however light each one is.
      heavyRunning: concurrency
        ? Math.max(1, Math.floor(concurrency.config.perCaller / 2))
        : Number.POSITIVE_INFINITY,
      maxWaitMs: limits.busyWaitMs,
    },
    { waited: ops.metrics.observeBusyWait, waiting: (count) => ops.metrics.busyWaiting.set(count) },
  );
  return {
    admission,
    burst: limits.rateLimitBurst,
    running: concurrency ? (caller) => concurrency.load(caller).running : undefined,
    budget: limits.maxCost,
  };
}

export function createApp(o: AppOptions) {
  const security = o.security ?? defaultSecurityConfig();
  // What one REST call may carry, built once: the cost estimate, the export cap and bulk mutations read it.
  const restLimits = restLimitsWith({
    bulkLimit: o.bulkLimit,
    maxExportRows: security.limits.maxExportRows,
  });
  // One rate limit for queries, mutations and live updates (in process, or shared through Redis).
  const rateLimit = o.rateLimit ?? rateLimiterFor(security.limits);
  // The watchers of live updates share this app's REST caller (one hub per upstream); their REST
  // calls are charged to the subscribers' rate limits.
  const hub = liveHubOf(o.rest, { ...o.liveTick, ...o.live, charger: rateLimit });
  const ops = o.ops ?? new Ops();
  const concurrency = concurrencyFor(security.limits);
  const busy = busyAdmissionFor(security.limits, concurrency, ops);
  const responseCache = o.responseCache
    ? useAppResponseCache(o.responseCache, schema, (outcome) => ops.metrics.observeCacheLookup(outcome))
    : undefined;
  const app = createYogaAdapter({
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
    // Replaced by useRequestBodyLimit (step 5), which leaves bodies of a known length unpiped.
    maxRequestBodySize: false,
    parserAndValidationCache: {
      documentCache: new ByteBoundedCache<DocumentNode>(security.limits.parseCacheBytes),
      errorCache: new ByteBoundedCache<unknown>(Math.ceil(security.limits.parseCacheBytes / 4)),
      // Kept per document by useDeferStreamValidated (step 12), without a key of every rule's name per request.
      validationCache: false,
    },
    // The request path, in order (src/server/README.md, "A request, step by step"). Each hook runs
    // in this order too: a refusal by an earlier step leaves the later ones nothing to do.
    plugins: [
      // 1. Engine: queries and mutations compiled once per document; graphql-js for subscriptions and @defer/@stream.
      useCompiledExecution(),
      // 2. Observation: request ids, health, metrics, logs, the operation's span.
      ...useOps(ops, o.rest),
      useTracing(o.tracing),
      // 3. HTTP: refusals labelled as GraphQL responses (its onResponse sees every refusal before
      // compression encodes it), JSON-only POSTs and the CSRF rule.
      useGraphQLResponseType(GRAPHQL_PATH),
      ...useBrowserRules(security.corsOrigins),
      // 4. Authentication: the caller before the body is read; the document's access rules before execution.
      useAuthentication(o.authenticator ?? openAuthenticator, {
        clientAddressHeader: security.network.clientAddressHeader,
      }),
      // 5. Limits: body and document size, tokens, depth, aliases; no schema hints without introspection; errors capped.
      useQueryLimits(security.limits, { introspection: security.introspection }),
      // Wraps the request parser yoga chose (none of these plugins chooses one).
      useRequestBodyLimit(maxBodyBytes(security.limits)),
      ...(security.introspection ? [] : [useNoSuggestions()]),
      useErrorCap(security.limits.maxErrors),
      // 6. Persisted operations: the document named by its hash (APQ or an allow-list).
      ...(o.persistedOperations ? usePersistedOperationsFor(o.persistedOperations, schema) : []),
      // 7. Admission: before the body is read, the rate limit (refused documents cost tokens), the
      // caller's concurrency, then, while paygraph is busy, callers that spent most of their burst.
      useRateLimitAdmission(rateLimit),
      useConcurrencyAdmission(concurrency),
      useBusyAdmission(busy),
      // 8. Cost: the estimate, refused over PAYGRAPH_MAX_COST.
      useCost({ maxCost: security.limits.maxCost, restLimits }),
      // 9. Admission by cost: while paygraph is busy, heavy operations wait.
      useBusyAdmissionByCost(busy),
      // 10. Context: the resolvers' GraphContext and the request's REST caller.
      useGraphContext({
        rest: o.rest,
        naive: o.naive,
        requestTimeoutMs: security.limits.requestTimeoutMs,
        sendGraceMs: security.limits.sendGraceMs,
        restLimits,
        idempotency: o.idempotency,
        maxCost: security.limits.maxCost,
        limiter: rateLimit,
        scheduler: new FairScheduler(security.limits.restConcurrency),
        onBatch: ops.metrics.observeBatch,
        // A mutation drops the cached answers of what it changed and wakes its live watches, on every instance, at once.
        onWrite: (written) => {
          responseCache?.written(written);
          hub.written(written);
        },
      }),
      // 11. Cache: after the context, so a hit is served only past authentication and admission, its cost remade (actual 0).
      ...useCachedAnswers(responseCache),
      // 12. Execution: compressed answers; @defer and @stream (slow extras and long lists may arrive after
      // the rest), validation kept per document.
      useCompression(),
      useDeferStreamValidated(),
    ],
  });
  // The WebSocket transport runs operations outside the HTTP hooks of admission: it is admitted the same way itself.
  recordAdmission(app, { concurrency, rateLimit });
  return app;
}

export type App = ReturnType<typeof createApp>;

// Builds the read path's GraphContext per operation and runs the operation with it. Yoga merges context
// objects by copying, but the resolvers keep per-request state keyed by the context object itself, so
// the one made by createGraphContext is handed to execution unchanged.
import { getOperationAST, OperationTypeNode, type ExecutionArgs, type GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import {
  createGraphContext,
  createMemoryIdempotencyStore,
  type GraphContextOptions,
  warningsOf,
  type BatchObserver,
  type IdempotencyStore,
  type WriteListener,
} from '../../resolvers';
import { DEFAULT_REST_LIMITS, type RestLimits } from '../../rest';
import type { RestCaller } from '../../rest/types';
import { ANONYMOUS_CALLER } from '../auth/authenticator';
import { callerOf, expiryOf, isSocketRequest, requesterNameOf } from '../auth/request-auth';
import { untilExpiry } from '../auth/until-expiry';
import { credentialsBucketOf } from './credentials-bucket';
import { capExportRows, extraExportTokens } from '../cost/export-rows';
import type { FairScheduler } from './fair-scheduler';
import type { RateLimit } from '../admission/rate-limit';
import { operationCostOf } from '../cost/operation-cost';
import { deadlineExceeded, RequestRest } from './request-rest';
import { OperationSignal } from './operation-signal';
import { guardRest } from '../access/space-guard';
import { OwnedAccounts } from '../access/owned-accounts';
import { liveRefusal } from '../access/live-access';
import { scopedRest, scopeOf } from '../ops/request-scope';

export interface GraphContextPluginOptions {
  rest: RestCaller;
  naive?: boolean;
  /** Whole-request deadline; REST calls still running when it passes are aborted. */
  requestTimeoutMs?: number;
  /** How long after its deadline a REST write may still be carried out (default 10 s). */
  sendGraceMs?: number;
  /** Items per bulk call, rows per export (default DEFAULT_REST_LIMITS). */
  restLimits?: RestLimits;
  /** Where mutations' idempotency keys live (default: one in-process store per app). */
  idempotency?: IdempotencyStore;
  /** REST calls one operation may make (default unbounded): calls past it are refused unsent. */
  maxCost?: number;
  limiter?: RateLimit;
  /** Admits the REST calls of all requests in turn by caller. */
  scheduler?: FairScheduler;
  /** Told of every DataLoader batch (metrics). */
  onBatch?: BatchObserver;
  /** Told of each mutation that reached REST (live watches of what it changed look at once). */
  onWrite?: WriteListener;
}

/** Runs an executor on `contextValue`; what it answers (typed `any` by envelop) is handed through as it is. */
function withContext(
  fn: (args: ExecutionArgs) => unknown,
  args: ExecutionArgs,
  contextValue: unknown,
): unknown {
  return fn({ ...args, contextValue });
}

interface Deadline {
  signal?: AbortSignal;
  at?: number;
  expired: () => boolean;
  /** The operation ended: its timer goes (the request's signal, gone with the request, still aborts it). */
  done: () => void;
}

/**
 * The request's signal joined with its deadline, so REST calls still running then are aborted, and
 * whether the deadline is what fired. One signal and one timer, cleared when the operation ends
 * (AbortSignal.timeout and AbortSignal.any cost several times more per operation, an AbortController
 * ten times more than an OperationSignal).
 */
function withDeadline(signal: AbortSignal | undefined, timeoutMs: number | undefined): Deadline {
  if (timeoutMs === undefined) return { signal, expired: () => false, done: () => {} };
  const joined = new OperationSignal();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    joined.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs).unref();
  const follow = () => joined.abort(signal!.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: joined,
    at: Date.now() + timeoutMs,
    expired: () => expired,
    done: () => clearTimeout(timer),
  };
}

const maxExportRowsOf = (options: GraphContextPluginOptions) =>
  (options.restLimits ?? DEFAULT_REST_LIMITS).maxExportRows;

/** What the GraphContext of an operation and of a subscription stream share. */
function commonContext(
  options: GraphContextPluginOptions,
  owned: OwnedAccounts,
  request: Request | undefined,
  rest: RestCaller,
  upstream: RestCaller,
): GraphContextOptions {
  const caller = callerOf(request);
  return {
    // An export past the row cap is refused before the space guard and the count: no call, no cost.
    rest: capExportRows(
      guardRest(rest, caller, caller === ANONYMOUS_CALLER, owned),
      maxExportRowsOf(options),
    ),
    naive: options.naive,
    caller,
    acceptLanguage: request?.headers.get('accept-language'),
    upstream,
    onBatch: options.onBatch,
  };
}

/**
 * Ids asked for that named nothing, charged to the request's rate limit. Made outside `onExecute` on
 * purpose: a closure made there holds onExecute's whole scope (the GraphContext among it), and kept in
 * the context's internals it tied the request's objects to one another so that V8's scavenges kept them
 * all alive past the request and promoted them (bench/profile/gc.ts: `{ __typename }` 8.4 KB of its 60
 * promoted per operation with such a closure, 0.3 without; the 20-row page 73.7 KB, 2.3).
 */
function missesChargedTo(counted: RequestRest): (count: number) => void {
  return (count) => counted.chargeMisses(count);
}

export function useGraphContext(options: GraphContextPluginOptions): Plugin {
  const idempotency = options.idempotency ?? createMemoryIdempotencyStore();
  // The accounts owning callers' spaces, looked up once a minute per set of spaces (account rules).
  const owned = new OwnedAccounts();
  return {
    // Live updates (SSE and WebSocket): one GraphContext for the whole stream, without the request
    // deadline (a subscription lives as long as its client); watches use the app's REST caller.
    async onSubscribe({ args, subscribeFn, setSubscribeFn, setResultAndStopExecution }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      const caller = callerOf(request);
      // Objects no space scopes are watched past the space guard: held to their account rule first.
      const { document, operationName, variableValues } = args as ExecutionArgs;
      const refusal =
        caller &&
        (await liveRefusal(
          { caller, rest: options.rest, owned },
          document,
          operationName,
          variableValues ?? {},
        ));
      if (refusal) {
        setResultAndStopExecution({ errors: [refusal] });
        return;
      }
      const common = commonContext(options, owned, request, options.rest, options.rest);
      common.signal = request?.signal;
      const graph = createGraphContext(common);
      setSubscribeFn((subscribeArgs) => withContext(subscribeFn, subscribeArgs, graph));
      // An SSE stream ends when the token it was opened with expires (an UNAUTHENTICATED error, then
      // complete); a WebSocket connection is closed then (4401), ending its streams with it.
      const expiresAt = expiryOf(request);
      if (expiresAt === undefined || isSocketRequest(request)) return;
      return {
        onSubscribeResult({ result, setResult }) {
          if (Symbol.asyncIterator in result) setResult(untilExpiry(result, expiresAt));
        },
      };
    },
    onExecute({ args, executeFn, setExecuteFn }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      const caller = callerOf(request);
      const { document, operationName } = args as ExecutionArgs;
      const mutation =
        getOperationAST(document, operationName ?? undefined)?.operation === OperationTypeNode.MUTATION;
      // The request's calls carry its id upstream and count for its log line.
      const upstream = scopedRest(options.rest, scopeOf(request));
      const counted = new RequestRest(upstream, {
        budget: options.maxCost ?? Number.POSITIVE_INFINITY,
        dedupe: !mutation && !options.naive,
        limiter: options.limiter,
        scheduler: options.scheduler,
        // Requests without credentials count by client address, their by-credentials calls by credentials too.
        callerName: requesterNameOf(request),
        bucketsOf: caller === ANONYMOUS_CALLER ? credentialsBucketOf : undefined,
        extraTokensOf: extraExportTokens(maxExportRowsOf(options)),
        before: operationCostOf(args.contextValue),
      });
      const deadline = withDeadline(request?.signal, options.requestTimeoutMs);
      // Set one by one, not spread into a new literal: this runs for every operation.
      const o = commonContext(options, owned, request, counted, upstream);
      o.signal = deadline.signal;
      o.deadlineAt = deadline.at;
      o.idempotencyKey = request?.headers.get('idempotency-key') ?? undefined;
      o.restLimits = options.restLimits;
      o.sendGraceMs = options.sendGraceMs;
      o.idempotency = idempotency;
      o.onMisses = missesChargedTo(counted);
      o.onWrite = options.onWrite;
      const graph = createGraphContext(o);
      setExecuteFn((execArgs) => withContext(executeFn, execArgs, graph));
      return {
        onExecuteDone({ result, setResult }) {
          if (Symbol.asyncIterator in result) return { onEnd: deadline.done };
          deadline.done();
          const warnings = warningsOf(graph);
          const given: readonly GraphQLError[] | undefined = result.errors;
          const errors = deadline.expired()
            ? [...(given ?? []), deadlineExceeded(options.requestTimeoutMs!)]
            : given;
          setResult({
            ...result,
            ...(errors ? { errors } : {}),
            extensions: {
              ...result.extensions,
              cost: counted.cost(),
              ...(warnings.length ? { warnings } : {}),
            },
          });
        },
      };
    },
  };
}

// The REST caller of one GraphQL request: identical reads are made once (a nested selection that
// asks for the same page under every parent costs one call), every call is counted against the
// operation's budget (PAYGRAPH_MAX_COST) and the caller's rate limit, and the count is reported
// in `extensions.cost`. Calls past the budget or the rate limit are refused without being sent;
// the others wait their caller's turn (fair-scheduler).
import { GraphQLError } from 'graphql';
import { operationsById } from '../../catalog';
import { untypedOptions } from '../../rest/call-layer';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../rest/types';
import type { RateLimit, Spent } from '../admission/rate-limit';
import type { OperationCost } from '../cost/operation-cost';
import { MAX_ESTIMATED_FIELDS } from '../cost/cost-estimate';
import type { FairScheduler } from './fair-scheduler';

export interface RequestRestOptions {
  /** REST calls one operation may make. */
  budget: number;
  /** Share identical reads (off for mutations, whose reads may follow their writes, and naive mode). */
  dedupe: boolean;
  limiter?: RateLimit;
  /** Admits the calls of all requests to the REST API in turn by caller. */
  scheduler?: FairScheduler;
  /** The bucket every call spends from (and the scheduler's name for the requester). */
  callerName: string;
  /** More buckets a call spends from as well (anonymous by-credentials calls: their credentials' own). */
  bucketsOf?: (operationId: string, options: CallOptions | undefined) => string | undefined;
  /** Tokens a call costs beyond its one (an export: a token per further page of rows), charged once it is let through. */
  extraTokensOf?: (operationId: string, options: CallOptions | undefined) => number;
  /** What admission and the cost step found before execution (the estimate, the tokens left). */
  before?: OperationCost;
}

export interface Cost {
  /** REST calls estimated from the document before execution (null without an operation). */
  estimated: number | null;
  actual: number;
  budget: number;
  remaining: number;
  /** Rate-limit tokens the caller has left, where rate limiting is on. */
  rateLimitRemaining?: number;
  /** Ids asked for that named nothing the caller may see, one token each (chargeMisses). */
  misses?: number;
}

const withBigints = (_k: string, v: unknown): unknown => (typeof v === 'bigint' ? `${v}n` : v);

/**
 * The dedupe key of a read: its operation and options but the signal. Written by JSON.stringify alone,
 * which is faster without a replacer and refuses a bigint: only then is the replacer used.
 */
function readKey(operationId: string, options: CallOptions | undefined): string {
  const { signal: _signal, ...rest } = options ?? {};
  let json: string;
  try {
    json = JSON.stringify(rest);
  } catch {
    json = JSON.stringify(rest, withBigints);
  }
  return `${operationId} ${json}`;
}

/** `extensions.cost` of an operation refused before its first REST call. */
export function costBeforeCalls(before: OperationCost, budget: number): Cost {
  const cost: Cost = { estimated: before.estimated, actual: 0, budget, remaining: budget };
  if (before.rateLimitRemaining !== undefined) cost.rateLimitRemaining = before.rateLimitRemaining;
  return cost;
}

/** RATE_LIMITED; `whole` refuses the whole request (HTTP 429), else only the field that called. */
export function rateLimited(retryAfterSeconds: number, whole = false): GraphQLError {
  const http = whole ? { http: { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } } } : {};
  return new GraphQLError(`rate limit reached: retry in ${retryAfterSeconds} s`, {
    extensions: { code: 'RATE_LIMITED', retryAfterSeconds, ...http },
  });
}

/** Refusal of an operation whose estimated REST calls exceed the budget, shaped like the schema's cost errors. */
export function overBudget(estimated: number, budget: number): GraphQLError {
  const about = Number.isFinite(estimated)
    ? `would make about ${estimated} REST calls`
    : `selects more fields through its fragments than can be estimated (${MAX_ESTIMATED_FIELDS})`;
  return new GraphQLError(
    `the operation ${about}; at most ${budget} are allowed (PAYGRAPH_MAX_COST): ask for smaller pages or fewer fields`,
    {
      extensions: {
        code: 'COST_LIMIT_EXCEEDED',
        kind: 'complexity',
        value: Number.isFinite(estimated) ? estimated : null,
        limit: budget,
      },
    },
  );
}

/** A REST call that waited for its turn until the request's deadline (or the client left). */
function notSent(): GraphQLError {
  return new GraphQLError(
    'the REST call was not sent: the request ended (deadline or cancellation) while it waited for its turn',
    {
      extensions: { code: 'TIMEOUT' },
    },
  );
}

/** Added to a result whose request outlived its deadline: the REST calls still running were aborted. */
export function deadlineExceeded(timeoutMs: number): GraphQLError {
  return new GraphQLError(
    `the request took longer than ${timeoutMs} ms (PAYGRAPH_REQUEST_TIMEOUT_MS); the REST calls still running were aborted`,
    { extensions: { code: 'TIMEOUT', timeoutMs } },
  );
}

export class RequestRest implements RestCaller {
  actual = 0;
  /** Estimated before execution from the document (cost-estimate). */
  readonly estimated: number | null;
  private readonly reads = new Map<string, Promise<unknown>>();
  /** Rate-limit tokens the caller had left at the last look. */
  private rateLimitRemaining?: number;
  private misses = 0;
  private unchargedMisses = 0;

  constructor(
    private readonly inner: RestCaller,
    private readonly o: RequestRestOptions,
  ) {
    this.estimated = o.before?.estimated ?? null;
    this.rateLimitRemaining = o.before?.rateLimitRemaining;
  }

  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    const read = this.o.dedupe && operationsById.get(operationId)?.method === 'GET';
    if (!read) return this.send(operationId, options);
    const key = readKey(operationId, untypedOptions(options));
    let promise = this.reads.get(key);
    if (!promise) {
      promise = this.send(operationId, options);
      this.reads.set(key, promise);
    }
    return promise as Promise<ResultOf<Op>>;
  }

  private send<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    if (this.actual >= this.o.budget) {
      return Promise.reject(
        new GraphQLError(
          `the operation needs more than ${this.o.budget} REST calls (PAYGRAPH_MAX_COST); ask for fewer rows or fields`,
          {
            extensions: { code: 'COST_LIMIT_EXCEEDED', budget: this.o.budget },
          },
        ),
      );
    }
    // Counted at once, so that calls started together cannot pass the budget while tokens are asked for.
    this.actual += 1;
    const limiter = this.o.limiter;
    if (!limiter) return this.admit(operationId, options);
    return this.spendFor(limiter, operationId, untypedOptions(options)).then((spent) => {
      if (!spent.granted) {
        this.actual -= 1;
        throw rateLimited(spent.retryAfterSeconds);
      }
      const extra = this.o.extraTokensOf?.(operationId, untypedOptions(options)) ?? 0;
      if (extra > 0) void limiter.spend(this.o.callerName, extra, true).catch(() => undefined);
      return this.admit(operationId, options);
    });
  }

  /** One token from the requester's bucket, then from the call's own bucket if it has one (both must grant). */
  private async spendFor(
    limiter: RateLimit,
    operationId: string,
    options: CallOptions | undefined,
  ): Promise<Spent> {
    const spent = await limiter.spend(this.o.callerName, 1);
    this.rateLimitRemaining = spent.remaining;
    const own = spent.granted ? this.o.bucketsOf?.(operationId, options) : undefined;
    return own === undefined ? spent : limiter.spend(own, 1);
  }

  private admit<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    const scheduler = this.o.scheduler;
    if (!scheduler) return this.inner.call(operationId, options);
    const signal = options?.signal;
    return scheduler
      .run(this.o.callerName, () => this.inner.call(operationId, options), signal)
      .catch((error: unknown) => {
        // Left the queue unsent (deadline or client gone): said so, not masked as an unexpected error.
        if (signal?.aborted && error === signal.reason) throw notSent();
        throw error;
      });
  }

  /**
   * Ids asked for that named nothing the caller may see cost one token each, as looking them up one
   * by one would: paygraph answers many in one REST search, but probing for objects stays as
   * rate-limited as fetching them. Charged into debt (the caller waits it off), never refused midway.
   */
  chargeMisses(count: number): void {
    if (this.o.limiter && this.unchargedMisses === 0) queueMicrotask(() => this.chargeUnchargedMisses());
    this.misses += count;
    this.unchargedMisses += count;
  }

  /** The misses noted in one turn (a `nodes` list, many `node` aliases) are charged in one spend. */
  private chargeUnchargedMisses(): void {
    const count = this.unchargedMisses;
    this.unchargedMisses = 0;
    void this.o.limiter!.spend(this.o.callerName, count, true).then(
      (spent) => void (this.rateLimitRemaining = spent.remaining),
      () => undefined,
    );
  }

  cost(): Cost {
    const cost: Cost = {
      estimated: this.estimated,
      actual: this.actual,
      budget: this.o.budget,
      remaining: Math.max(0, this.o.budget - this.actual),
    };
    if (this.rateLimitRemaining !== undefined) cost.rateLimitRemaining = this.rateLimitRemaining;
    if (this.misses > 0) cost.misses = this.misses;
    return cost;
  }
}

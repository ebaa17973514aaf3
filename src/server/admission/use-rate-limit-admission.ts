// Admission by rate limit: a caller whose bucket is empty is refused (RATE_LIMITED, HTTP 429), and an
// operation refused before execution costs its caller tokens: else a client could make paygraph read and
// parse large refused documents at full speed, at no cost but paygraph's own work.
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { RateLimit, Spent } from './rate-limit';
import { rateLimited } from '../context/request-rest';
import { operationCostOf } from '../cost/operation-cost';
import { requesterNameOf, requesterOf } from '../auth/request-auth';
import { refusalPause } from '../http/refusal-pause';
import { ObjectSlot } from '../../shared/object-slot';

/** Tokens (REST calls' worth) a refused operation costs its caller, plus one per KiB of its body. */
export const REFUSAL_COST = 50;

/** What refusing an operation of `bytes` costs its requester. */
export function refusalCost(bytes: number): number {
  return REFUSAL_COST + (Number.isFinite(bytes) ? Math.floor(bytes / 1024) : 0);
}

/**
 * Refused before execution for what the caller sent: errors and no data at all (an executed operation
 * has `data`), or `data: null` with the cost estimate's refusal alone (COST_LIMIT_EXCEEDED carrying
 * the estimate in `value`; one met at run time carries `budget`). A RATE_LIMITED refusal (an empty
 * bucket, paygraph busy) is not the caller's document: charging it would push a caller turned away
 * for paygraph's load further into debt.
 */
export function refused(result: unknown): boolean {
  const one = (r: unknown) => {
    if (typeof r !== 'object' || r === null) return false;
    const errors = (r as ExecutionResult).errors ?? [];
    const overEstimate =
      errors.length > 0 &&
      errors.every((e) => e.extensions?.code === 'COST_LIMIT_EXCEEDED' && 'value' in e.extensions);
    if ('data' in r && !((r as ExecutionResult).data === null && overEstimate)) return false;
    return errors.length > 0 && !errors.every((e) => e.extensions?.code === 'RATE_LIMITED');
  };
  return Array.isArray(result) ? result.some(one) : one(result);
}

export function tooManyRequests(
  retryAfterSeconds: number,
  message = rateLimited(retryAfterSeconds).message,
): Response {
  const body = { errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds } }] };
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(retryAfterSeconds) },
  });
}

/** The requester's bucket as admission found it on arrival (a caller's, or an anonymous client address's; when rate limiting is on). */
const buckets = new ObjectSlot<Request, Spent>('paygraph.rateLimitBucket');

export function bucketOnArrival(request: Request): Spent | undefined {
  return buckets.get(request);
}

/** A plugin listed after useAuthentication (which records who called) and before the other admission. */
export function useRateLimitAdmission(limit: RateLimit | undefined): Plugin {
  if (!limit) return {};
  return {
    /**
     * Right after authentication, before the body is read or parsed, after a short pause (a client
     * looping on refusals loops slowly); `retryAfterSeconds` says when to come back.
     */
    async onRequestParse({ request, endResponse }) {
      const name = requesterOf(request);
      if (name === undefined) return;
      const bucket = await limit.spend(name, 0);
      buckets.set(request, bucket);
      if (bucket.granted) return;
      await refusalPause();
      endResponse(tooManyRequests(bucket.retryAfterSeconds));
    },
    /** An operation without an HTTP request of its own (WebSocket) is refused the same way as it starts. */
    onExecute({ args, setResultAndStopExecution }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      const admit = (spent: Spent) => {
        operationCostOf(args.contextValue).rateLimitRemaining = spent.remaining;
        if (!spent.granted)
          setResultAndStopExecution({ errors: [rateLimited(spent.retryAfterSeconds, true)] });
      };
      // The look at the bucket on arrival, when this request had one (HTTP): no second round trip.
      const known = request && buckets.get(request);
      return known ? admit(known) : limit.spend(requesterNameOf(request), 0).then(admit);
    },
    /** Refused before execution (too large, too deep, invalid, over budget...): REFUSAL_COST, +1 per KiB. */
    onResultProcess({ request, result }) {
      const name = requesterOf(request);
      if (name === undefined || !refused(result)) return;
      return limit
        .spend(name, refusalCost(Number(request.headers.get('content-length') ?? 0)), true)
        .then(() => undefined);
    },
  };
}

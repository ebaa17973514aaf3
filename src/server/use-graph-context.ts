// Builds the read path's GraphContext per operation, carrying the request's AbortSignal, and runs
// the operation with it as the resolvers' context. Yoga merges context objects by copying, but the
// resolvers keep per-request state keyed by the context object itself, so the one made by
// createGraphContext is handed to execution unchanged.
// The context carries the authenticated caller (security/request-auth), REST calls limited to its
// spaces (security/space-guard), the `Idempotency-Key` header, and a signal that also fires at the
// request's deadline, so REST calls still running then are aborted.
import type { Plugin } from 'graphql-yoga';
import { createGraphContext, createMemoryIdempotencyStore, type IdempotencyStore } from '../resolvers';
import type { RestCaller } from '../rest/types';
import { ANONYMOUS_CALLER } from './security/auth';
import { callerOf } from './security/request-auth';
import { guardRest } from './security/space-guard';

export interface GraphContextPluginOptions {
  rest: RestCaller;
  naive?: boolean;
  /** Whole-request deadline; REST calls still running when it passes are aborted. */
  requestTimeoutMs?: number;
  /** Items per REST bulk call of bulk mutations (default 100). */
  bulkLimit?: number;
  /** Where mutations' idempotency keys live (default: one in-process store per app). */
  idempotency?: IdempotencyStore;
}

function deadlineSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  if (timeoutMs === undefined) return signal;
  const deadline = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

export function useGraphContext(options: GraphContextPluginOptions): Plugin {
  const idempotency = options.idempotency ?? createMemoryIdempotencyStore();
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      const caller = callerOf(request);
      const graph = createGraphContext({
        rest: guardRest(options.rest, caller, caller === ANONYMOUS_CALLER),
        naive: options.naive,
        signal: deadlineSignal(request?.signal, options.requestTimeoutMs),
        caller,
        idempotencyKey: request?.headers.get('idempotency-key') ?? undefined,
        bulkLimit: options.bulkLimit,
        idempotency,
      });
      setExecuteFn((execArgs) => executeFn({ ...execArgs, contextValue: graph }));
    },
  };
}

// One log line per GraphQL operation (name, type, outcome, duration, REST calls) with the request id:
// the caller's `x-request-id` when sane, else a new one; it is returned as a response header and sent
// upstream on each REST call of the request (which carries the request's scope: request-scope).
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { ObservedOperation } from './observe-operations';
import { openScope, REQUEST_ID_HEADER, scopeOf } from './request-scope';

export interface RequestLogging {
  plugin: Plugin;
  /** Logs one finished operation of `request`. */
  logOperation(record: ObservedOperation, request: Request | undefined): void;
}

export function useLogging(logger: Logger): RequestLogging {
  const plugin: Plugin = {
    onRequest({ request }) {
      openScope(request);
    },
    onResponse({ request, response }) {
      const scope = scopeOf(request);
      if (!scope) return;
      scope.ended = true;
      try {
        response.headers.set(REQUEST_ID_HEADER, scope.id);
      } catch {
        // Some responses have immutable headers; the id is still in the log line.
      }
    },
  };
  return {
    plugin,
    logOperation(record, request) {
      const scope = scopeOf(request);
      const line = {
        requestId: scope?.id,
        operation: record.name,
        type: record.type,
        outcome: record.outcome,
        durationMs: Math.round(record.durationMs * 10) / 10,
        restCalls: scope?.restCalls ?? 0,
        restFailures: scope?.restFailures ?? 0,
        ...(record.errorCodes.length ? { errorCodes: record.errorCodes } : {}),
      };
      if (record.outcome === 'success' || record.outcome === 'stream') logger.info(line, 'graphql operation');
      else logger.warn(line, 'graphql operation');
    },
  };
}

// Turns each GraphQL operation of a request into one OperationRecord (name, type, outcome, duration)
// for metrics and logs: executed operations when their result is ready (streams when they open), and
// requests refused before execution (unparsable, invalid, over limits) as `rejected`.
import {
  getOperationAST,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { performance } from 'node:perf_hooks';
import type { OperationOutcome, OperationRecord } from './metrics';
import { ObjectSlot } from '../../shared/object-slot';

export interface ObservedOperation extends OperationRecord {
  /** Distinct `extensions.code` of the errors, at most 5 (messages may carry caller input: never logged). */
  errorCodes: string[];
}

export type OperationListener = (record: ObservedOperation, request: Request | undefined) => void;

// Names are caller-chosen: only GraphQL names of modest length become label values or log fields.
const NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

export function nameOf(name: string | null | undefined, otherwise: string): string {
  if (!name) return otherwise;
  return NAME.test(name) ? name : 'invalid-name';
}

function errorCodes(errors: readonly GraphQLError[] | undefined): string[] {
  if (!errors?.length) return [];
  const codes = new Set<string>();
  for (const e of errors) {
    const code = e.extensions?.code;
    codes.add(typeof code === 'string' && NAME.test(code) ? code : 'UNKNOWN');
    if (codes.size === 5) break;
  }
  return [...codes];
}

function outcomeOf(result: ExecutionResult): OperationOutcome {
  if (!result.errors?.length) return 'success';
  return result.data ? 'partial' : 'error';
}

export function isStream(result: unknown): boolean {
  return typeof result === 'object' && result !== null && Symbol.asyncIterator in result;
}

function requestOf(context: unknown): Request | undefined {
  return (context as { request?: Request } | undefined)?.request;
}

/** What is known of a request's operation before its result: kept in one record per request. */
interface Observed {
  started: number;
  requestedName: string;
  recorded: boolean;
}

export function useOperationObserver(listener: OperationListener): Plugin {
  const observed = new ObjectSlot<Request, Observed>('paygraph.observed');
  const record = (
    request: Request | undefined,
    document: DocumentNode,
    operationName: string | null | undefined,
  ) => {
    const op = getOperationAST(document, operationName ?? undefined);
    const name = nameOf(op?.name?.value, 'anonymous');
    const type = op?.operation ?? 'unknown';
    return (outcome: OperationOutcome, errors?: readonly GraphQLError[]) => {
      const now = performance.now();
      const seen = request && observed.get(request);
      if (seen) seen.recorded = true;
      else if (request) observed.set(request, { started: now, requestedName: 'unknown', recorded: true });
      const durationMs = now - (seen ? seen.started : now);
      listener({ name, type, outcome, durationMs, errorCodes: errorCodes(errors) }, request);
    };
  };
  return {
    onRequest({ request }) {
      observed.set(request, { started: performance.now(), requestedName: 'unknown', recorded: false });
    },
    onParams({ params, request }) {
      const seen = observed.get(request);
      if (seen) seen.requestedName = nameOf(params.operationName, 'unknown');
    },
    onExecute({ args }) {
      const { contextValue, document, operationName } = args as ExecutionArgs;
      const finish = record(requestOf(contextValue), document, operationName);
      return {
        onExecuteDone({ result }) {
          if (isStream(result)) finish('stream');
          else finish(outcomeOf(result as ExecutionResult), (result as ExecutionResult).errors);
        },
      };
    },
    onSubscribe({ args }) {
      const { contextValue, document, operationName } = args as ExecutionArgs;
      const finish = record(requestOf(contextValue), document, operationName);
      return {
        onSubscribeResult({ result }) {
          if (isStream(result)) finish('stream');
          else finish(outcomeOf(result as ExecutionResult), (result as ExecutionResult).errors);
        },
        onSubscribeError() {
          finish('error');
        },
      };
    },
    onResultProcess({ request, result }) {
      const seen = observed.get(request);
      if (seen?.recorded) return;
      const now = performance.now();
      if (seen) seen.recorded = true;
      else observed.set(request, { started: now, requestedName: 'unknown', recorded: true });
      const errors = Array.isArray(result) ? undefined : (result as ExecutionResult).errors;
      const durationMs = now - (seen ? seen.started : now);
      const name = seen ? seen.requestedName : 'unknown';
      listener(
        { name, type: 'unknown', outcome: 'rejected', durationMs, errorCodes: errorCodes(errors) },
        request,
      );
    },
  };
}

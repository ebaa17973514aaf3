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
  const codes = new Set<string>();
  for (const e of errors ?? []) {
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

export function useOperationObserver(listener: OperationListener): Plugin {
  const started = new WeakMap<Request, number>();
  const requestedName = new WeakMap<Request, string>();
  const recorded = new WeakSet<Request>();
  const record = (
    request: Request | undefined,
    document: DocumentNode,
    operationName: string | null | undefined,
  ) => {
    const op = getOperationAST(document, operationName ?? undefined);
    const base = { name: nameOf(op?.name?.value, 'anonymous'), type: op?.operation ?? 'unknown' };
    return (outcome: OperationOutcome, errors?: readonly GraphQLError[]) => {
      if (request) recorded.add(request);
      const durationMs = performance.now() - ((request && started.get(request)) ?? performance.now());
      listener({ ...base, outcome, durationMs, errorCodes: errorCodes(errors) }, request);
    };
  };
  return {
    onRequest({ request }) {
      started.set(request, performance.now());
    },
    onParams({ params, request }) {
      requestedName.set(request, nameOf(params.operationName, 'unknown'));
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
      if (recorded.has(request)) return;
      recorded.add(request);
      const errors = Array.isArray(result) ? undefined : (result as ExecutionResult).errors;
      const durationMs = performance.now() - (started.get(request) ?? performance.now());
      const name = requestedName.get(request) ?? 'unknown';
      listener(
        { name, type: 'unknown', outcome: 'rejected', durationMs, errorCodes: errorCodes(errors) },
        request,
      );
    },
  };
}

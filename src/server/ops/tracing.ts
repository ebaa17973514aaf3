// OpenTelemetry tracing, off unless PAYGRAPH_OTEL=on or OTEL_EXPORTER_OTLP_ENDPOINT is set: a span per
// GraphQL operation, parent of one per REST call it made. Written here rather than taken from
// @envelop/opentelemetry because a span must never hold secrets or caller input: names and numbers only.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { getOperationAST, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isStream, nameOf } from './observe-operations';
import type { Tracing } from './use-tracing';

// Operation names are caller-chosen: only GraphQL names of modest length reach a span (nameOf).
function operationOf(args: ExecutionArgs): { name: string; type: string } {
  const op = getOperationAST(args.document, args.operationName ?? undefined);
  return { name: nameOf(op?.name?.value, 'anonymous'), type: op?.operation ?? 'unknown' };
}

/**
 * The operation's name and type only: never the document text (inline literals may be card numbers)
 * nor its variables, which @envelop/opentelemetry records.
 */
function operationPlugin(tracer: Tracer, current: AsyncLocalStorage<Span>): Plugin {
  // Generic in what the executor answers (envelop types it loosely): handed through unchanged.
  const traced = <R>(
    args: ExecutionArgs,
    setFn: (fn: (a: ExecutionArgs) => R) => void,
    fn: (a: ExecutionArgs) => R,
  ) => {
    const { name, type } = operationOf(args);
    const span = tracer.startSpan(`${type} ${name}`, {
      kind: SpanKind.SERVER,
      attributes: { 'graphql.operation.name': name, 'graphql.operation.type': type },
    });
    setFn((a) => current.run(span, () => fn(a)));
    return {
      done(result: unknown) {
        const errors = isStream(result) ? undefined : (result as ExecutionResult).errors;
        if (errors?.length) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.setAttribute('graphql.error.count', errors.length);
        }
        span.end();
      },
    };
  };
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const span = traced<unknown>(args, setExecuteFn, executeFn);
      return { onExecuteDone: ({ result }) => span.done(result) };
    },
    onSubscribe({ args, subscribeFn, setSubscribeFn }) {
      const span = traced<unknown>(args, setSubscribeFn, subscribeFn);
      return { onSubscribeResult: ({ result }) => span.done(result) };
    },
  };
}

/** Tracing into `exporter`; `batch` (the served process) exports in the background, else span by span. */
export function createTracing(
  exporter: SpanExporter,
  o: { serviceName?: string; batch?: boolean } = {},
): Tracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': o.serviceName ?? 'paygraph' }),
    spanProcessors: [o.batch ? new BatchSpanProcessor(exporter) : new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('paygraph');
  const current = new AsyncLocalStorage<Span>();
  return {
    plugin: operationPlugin(tracer, current),
    onRestCall(event) {
      const parent = current.getStore();
      const end = Date.now();
      const span = tracer.startSpan(
        `REST ${event.operationId}`,
        {
          kind: SpanKind.CLIENT,
          startTime: end - event.durationMs,
          /** The route template: no ids, no query. */
          attributes: {
            'rest.operation_id': event.operationId,
            'http.request.method': event.method,
            'url.template': event.route,
            'rest.attempts': event.attempts,
            'rest.retries': event.retries,
            ...(event.status === undefined ? {} : { 'http.response.status_code': event.status }),
            ...(event.errorCode === undefined ? {} : { 'error.type': event.errorCode }),
          },
        },
        parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT,
      );
      if (!event.ok) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(end);
    },
    shutdown: () => provider.shutdown(),
  };
}

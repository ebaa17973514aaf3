// Tracing that exports to an OTLP/HTTP collector. A module of its own so that tracing-setup can import
// it, and with it OpenTelemetry's packages, only when tracing is on.
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { createTracing } from './tracing';
import type { Tracing } from './use-tracing';

/** Batched spans sent to `url` (the collector's /v1/traces). */
export function createOtlpTracing(url: string, serviceName: string | undefined): Tracing {
  return createTracing(new OTLPTraceExporter({ url }), { serviceName, batch: true });
}

// Whether and where to trace, from PAYGRAPH_OTEL, OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME
// (settings in src/server/config): on with PAYGRAPH_OTEL=on, or when an OTLP endpoint is set and
// PAYGRAPH_OTEL is not off. Spans go to the endpoint's /v1/traces over OTLP/HTTP (JSON).
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { CallEvent, RestClientOptions } from '../../rest/client';
import { readSettings } from '../config/read';
import { createTracing, type Tracing } from './tracing';

const DEFAULT_ENDPOINT = 'http://localhost:4318';

/** The tracing the environment asks for, or undefined (off: no plugin, no listener, no cost). */
export function tracingFromEnv(env: Record<string, string | undefined>): Tracing | undefined {
  const s = readSettings(['otel', 'otelEndpoint', 'otelServiceName'], { env });
  if (!(s.otel ?? s.otelEndpoint !== undefined)) return undefined;
  const base = (s.otelEndpoint ?? DEFAULT_ENDPOINT).replace(/\/+$/, '');
  return createTracing(new OTLPTraceExporter({ url: `${base}/v1/traces` }), { serviceName: s.otelServiceName, batch: true });
}

/** The REST client's hooks, with the REST call spans of `tracing` added when it is on. */
export function withRestTracing<H extends Pick<RestClientOptions, 'onCall'>>(hooks: H, tracing: Tracing | undefined): H {
  if (!tracing) return hooks;
  return {
    ...hooks,
    onCall: (event: CallEvent) => {
      hooks.onCall?.(event);
      tracing.onRestCall(event);
    },
  };
}

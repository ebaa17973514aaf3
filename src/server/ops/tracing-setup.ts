// Whether and where to trace, from PAYGRAPH_OTEL, OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME
// (settings in src/server/config): on with PAYGRAPH_OTEL=on, or when an OTLP endpoint is set and
// PAYGRAPH_OTEL is not off. Spans go to the endpoint's /v1/traces over OTLP/HTTP (JSON).
// OpenTelemetry's packages (about a tenth of a cold start to load) are imported only when tracing is on.
import type { CallEvent, RestClientOptions } from '../../rest/client';
import { readSettings } from '../config/read';
import type { Tracing } from './use-tracing';

const DEFAULT_ENDPOINT = 'http://localhost:4318';

/** The tracing the environment asks for, or undefined (off: no plugin, no listener, no cost). */
export async function tracingFromEnv(env: Record<string, string | undefined>): Promise<Tracing | undefined> {
  const s = readSettings(['otel', 'otelEndpoint', 'otelServiceName'], { env });
  if (!(s.otel ?? s.otelEndpoint !== undefined)) return undefined;
  const base = (s.otelEndpoint ?? DEFAULT_ENDPOINT).replace(/\/+$/, '');
  const { createOtlpTracing } = await import('./otlp-tracing');
  return createOtlpTracing(`${base}/v1/traces`, s.otelServiceName);
}

/** The REST client's hooks, with the REST call spans of `tracing` added when it is on. */
export function withRestTracing<H extends Pick<RestClientOptions, 'onCall'>>(
  hooks: H,
  tracing: Tracing | undefined,
): H {
  if (!tracing) return hooks;
  return {
    ...hooks,
    onCall: (event: CallEvent) => {
      hooks.onCall?.(event);
      tracing.onRestCall(event);
    },
  };
}

// Serves the app's Prometheus registry at /metrics and keeps the live subscriber gauge.
import type { Plugin } from 'graphql-yoga';
import type { AppMetrics } from './metrics';

export const METRICS_PATH = '/metrics';

export function useMetrics(metrics: AppMetrics): Plugin {
  return {
    // Synchronous for every other request (the method looked at before the URL is parsed).
    onRequest(payload) {
      if (payload.request.method !== 'GET' || payload.url.pathname !== METRICS_PATH) return;
      return metrics.registry.metrics().then((body) =>
        payload.endResponse(
          new payload.fetchAPI.Response(body, {
            headers: { 'content-type': metrics.registry.contentType },
          }),
        ),
      );
    },
    onSubscribe() {
      return {
        onSubscribeResult({ result }) {
          if (!(typeof result === 'object' && result !== null && Symbol.asyncIterator in result)) return;
          metrics.liveSubscribers.inc();
          return { onEnd: () => metrics.liveSubscribers.dec() };
        },
      };
    },
  };
}

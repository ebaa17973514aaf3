// Serves the app's Prometheus registry at /metrics and keeps the live subscriber gauge.
import type { Plugin } from 'graphql-yoga';
import type { AppMetrics } from './metrics';

export const METRICS_PATH = '/metrics';

export function useMetrics(metrics: AppMetrics): Plugin {
  return {
    async onRequest(payload) {
      const { url, request, fetchAPI } = payload;
      if (url.pathname !== METRICS_PATH || request.method !== 'GET') return;
      const body = await metrics.registry.metrics();
      payload.endResponse(
        new fetchAPI.Response(body, { headers: { 'content-type': metrics.registry.contentType } }),
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

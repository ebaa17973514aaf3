// Who may read /metrics (operation names, callers' key names, REST routes and error rates: nothing
// secret, but a map of the deployment). It answers before authentication, so it has its own rule.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import { METRICS_PATH } from './use-metrics';
import { bearerToken } from '../auth/credentials';
import type { AuthMode } from '../config/security-config';

export type MetricsVerdict = 'allow' | 'unauthorized' | 'off';
export type MetricsAccess = (headers: Headers) => MetricsVerdict;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * PAYGRAPH_METRICS_TOKEN (or PAYGRAPH_METRICS_TOKEN_FILE) set: `Authorization: Bearer <token>` is
 * required, whatever the auth mode. Without it, open in `open` mode (paygraph listens on loopback only)
 * and off in `jwt` or `api-keys` mode: a reverse proxy on the same host makes every request come from
 * loopback, so loopback alone is no proof of trust.
 */
export function metricsAccess(auth: AuthMode, token: string | undefined): MetricsAccess {
  if (token === undefined) return () => (auth === 'open' ? 'allow' : 'off');
  // Compared as digests: equal lengths for timingSafeEqual, and the token's length stays unknown.
  const expected = sha256(token);
  return (headers) => {
    const given = bearerToken(headers);
    return typeof given === 'string' && timingSafeEqual(sha256(given), expected) ? 'allow' : 'unauthorized';
  };
}

/** Placed before the plugin serving /metrics: answers 401 or 404 unless the rule allows. */
export function useMetricsAccess(access: MetricsAccess): Plugin {
  return {
    onRequest(payload) {
      const { url, request } = payload;
      if (url.pathname !== METRICS_PATH) return;
      const verdict = access(request.headers);
      if (verdict === 'allow') return;
      const json = { 'content-type': 'application/json; charset=utf-8' };
      if (verdict === 'off')
        payload.endResponse(new Response('{"error":"not found"}', { status: 404, headers: json }));
      else
        payload.endResponse(
          new Response('{"error":"/metrics needs Authorization: Bearer <PAYGRAPH_METRICS_TOKEN>"}', {
            status: 401,
            headers: { ...json, 'www-authenticate': 'Bearer' },
          }),
        );
    },
  };
}

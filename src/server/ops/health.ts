// /healthz: the process answers (200). /readyz: the REST API answers a signed call and accepts the key;
// 503 with a reason otherwise. A Redis that does not answer leaves the instance ready but degraded.
import type { Plugin } from 'graphql-yoga';
import { RestError } from '../../rest/errors';
import type { RestCaller } from '../../rest/types';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

export interface Readiness {
  ready: boolean;
  reason?: string;
}

/** Reasons name the kind of failure only, never the key, URL or upstream message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof RestError)) return 'the REST API check failed';
  if (error.status === 401 || error.status === 403) return 'the REST API refused the key';
  if (error.status !== undefined) return `the REST API answered ${error.status}`;
  if (error.code === 'REST_TIMEOUT') return 'the REST API did not answer in time';
  if (error.code === 'REST_CONNECTION') return 'the REST API is unreachable';
  return 'the REST API check failed';
}

/** One cheap listSpaces (limit 1), cached a few seconds and shared by concurrent probes. */
export class ReadinessProbe {
  private cached?: { at: number; result: Readiness };
  private pending?: Promise<Readiness>;

  constructor(
    private readonly rest: RestCaller,
    private readonly ttlMs = 5_000,
    private readonly timeoutMs = 5_000,
  ) {}

  check(): Promise<Readiness> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return Promise.resolve(this.cached.result);
    this.pending ??= this.probe().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async probe(): Promise<Readiness> {
    let result: Readiness;
    try {
      await this.rest.call('listSpaces', {
        query: { limit: 1 },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      result = { ready: true };
    } catch (error) {
      result = { ready: false, reason: reasonOf(error) };
    }
    this.cached = { at: Date.now(), result };
    return result;
  }
}

export function useHealth(
  probe: ReadinessProbe,
  draining: () => boolean,
  degraded: () => string | undefined = () => undefined,
): Plugin {
  return {
    // Synchronous for every other request (the method looked at before the URL is parsed).
    onRequest(payload) {
      if (payload.request.method !== 'GET') return;
      const { pathname } = payload.url;
      if (pathname === HEALTH_PATH || pathname === READY_PATH) return answer(payload);
    },
  };

  async function answer(payload: Parameters<NonNullable<Plugin['onRequest']>>[0]): Promise<void> {
    const { url, fetchAPI } = payload;
    const json = (status: number, body: object) =>
      payload.endResponse(
        new fetchAPI.Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    if (url.pathname === HEALTH_PATH) return json(200, { status: 'ok' });
    // A draining instance tells the load balancer to stop sending while it finishes what it has.
    if (draining()) return json(503, { status: 'unavailable', reason: 'shutting down' });
    const readiness = await probe.check();
    if (!readiness.ready) return json(503, { status: 'unavailable', reason: readiness.reason });
    /**
     * A Redis that does not answer gives 200, `"status":"degraded"`: every instance shares the same
     * Redis, so taking them out of the balancer for it would turn a degraded service (no shared cache,
     * keyed mutations refused typed) into no service at all.
     */
    const reason = degraded();
    json(200, reason ? { status: 'degraded', reason } : { status: 'ready' });
  }
}

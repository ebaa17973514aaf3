// Operations of one app: metrics, logs, request ids, health, and what a shutdown must end. The served
// process makes one and hands its REST hooks to the REST client; an app made without one (tests)
// gets its own registry and a silent logger unless PAYGRAPH_LOG_LEVEL says otherwise.
import type { Plugin } from 'graphql-yoga';
import type { DestinationStream, Logger } from 'pino';
import type { CallEvent, RestClientOptions } from '../../rest/client';
import type { SharedRedis } from '../../redis';
import type { RestCaller } from '../../rest/types';
import { ReadinessProbe, useHealth } from './health';
import { LiveStreams } from './live-streams';
import { createLogger, logLevelFrom, type LogLevel } from './logger';
import { AppMetrics } from './metrics';
import { useOperationObserver } from './observe-operations';
import { useLogging } from './use-logging';
import { useMetrics } from './use-metrics';
import { useMetricsAccess, type MetricsAccess } from './metrics-access';

export { REQUEST_ID_HEADER } from './request-scope';
export { HEALTH_PATH, READY_PATH } from './health';
export { METRICS_PATH } from './use-metrics';
export { logLevelFrom, LOG_LEVELS, type LogLevel } from './logger';
export type { AppMetrics } from './metrics';

export interface OpsOptions {
  /** Default: PAYGRAPH_LOG_LEVEL, else `silent`. */
  logLevel?: LogLevel;
  /** Where log lines go (default stderr). */
  logDestination?: DestinationStream;
  /** Node process metrics in /metrics (the served process: yes; test apps: no). */
  processMetrics?: boolean;
  /** How long /readyz reuses its last answer (default 5 s). */
  readyCacheMs?: number;
  /** Who may read /metrics (default: anyone; `serve` follows PAYGRAPH_METRICS_TOKEN and the auth mode). */
  metricsAccess?: MetricsAccess;
}

export class Ops {
  readonly metrics = new AppMetrics();
  readonly logger: Logger;
  readonly streams = new LiveStreams();
  private draining = false;
  private redis?: SharedRedis;
  private readonly readyCacheMs?: number;
  private readonly metricsAccess?: MetricsAccess;

  constructor(o: OpsOptions = {}) {
    this.logger = createLogger(
      o.logLevel ?? logLevelFrom(process.env.PAYGRAPH_LOG_LEVEL, 'silent'),
      o.logDestination,
    );
    if (o.processMetrics) this.metrics.collectProcessMetrics();
    this.readyCacheMs = o.readyCacheMs;
    this.metricsAccess = o.metricsAccess;
  }

  /** For createRestClient: each call in metrics (the request's own count is its scope's: request-scope). */
  readonly restHooks: Pick<RestClientOptions, 'onCall'> = {
    onCall: (event: CallEvent) => this.metrics.observeRestCall(event),
  };

  /** The process's shared Redis: its health in /readyz ("degraded") and /metrics. */
  watchRedis(redis: SharedRedis): void {
    this.redis = redis;
    this.metrics.watchRedis(redis);
  }

  /** The idempotency key store lost data (found by its marker): said once in the log and counted. */
  idempotencyStoreLost(lostAt: number): void {
    this.metrics.idempotencyStoreLosses.inc();
    this.logger.warn(
      { redis: 'data lost', lostAt: new Date(lostAt).toISOString() },
      'Redis lost idempotency keys: for their lifetime, keyed mutations are reconciled with REST before anything is sent (see the README, Deploying with Redis)',
    );
  }

  /** What runs degraded now, for /readyz (undefined: nothing). */
  private degraded(): string | undefined {
    if (!this.redis || this.redis.up) return undefined;
    return `Redis is unreachable (${this.redis.lastFailure ?? 'not connected'})`;
  }

  /** The yoga plugins, first in the app's list: health and metrics answer before authentication. */
  plugins(rest: RestCaller): Plugin[] {
    const logging = useLogging(this.logger);
    return [
      logging.plugin,
      useHealth(
        new ReadinessProbe(rest, this.readyCacheMs),
        () => this.draining,
        () => this.degraded(),
      ),
      ...(this.metricsAccess ? [useMetricsAccess(this.metricsAccess)] : []),
      useMetrics(this.metrics),
      useOperationObserver((record, request) => {
        this.metrics.observeOperation(record);
        logging.logOperation(record, request);
      }),
      this.streams.plugin(),
    ];
  }

  /** Shutdown has begun: /readyz answers 503 and live streams end. */
  beginDrain(): void {
    this.draining = true;
    this.streams.endAll();
  }
}

/** Observation, first in the app's list: health and metrics answer before authentication. */
export function useOps(ops: Ops, rest: RestCaller): Plugin[] {
  return ops.plugins(rest);
}

// Prometheus metrics of one app, in the app's own registry (tests create many apps in one process).
// Labels hold only bounded, non-secret values: operation names (capped in number), operation types,
// outcomes, REST operationIds and statuses; never a variable, filter value, space or header.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SharedRedis } from '../../redis';
import type { CallEvent } from '../../rest/client';
import type { BatchObserver } from '../../resolvers';

export type OperationOutcome = 'success' | 'partial' | 'error' | 'rejected' | 'stream';

export interface OperationRecord {
  /** The operation's name, `anonymous` when unnamed, `unknown` when the request never parsed. */
  name: string;
  type: string;
  outcome: OperationOutcome;
  durationMs: number;
}

/** Distinct operation names kept as label values; later new names count as `other`. */
const MAX_OPERATION_NAMES = 200;
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class AppMetrics {
  readonly registry = new Registry();
  private readonly names = new Set<string>();
  private readonly operations = new Counter({
    name: 'paygraph_graphql_operations_total',
    help: 'GraphQL operations by name, type and outcome',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly operationSeconds = new Histogram({
    name: 'paygraph_graphql_operation_duration_seconds',
    help: 'GraphQL operation duration from request to result (streams: to the first result)',
    labelNames: ['operation', 'type'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly restCalls = new Counter({
    name: 'paygraph_rest_calls_total',
    help: 'REST calls by operationId and final HTTP status (or error code when no status arrived)',
    labelNames: ['operation_id', 'status'] as const,
    registers: [this.registry],
  });
  private readonly restSeconds = new Histogram({
    name: 'paygraph_rest_call_duration_seconds',
    help: 'REST call duration including retries',
    labelNames: ['operation_id'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly restRetries = new Counter({
    name: 'paygraph_rest_retries_total',
    help: 'REST call retries (sends after the first) by operationId',
    labelNames: ['operation_id'] as const,
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'paygraph_response_cache_lookups_total',
    help: 'Response cache lookups by outcome (hit: answered from the cache without REST calls; miss: executed; error: the store failed, executed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly batchSizes = new Histogram({
    name: 'paygraph_dataloader_batch_size',
    help: 'Keys one DataLoader batch asked for at once, by loader kind and graph type (one batch is one REST call, or a few for very large batches)',
    labelNames: ['loader', 'type'] as const,
    buckets: [1, 2, 5, 10, 20, 50, 100, 250, 500],
    registers: [this.registry],
  });
  private readonly busyWaits = new Histogram({
    name: 'paygraph_busy_gate_wait_seconds',
    help: 'Heavy operations held by the busy admission while paygraph was busy, by outcome (admitted, or refused after PAYGRAPH_BUSY_WAIT_MS), and how long they waited',
    labelNames: ['outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  readonly busyWaiting = new Gauge({
    name: 'paygraph_busy_gate_waiting',
    help: 'Heavy operations waiting for the busy admission now',
    registers: [this.registry],
  });
  readonly liveSubscribers = new Gauge({
    name: 'paygraph_live_subscribers',
    help: 'Live update subscriptions currently open (SSE and WebSocket)',
    registers: [this.registry],
  });

  readonly idempotencyStoreLosses = new Counter({
    name: 'paygraph_idempotency_store_losses_total',
    help: 'Times the idempotency key store was found to have lost data (its marker gone, replaced or gone back; keys evicted)',
    registers: [this.registry],
  });

  /** The shared Redis's health: up (1/0), outages since start, and whether paygraph runs degraded. */
  watchRedis(redis: SharedRedis): void {
    this.readGauge(
      'paygraph_redis_up',
      'Whether the shared Redis answers (0: the breaker is open, every user of Redis falls back)',
      () => (redis.up ? 1 : 0),
    );
    this.readGauge(
      'paygraph_degraded',
      'Whether paygraph runs degraded (1: a dependency it can do without, Redis, does not answer; /readyz says why)',
      () => (redis.up ? 0 : 1),
    );
    new Counter({
      name: 'paygraph_redis_outages_total',
      help: 'Times the shared Redis stopped answering (the breaker opened)',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(redis.outages);
      },
    });
  }

  /** A gauge read when /metrics is asked for. */
  private readGauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Adds Node's process metrics (event loop lag, memory, ...): for the served process, not for every test app. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  observeOperation(r: OperationRecord): void {
    const operation = this.operationLabel(r.name);
    this.operations.inc({ operation, type: r.type, outcome: r.outcome });
    this.operationSeconds.observe({ operation, type: r.type }, r.durationMs / 1000);
  }

  /** Bound once, handed to every request's graph context. */
  readonly observeBatch: BatchObserver = (kind, type, size) =>
    this.batchSizes.observe({ loader: kind, type }, size);

  observeRestCall(e: CallEvent): void {
    const operation_id = e.operationId;
    this.restCalls.inc({
      operation_id,
      status: e.status !== undefined ? String(e.status) : (e.errorCode ?? 'unknown'),
    });
    this.restSeconds.observe({ operation_id }, e.durationMs / 1000);
    if (e.retries > 0) this.restRetries.inc({ operation_id }, e.retries);
  }

  /** Bound once, handed to the busy admission. */
  readonly observeBusyWait = (outcome: 'admitted' | 'refused', waitedMs: number): void => {
    this.busyWaits.observe({ outcome }, waitedMs / 1000);
  };

  observeCacheLookup(outcome: 'hit' | 'miss' | 'error'): void {
    this.cacheLookups.inc({ outcome });
  }

  private operationLabel(name: string): string {
    if (this.names.has(name)) return name;
    if (this.names.size >= MAX_OPERATION_NAMES) return 'other';
    this.names.add(name);
    return name;
  }
}

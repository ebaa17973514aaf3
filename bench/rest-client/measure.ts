// Timing helpers for the REST client benchmark: sequential and concurrent runs of one async call,
// bounded by a count and a wall-clock limit, summarised as latency percentiles and throughput.
import { performance } from 'node:perf_hooks';

export interface Summary {
  requests: number;
  elapsedMs: number;
  throughputPerSec: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function summarise(latencies: number[], elapsedMs: number): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    elapsedMs,
    throughputPerSec: (sorted.length / elapsedMs) * 1000,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
  };
}

/** Runs `fn` up to `count` times one after another, stopping early at `limitMs`. */
export async function sequential(
  fn: () => Promise<unknown>,
  count: number,
  limitMs: number,
): Promise<Summary> {
  const latencies: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count && performance.now() - start < limitMs; i++) {
    const t = performance.now();
    await fn();
    latencies.push(performance.now() - t);
  }
  return summarise(latencies, performance.now() - start);
}

/** Runs `fn` `count` times with `concurrency` workers, stopping early at `limitMs`. */
export async function concurrent(
  fn: () => Promise<unknown>,
  count: number,
  concurrency: number,
  limitMs: number,
): Promise<Summary> {
  const latencies: number[] = [];
  const start = performance.now();
  let issued = 0;
  async function worker(): Promise<void> {
    while (issued < count && performance.now() - start < limitMs) {
      issued++;
      const t = performance.now();
      await fn();
      latencies.push(performance.now() - t);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summarise(latencies, performance.now() - start);
}

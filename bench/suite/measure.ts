// Measuring one scenario on one running contender: REST calls per operation (the sandbox's counter),
// REST rounds on the critical path (how much slower one operation gets when every REST call gets
// slower), latency of sequential operations, and a closed-loop load: latency, throughput, the
// contender's CPU per operation and its RSS after the load.
import { cpuMs, rssMb } from './proc';
import type { Operation } from './client';

export interface Cell {
  restCalls: number;
  /** Measured in the first round only (it is structural). */
  restRounds?: number;
  sequential: { p50: number; p99: number };
  load: {
    p50: number;
    p99: number;
    opsPerSecond: number;
    operations: number;
    errors: number;
    firstError?: string;
  };
  cpuMsPerOp: number;
  rssMbAfter: number;
}

export interface Sandbox {
  /** http://host:port of the sandbox, for /__admin. */
  origin: string;
}

async function admin(sandbox: Sandbox, path: string, method: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.origin}/__admin/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox admin ${method} ${path} answered ${response.status}`);
  return response.json();
}

export const setLatency = (sandbox: Sandbox, latencyMs: number) =>
  admin(sandbox, 'faults', 'PUT', { latencyMs });

export async function countCalls(sandbox: Sandbox, op: Operation): Promise<number> {
  await admin(sandbox, 'requests', 'DELETE');
  await op();
  return ((await admin(sandbox, 'requests', 'GET')) as { total: number }).total;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
/** Latency added to every REST call to count rounds. */
export const ROUND_STEP_MS = 200;

async function timed(op: Operation): Promise<number> {
  const start = performance.now();
  await op();
  return performance.now() - start;
}

/** The fastest of n: CPU noise only ever adds time, so the minimum is the steadiest. */
async function fastestOf(op: Operation, n: number): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < n; i++) fastest = Math.min(fastest, await timed(op));
  return fastest;
}

/** Rounds: the fastest operation at base latency and at base + step; each round adds one step. */
export async function countRounds(
  sandbox: Sandbox,
  op: Operation,
  baseMs: number,
  stepMs = ROUND_STEP_MS,
  samples = 3,
): Promise<number> {
  const base = await fastestOf(op, samples);
  await setLatency(sandbox, baseMs + stepMs);
  try {
    return Math.max(0, Math.round(((await fastestOf(op, samples)) - base) / stepMs));
  } finally {
    await setLatency(sandbox, baseMs);
  }
}

export async function sequential(op: Operation, samples: number): Promise<Cell['sequential']> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await timed(op));
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** `connections` loops, each running the operation back to back for `seconds`. */
export async function load(
  op: Operation,
  pid: number,
  connections: number,
  seconds: number,
): Promise<Pick<Cell, 'load' | 'cpuMsPerOp' | 'rssMbAfter'>> {
  const times: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      try {
        await op();
        times.push(performance.now() - start);
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message.slice(0, 300);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  times.sort((a, b) => a - b);
  return {
    load: {
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      opsPerSecond: times.length / elapsed,
      operations: times.length,
      errors,
      firstError,
    },
    cpuMsPerOp: times.length ? cpu / times.length : NaN,
    rssMbAfter: rssMb(pid),
  };
}

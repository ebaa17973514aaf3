// The busy gate (busy-gate) in an operation's way: after its cost is estimated and before it runs, a
// heavy operation waits while paygraph is busy; one that waits past the gate's longest wait is
// refused with RATE_LIMITED (HTTP 429, `retryAfterSeconds`) and runs nothing.
import { GraphQLError } from 'graphql';
import type { BusyGate } from './busy-gate';
import { bucketAtDoor } from './use-rate-limit-gate';

export interface BusyGateSetup {
  gate: BusyGate;
  /** The rate limit's burst, to read how much of it a caller has left (1 without a rate limit). */
  burst: number;
  /** A caller's operations running (none counted without per-caller admission). */
  running?: (caller: string) => number;
}

function busyRefusal(seconds: number): GraphQLError {
  return new GraphQLError(
    `paygraph is busy and this operation is a heavy one (many REST calls, or a caller that spent most of its rate limit lately or has many operations running): lighter operations go first; retry in ${seconds} s`,
    {
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: seconds, http: { status: 429, headers: { 'retry-after': String(seconds) } } },
    },
  );
}

/** Null once the operation may run; the refusal when it waited too long. Rejects when `request`'s client leaves. */
export async function passBusyGate(
  setup: BusyGateSetup | undefined,
  request: Request | undefined,
  caller: string,
  estimated: number | null,
): Promise<GraphQLError | null> {
  if (!setup) return null;
  const bucket = request ? bucketAtDoor(request) : undefined;
  const left = bucket ? Math.max(0, bucket.remaining) / setup.burst : 1;
  const admitted = setup.gate.admit({ cost: estimated ?? 0, left, running: setup.running?.(caller) ?? 1 }, request?.signal);
  if (admitted === true || (await admitted) === 'admitted') return null;
  return busyRefusal(Math.max(1, Math.ceil(setup.gate.config.maxWaitMs / 1000)));
}

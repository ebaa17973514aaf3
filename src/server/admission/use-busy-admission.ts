// The busy gate (busy-gate) in an operation's way, twice: at the door, before the body is read, for
// what is known there (a caller that spent most of its burst or has many operations running: a flood
// waiting there costs no parsing); and after the cost is estimated, before the operation runs, for
// the rest. A heavy operation waits while paygraph is busy; one that waits past the gate's longest
// wait is refused with RATE_LIMITED (HTTP 429, `retryAfterSeconds`) and runs nothing.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { BusyGate, Operation } from './busy-admission';
import { requesterOf } from '../auth/request-auth';
import { bucketAtDoor, tooManyRequests } from './use-rate-limit-admission';

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

/** Requests whose caller's state the door judged: it is not counted again after the estimate. */
const passedDoor = new WeakSet<Request>();

function operationAt(setup: BusyGateSetup, request: Request | undefined, caller: string, cost: number): Operation {
  const bucket = request ? bucketAtDoor(request) : undefined;
  const left = bucket ? Math.max(0, bucket.remaining) / setup.burst : 1;
  return { cost, left, running: setup.running?.(caller) ?? 1 };
}

function retrySeconds(setup: BusyGateSetup): number {
  return Math.max(1, Math.ceil(setup.gate.config.maxWaitMs / 1000));
}

/** At the door, after the caller's own admission (it counts this request as running). */
export function useBusyDoor(setup: BusyGateSetup | undefined): Plugin {
  if (!setup) return {};
  return {
    onRequestParse({ request, endResponse }) {
      const requester = requesterOf(request);
      if (requester === undefined) return;
      // Its caller's state is judged here once: the operation is not held again for it after the estimate.
      passedDoor.add(request);
      const admitted = setup.gate.admit(operationAt(setup, request, requester, 0), request.signal, 'door');
      if (admitted === true) return;
      return admitted.then((result) => {
        if (result === 'admitted') return;
        const seconds = retrySeconds(setup);
        endResponse(tooManyRequests(seconds, busyRefusal(seconds).message));
      });
    },
  };
}

/** Null once the operation may run; the refusal when it waited too long. Rejects when `request`'s client leaves. */
export async function passBusyGate(
  setup: BusyGateSetup | undefined,
  request: Request | undefined,
  caller: string,
  estimated: number | null,
): Promise<GraphQLError | null> {
  if (!setup) return null;
  const cost = estimated ?? 0;
  // Its caller judged at the door already: waits again only for its own weight.
  const o = request && passedDoor.has(request) ? { cost, left: 1, running: 1 } : operationAt(setup, request, caller, cost);
  const admitted = setup.gate.admit(o, request?.signal);
  if (admitted === true || (await admitted) === 'admitted') return null;
  return busyRefusal(retrySeconds(setup));
}

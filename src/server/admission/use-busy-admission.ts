// The busy admission (busy-admission) in an operation's way, twice: on arrival, before the body is
// read, for what is known then (a caller that spent most of its burst or has many operations
// running: a flood waiting there costs no parsing); and once the cost is estimated, before the
// operation runs, for its weight. A heavy operation waits while paygraph is busy; one that waits past
// the longest wait is refused with RATE_LIMITED (HTTP 429, `retryAfterSeconds`) and runs nothing.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { BusyAdmission, Operation } from './busy-admission';
import { requesterNameOf, requesterOf } from '../auth/request-auth';
import { costBeforeCalls } from '../context/request-rest';
import { operationCostOf } from '../cost/operation-cost';
import { bucketOnArrival, tooManyRequests } from './use-rate-limit-admission';

export interface BusyAdmissionSetup {
  admission: BusyAdmission;
  /** The rate limit's burst, to read how much of it a caller has left (1 without a rate limit). */
  burst: number;
  /** A caller's operations running (none counted without per-caller concurrency). */
  running?: (caller: string) => number;
  /** REST calls one operation may make, for `extensions.cost` of a refusal. */
  budget: number;
}

function busyRefusal(seconds: number): GraphQLError {
  return new GraphQLError(
    `paygraph is busy and this operation is a heavy one (many REST calls, or a caller that spent most of its rate limit lately or has many operations running): lighter operations go first; retry in ${seconds} s`,
    {
      extensions: {
        code: 'RATE_LIMITED',
        retryAfterSeconds: seconds,
        http: { status: 429, headers: { 'retry-after': String(seconds) } },
      },
    },
  );
}

/** Requests whose caller's state was judged on arrival: it is not counted again once the cost is known. */
const judgedOnArrival = new WeakSet<Request>();

function operationAt(
  setup: BusyAdmissionSetup,
  request: Request | undefined,
  caller: string,
  cost: number,
): Operation {
  const bucket = request ? bucketOnArrival(request) : undefined;
  const left = bucket ? Math.max(0, bucket.remaining) / setup.burst : 1;
  return { cost, left, running: setup.running?.(caller) ?? 1 };
}

function retrySeconds(setup: BusyAdmissionSetup): number {
  return Math.max(1, Math.ceil(setup.admission.config.maxWaitMs / 1000));
}

/** On arrival, after the caller's concurrency admission (it counts this request as running). */
export function useBusyAdmission(setup: BusyAdmissionSetup | undefined): Plugin {
  if (!setup) return {};
  return {
    onRequestParse({ request, endResponse }) {
      const requester = requesterOf(request);
      if (requester === undefined) return;
      // Its caller's state is judged here once: the operation is not held again for it once its cost is known.
      judgedOnArrival.add(request);
      const admitted = setup.admission.admit(
        operationAt(setup, request, requester, 0),
        request.signal,
        'request',
      );
      if (admitted === true) return;
      return admitted.then((result) => {
        if (result === 'admitted') return;
        const seconds = retrySeconds(setup);
        endResponse(tooManyRequests(seconds, busyRefusal(seconds).message));
      });
    },
  };
}

/** Once the cost step estimated the operation: a heavy one waits while paygraph is busy. Rejects when its client leaves. */
export function useBusyAdmissionByCost(setup: BusyAdmissionSetup | undefined): Plugin {
  if (!setup) return {};
  return {
    // Synchronous when admitted at once (paygraph not busy): a promise only when the operation waits.
    onExecute({ args, setResultAndStopExecution }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      const before = operationCostOf(args.contextValue);
      const cost = before.estimated ?? 0;
      // Its caller judged on arrival already: waits again only for its own weight.
      const o =
        request && judgedOnArrival.has(request)
          ? { cost, left: 1, running: 1 }
          : operationAt(setup, request, requesterNameOf(request), cost);
      const admitted = setup.admission.admit(o, request?.signal);
      if (admitted === true) return;
      return admitted.then((outcome) => {
        if (outcome === 'admitted') return;
        setResultAndStopExecution({
          errors: [busyRefusal(retrySeconds(setup))],
          extensions: { cost: costBeforeCalls(before, setup.budget) },
        });
      });
    },
  };
}

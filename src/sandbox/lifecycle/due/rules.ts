// The rules of what the life cycles plan for later: for each, the model it watches, when an object's
// planned step is due, and the step itself (the same transitions a request would use). The runner
// (./index.ts) finds and applies them as the sandbox clock passes their instants.
import { isCanonicalInstant } from '../../search/values';
import type { Store, Stored, StoredObject } from '../../store';
import { applyTransition } from '../machine';
import { manualTaskLifecycle } from '../manual-tasks/life-cycle';
import { runCharge } from '../subscriptions/charges';
import {
  billPeriod,
  completeRunOut,
  endTerminationPeriod,
  reactivateSubscription,
  terminate,
} from '../subscriptions/flows';
import { completeTransaction } from '../after-sales/completions';
import { voidTransaction } from '../after-sales/voids';
import {
  FAILURES,
  transactionLifecycle,
  userFailureMessage,
  type FailureReason,
} from '../transactions/life-cycle';
import { peekInternals } from '../transactions/internals';

export interface DueRule<Model extends string = string> {
  /** What happens, as reported by the admin clock endpoint. */
  name: string;
  model: Model;
  /**
   * When the object's planned step is due, or undefined when nothing is planned for it. Reads the
   * object and only what changes in the same step as it (a transaction's failsOn is set as it turns
   * PROCESSING): after a step, the runner looks again only at the objects the step wrote.
   */
  dueOn(object: Stored<Model>, store: Store): string | undefined;
  apply(store: Store, space: number, object: Stored<Model>, now: Date): void;
}

/** A rule whose steps read the objects of its model as typed. */
const rule = <Model extends string>(typed: DueRule<Model>): DueRule => typed;

const NOT_AUTHORIZED = new Set(['PENDING', 'CONFIRMED', 'PROCESSING']);

function failTransaction(store: Store, space: number, id: number, reason: FailureReason, now: Date): void {
  applyTransition(store, transactionLifecycle, id, space, 'timeOut', (t) => ({
    ...t,
    failureReason: reason,
    failedOn: now.toISOString(),
    userFailureMessage: userFailureMessage(reason),
  }));
}

export const RULES: DueRule[] = [
  rule({
    name: 'transaction without payment means failed',
    model: 'Transaction',
    dueOn: (t, store) => (t.state === 'PROCESSING' ? peekInternals(store, Number(t.id))?.failsOn : undefined),
    apply: (store, space, t, now) =>
      failTransaction(store, space, Number(t.id), FAILURES.noPaymentMeans, now),
  }),
  rule({
    name: 'authorization timed out',
    model: 'Transaction',
    dueOn: (t) => (NOT_AUTHORIZED.has(String(t.state)) ? t.authorizationTimeoutOn : undefined),
    apply: (store, space, t, now) =>
      failTransaction(store, space, Number(t.id), FAILURES.authorizationTimeout, now),
  }),
  rule({
    // Nothing completed: the authorization is released (voided); partly completed: the rest is completed.
    name: 'completion timed out',
    model: 'Transaction',
    dueOn: (t) => (t.state === 'AUTHORIZED' ? t.completionTimeoutOn : undefined),
    apply: (store, space, t, now) => {
      if (Number(t.completedAmount ?? 0) === 0) voidTransaction(store, space, Number(t.id), 'ONLINE', now);
      else
        completeTransaction(
          store,
          space,
          Number(t.id),
          'ONLINE',
          { externalId: `completion-timeout-${String(t.id)}` },
          now,
        );
    },
  }),
  rule({
    name: 'manual task expired',
    model: 'ManualTask',
    dueOn: (task) => (task.state === 'OPEN' ? task.expiresOn : undefined),
    apply: (store, space, task) =>
      void applyTransition(store, manualTaskLifecycle, Number(task.id), space, 'expire'),
  }),
  rule({
    name: 'suspension ended',
    model: 'SubscriptionSuspension',
    dueOn: (s) => (s.state === 'RUNNING' ? (s.plannedEndDate as string | undefined) : undefined),
    apply: (store, space, s, now) => {
      const subscription = Number(s.subscription);
      if (s.endAction === 'TERMINATE') terminate(store, space, subscription, false, now, undefined);
      else reactivateSubscription(store, space, subscription, now);
    },
  }),
  rule({
    name: 'scheduled charge run',
    model: 'SubscriptionCharge',
    dueOn: (c) => (c.state === 'SCHEDULED' ? c.plannedExecutionDate : undefined),
    apply: (store, space, c, now) => void runCharge(store, space, Number(c.id), now),
  }),
  rule({
    // The period ends: its usage is billed, the next period opens, and what the subscription owes is
    // charged by its token at once (an automatic charge).
    name: 'period bill closed and charged',
    model: 'SubscriptionPeriodBill',
    dueOn: (b) => (b.state === 'PENDING' ? b.plannedPeriodEndDate : undefined),
    apply: (store, space, b, now) => billPeriod(store, space, Number(b.id), now),
  }),
  // The two ends below come after the bill rule: a bill due at the same instant closes (and is charged)
  // as a full period first, and the end finds no bill left to close early.
  rule({
    name: 'version ran out its period',
    model: 'SubscriptionVersion',
    dueOn: (v) => (v.state === 'TERMINATING' ? v.plannedTerminationDate : undefined),
    apply: (store, space, v, now) => void completeRunOut(store, space, Number(v.id), now),
  }),
  rule({
    name: 'termination period ended',
    model: 'Subscription',
    dueOn: (s) => (s.state === 'TERMINATION_SCHEDULED' ? s.plannedTerminationDate : undefined),
    apply: (store, space, s, now) => void endTerminationPeriod(store, space, Number(s.id), now),
  }),
];

/** The planned instants a run applies: after `since`, up to and including `now`. */
export interface DueWindow {
  from: string;
  to: string;
  since: number;
  now: number;
}

/** The instants after `since`, up to and including `until`, or with no end (what is planned later too). */
export function dueWindow(since: Date, until?: Date): DueWindow {
  const to = until?.toISOString() ?? '9999-12-31T23:59:59.999Z';
  return { from: since.toISOString(), to, since: since.getTime(), now: until?.getTime() ?? Infinity };
}

/**
 * When the rule's step for the object is due (ms), or undefined when nothing is planned or it lies
 * outside the window. Called for every object of a large sandbox: canonical instants are compared as
 * strings, and nothing is allocated for the objects out of range.
 */
export function dueAt(
  rule: DueRule,
  object: StoredObject,
  store: Store,
  window: DueWindow,
): number | undefined {
  const dueOn = rule.dueOn(object, store);
  if (dueOn === undefined) return undefined;
  const canonical = isCanonicalInstant(dueOn);
  if (canonical && (dueOn <= window.from || dueOn > window.to)) return undefined;
  const at = Date.parse(dueOn);
  if (!canonical && (at <= window.since || at > window.now || Number.isNaN(at))) return undefined;
  return at;
}

/** The rules that watch each model, by their index in RULES. */
export const RULES_BY_MODEL = new Map<string, number[]>();
RULES.forEach((rule, index) =>
  RULES_BY_MODEL.set(rule.model, [...(RULES_BY_MODEL.get(rule.model) ?? []), index]),
);

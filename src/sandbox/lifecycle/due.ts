// What the life cycles plan for later, happening when the sandbox clock passes it. Each rule finds
// the objects whose planned instant lies in (since, now] and moves them through their own life cycle
// (the same transitions a request would use). `since` is the sandbox's start: demo data planned
// before the sandbox ran stays as the seed wrote it, and what a test plans happens once the clock
// is advanced past it. Credentials need no rule: they are checked against the clock when presented.
import { isCanonicalInstant } from '../search/values';
import type { Store, StoredObject } from '../store';
import { applyTransition } from './machine';
import { manualTaskLifecycle } from './manual-tasks';
import { closePeriodBill } from './period-bills';
import { createCharge, runCharge } from './subscription-charges';
import { reactivateSubscription, terminate } from './subscription-flows';
import { openEntries } from './ledger';
import { currentVersion } from './subscriptions';
import { completeTransaction } from './completions';
import { voidTransaction } from './voids';
import { FAILURES, transactionLifecycle } from './transactions';
import { peekInternals } from './transactions-internals';

interface DueRule {
  /** What happens, as reported by the admin clock endpoint. */
  name: string;
  model: string;
  /** When the object's planned step is due, or undefined when nothing is planned for it. */
  dueOn(object: StoredObject, store: Store): string | undefined;
  apply(store: Store, space: number, object: StoredObject, now: Date): void;
}

const NOT_AUTHORIZED = new Set(['PENDING', 'CONFIRMED', 'PROCESSING']);

function failTransaction(store: Store, space: number, id: number, reason: StoredObject, now: Date): void {
  applyTransition(store, transactionLifecycle, id, space, 'timeOut', (t) => ({
    ...t,
    failureReason: reason,
    failedOn: now.toISOString(),
    userFailureMessage: (reason.description as Record<string, string>)['en-US'],
  }));
}

const RULES: DueRule[] = [
  {
    name: 'transaction without payment means failed',
    model: 'Transaction',
    dueOn: (t, store) => (t.state === 'PROCESSING' ? peekInternals(store, Number(t.id))?.failsOn : undefined),
    apply: (store, space, t, now) => failTransaction(store, space, Number(t.id), FAILURES.noPaymentMeans, now),
  },
  {
    name: 'authorization timed out',
    model: 'Transaction',
    dueOn: (t) => (NOT_AUTHORIZED.has(String(t.state)) ? (t.authorizationTimeoutOn as string | undefined) : undefined),
    apply: (store, space, t, now) => failTransaction(store, space, Number(t.id), FAILURES.authorizationTimeout, now),
  },
  {
    // Nothing completed: the authorization is released (voided); partly completed: the rest is completed.
    name: 'completion timed out',
    model: 'Transaction',
    dueOn: (t) => (t.state === 'AUTHORIZED' ? (t.completionTimeoutOn as string | undefined) : undefined),
    apply: (store, space, t, now) => {
      if (Number(t.completedAmount ?? 0) === 0) voidTransaction(store, space, Number(t.id), 'ONLINE', now);
      else completeTransaction(store, space, Number(t.id), 'ONLINE', { externalId: `completion-timeout-${String(t.id)}` }, now);
    },
  },
  {
    name: 'manual task expired',
    model: 'ManualTask',
    dueOn: (task) => (task.state === 'OPEN' ? (task.expiresOn as string | undefined) : undefined),
    apply: (store, space, task) => void applyTransition(store, manualTaskLifecycle, Number(task.id), space, 'expire'),
  },
  {
    name: 'suspension ended',
    model: 'SubscriptionSuspension',
    dueOn: (s) => (s.state === 'RUNNING' ? (s.plannedEndDate as string | undefined) : undefined),
    apply: (store, space, s, now) => {
      const subscription = Number(s.subscription);
      if (s.endAction === 'TERMINATE') terminate(store, space, subscription, false, now, undefined);
      else reactivateSubscription(store, space, subscription, now);
    },
  },
  {
    name: 'scheduled charge run',
    model: 'SubscriptionCharge',
    dueOn: (c) => (c.state === 'SCHEDULED' ? (c.plannedExecutionDate as string | undefined) : undefined),
    apply: (store, space, c, now) => void runCharge(store, space, Number(c.id), now),
  },
  {
    // The period ends: its usage is billed, the next period opens, and what the subscription owes is
    // charged by its token at once (an automatic charge).
    name: 'period bill closed and charged',
    model: 'SubscriptionPeriodBill',
    dueOn: (b) => (b.state === 'PENDING' ? (b.plannedPeriodEndDate as string | undefined) : undefined),
    apply: (store, space, b, now) => {
      const end = new Date(String(b.plannedPeriodEndDate));
      closePeriodBill(store, space, Number(b.id), end, true, now);
      const version = store.get('SubscriptionVersion', Number(b.subscriptionVersion), space);
      if (!version) return;
      const subscriptionId = Number(version.subscription);
      if (!openEntries(store, space, Number(currentVersion(store, space, subscriptionId).id)).length) return;
      createCharge(
        store,
        space,
        { subscription: subscriptionId, externalId: `period-bill-${String(b.id)}`, processingType: 'SYNCHRONOUS', type: 'AUTOMATIC' },
        now,
      );
    },
  },
];

export interface DueEvent {
  what: string;
  model: string;
  id: number;
  dueOn: string;
}

/** An instant as toISOString writes it: such strings order as their instants do. */
/**
 * The planned steps in (since, now] not yet done, earliest first. One pass over every object of the
 * rules' models (a large sandbox holds hundreds of thousands), so canonical instants are compared as
 * strings and nothing is allocated for the objects out of range.
 */
function dueBetween(store: Store, since: Date, now: Date, done: Set<string>) {
  const [from, to] = [since.toISOString(), now.toISOString()];
  const due: { rule: DueRule; object: StoredObject; at: number; key: string }[] = [];
  for (const rule of RULES) {
    for (const object of store.list(rule.model)) {
      const dueOn = rule.dueOn(object, store);
      if (dueOn === undefined) continue;
      const canonical = isCanonicalInstant(dueOn);
      if (canonical && (dueOn <= from || dueOn > to)) continue;
      const at = Date.parse(dueOn);
      if (!canonical && (at <= since.getTime() || at > now.getTime() || Number.isNaN(at))) continue;
      const key = `${rule.name}|${String(object.id)}`;
      if (!done.has(key)) due.push({ rule, object, at, key });
    }
  }
  return due.sort((a, b) => a.at - b.at);
}

/**
 * Applies every step planned in (since, now], earliest first, until none is left (a step may plan
 * another that is due as well, such as the next period's bill). A step its life cycle refuses by
 * now (the object moved on meanwhile) is skipped. Returns what happened.
 */
export function runDue(store: Store, since: Date, now: Date): DueEvent[] {
  const happened: DueEvent[] = [];
  const done = new Set<string>();
  for (;;) {
    const due = dueBetween(store, since, now, done);
    if (!due.length) return happened;
    const { rule, object, key } = due[0];
    done.add(key);
    const space = store.spaceOf(rule.model, object.id as number);
    try {
      rule.apply(store, space ?? Number(object.linkedSpaceId), object, now);
      happened.push({ what: rule.name, model: rule.model, id: Number(object.id), dueOn: new Date(due[0].at).toISOString() });
    } catch (error) {
      // 422: the object is no longer where the plan expected it; anything else is a sandbox bug.
      if ((error as { status?: number }).status !== 422) throw error;
    }
  }
}

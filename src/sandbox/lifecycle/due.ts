// What the life cycles plan for later, happening when the sandbox clock passes it. Each rule finds
// the objects whose planned instant lies in (since, now] and moves them through their own life cycle
// (the same transitions a request would use). `since` is the sandbox's start: demo data planned
// before the sandbox ran stays as the seed wrote it, and what a test plans happens once the clock
// is advanced past it. Credentials need no rule: they are checked against the clock when presented.
import { isCanonicalInstant } from '../search/values';
import type { Key, Store, StoredObject } from '../store';
import { DueQueue, type PlannedStep } from './due-queue';
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
  /**
   * When the object's planned step is due, or undefined when nothing is planned for it. Reads the
   * object and only what changes in the same step as it (a transaction's failsOn is set as it turns
   * PROCESSING): after a step, the runner looks again only at the objects the step wrote.
   */
  dueOn(object: StoredObject, store: Store): string | undefined;
  apply(store: Store, space: number, object: StoredObject, now: Date): void;
}

const NOT_AUTHORIZED = new Set(['PENDING', 'CONFIRMED', 'PROCESSING']);
const ENDING = new Set(['TERMINATING', 'TERMINATED']);

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
      // A subscription terminating or terminated has no version left to charge: its last bill closes uncharged.
      if (ENDING.has(String(store.get('Subscription', subscriptionId, space)?.state))) return;
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

/** The planned instants a run applies: after `since`, up to and including `now`. */
interface DueWindow {
  from: string;
  to: string;
  since: number;
  now: number;
}

/**
 * When the rule's step for the object is due (ms), or undefined when nothing is planned or it lies
 * outside the window. Called for every object of a large sandbox: canonical instants are compared as
 * strings, and nothing is allocated for the objects out of range.
 */
function dueAt(rule: DueRule, object: StoredObject, store: Store, window: DueWindow): number | undefined {
  const dueOn = rule.dueOn(object, store);
  if (dueOn === undefined) return undefined;
  const canonical = isCanonicalInstant(dueOn);
  if (canonical && (dueOn <= window.from || dueOn > window.to)) return undefined;
  const at = Date.parse(dueOn);
  if (!canonical && (at <= window.since || at > window.now || Number.isNaN(at))) return undefined;
  return at;
}

const doneKey = (rule: DueRule, object: StoredObject) => `${rule.name}|${String(object.id)}`;

/** The one pass over every object of the rules' models (a large sandbox holds hundreds of thousands). */
function scan(store: Store, window: DueWindow): PlannedStep[] {
  const steps: PlannedStep[] = [];
  RULES.forEach((rule, index) =>
    store.forEach(rule.model, (object, key, position) => {
      const at = dueAt(rule, object, store, window);
      if (at !== undefined) steps.push({ rule: index, model: rule.model, key, at, position });
    }),
  );
  return steps;
}

const RULES_BY_MODEL = new Map<string, number[]>();
RULES.forEach((rule, index) => RULES_BY_MODEL.set(rule.model, [...(RULES_BY_MODEL.get(rule.model) ?? []), index]));

/**
 * One run: the steps due in the window, taken earliest first from a queue the first scan fills and
 * every step tops up with what it planned for the objects it wrote. Gives what a fresh scan after
 * every step would give, at the cost of one scan.
 */
class DueRun {
  readonly happened: DueEvent[] = [];
  private readonly done = new Set<string>();
  private readonly queue: DueQueue;

  constructor(
    private readonly store: Store,
    private readonly window: DueWindow,
    private readonly now: Date,
  ) {
    this.queue = new DueQueue(scan(store, window));
  }

  run(): DueEvent[] {
    const journal = this.store.openJournal();
    try {
      for (let step = this.queue.take(); step; step = this.queue.take()) {
        const object = this.stillDue(step);
        if (!object) continue;
        this.apply(step, object);
        this.requeue(journal.take());
      }
      return this.happened;
    } finally {
      journal.close();
    }
  }

  /**
   * The object the queued step is for, when the step is still due exactly as queued (a step taken
   * since may have moved the object on, done it, or removed it). A step whose object moved to another
   * instant or place goes back in the queue there.
   */
  private stillDue(step: PlannedStep): StoredObject | undefined {
    const rule = RULES[step.rule];
    const object = this.store.get(step.model, step.key);
    const at = object && dueAt(rule, object, this.store, this.window);
    if (!object || at === undefined || this.done.has(doneKey(rule, object))) return undefined;
    const position = this.store.positionOf(step.model, step.key)!;
    if (at === step.at && position === step.position) return object;
    this.queue.add({ ...step, at, position });
    return undefined;
  }

  private apply(step: PlannedStep, object: StoredObject): void {
    const rule = RULES[step.rule];
    this.done.add(doneKey(rule, object));
    const space = this.store.spaceOf(rule.model, step.key);
    try {
      rule.apply(this.store, space ?? Number(object.linkedSpaceId), object, this.now);
      this.happened.push({ what: rule.name, model: rule.model, id: Number(object.id), dueOn: new Date(step.at).toISOString() });
    } catch (error) {
      // 422: the object is no longer where the plan expected it; anything else is a sandbox bug.
      if ((error as { status?: number }).status !== 422) throw error;
    }
  }

  /** Queues what the rules find due for the objects a step wrote (it may plan another step in the window). */
  private requeue(written: Map<string, Set<Key>>): void {
    for (const [model, keys] of written) {
      for (const index of RULES_BY_MODEL.get(model) ?? []) {
        for (const key of keys) {
          const object = this.store.get(model, key);
          const at = object && dueAt(RULES[index], object, this.store, this.window);
          if (at === undefined || this.done.has(doneKey(RULES[index], object!))) continue;
          this.queue.add({ rule: index, model, key, at, position: this.store.positionOf(model, key)! });
        }
      }
    }
  }
}

/**
 * Applies every step planned in (since, now], earliest first, until none is left (a step may plan
 * another that is due as well, such as the next period's bill). A step its life cycle refuses by
 * now (the object moved on meanwhile) is skipped. Returns what happened.
 */
export function runDue(store: Store, since: Date, now: Date): DueEvent[] {
  const window = { from: since.toISOString(), to: now.toISOString(), since: since.getTime(), now: now.getTime() };
  return new DueRun(store, window, now).run();
}

// Delivery indications: once a transaction is COMPLETED the sandbox decides whether the goods may ship.
// The rule (documented in the sandbox README): billing and shipping addresses in different countries
// need a manual check; otherwise the indication is SUITABLE at once.
import type { Model } from '../../../api-types';
import { ApiError } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store, Stored, StoredObject } from '../../store';
import { applyTransition, assertTransition, defineLifecycle } from '../machine';
import {
  assertClosable,
  closeTask,
  openTask,
  openTasksAbout,
  type TaskAction,
} from '../manual-tasks/life-cycle';
import {
  FAILURES,
  loadTransaction,
  transactionLifecycle,
  userFailureMessage,
} from '../transactions/life-cycle';

export type DeliveryIndicationState = 'PENDING' | 'NOT_SUITABLE' | 'MANUAL_CHECK_REQUIRED' | 'SUITABLE';

export const deliveryIndicationLifecycle = defineLifecycle<DeliveryIndicationState, 'DeliveryIndication'>({
  model: 'DeliveryIndication',
  field: 'state',
  actions: {
    decideAutomatically: { from: ['PENDING'], to: 'SUITABLE' },
    requireManualCheck: { from: ['PENDING'], to: 'MANUAL_CHECK_REQUIRED' },
    markSuitable: { from: ['PENDING', 'MANUAL_CHECK_REQUIRED'], to: 'SUITABLE' },
    markNotSuitable: { from: ['PENDING', 'MANUAL_CHECK_REQUIRED'], to: 'NOT_SUITABLE' },
  },
});

const DAY_MS = 24 * 3600 * 1000;

const REASONS = {
  consistent: {
    id: 2001,
    name: { 'en-US': 'Addresses consistent' },
    description: { 'en-US': 'Billing and shipping country agree.' },
  },
  countriesDiffer: {
    id: 2002,
    name: { 'en-US': 'Countries differ' },
    description: { 'en-US': 'Billing and shipping country differ; check manually.' },
  },
};

function countryOf(address: Model<'Address'> | undefined): string | undefined {
  return address?.country;
}

export function needsManualCheck(transaction: Stored<'Transaction'>): boolean {
  const billing = countryOf(transaction.billingAddress);
  const shipping = countryOf(transaction.shippingAddress);
  return !!billing && !!shipping && billing.toUpperCase() !== shipping.toUpperCase();
}

/**
 * The manual task a manual check opens about the transaction: type and action ids as in the demo data
 * (seed/followups.ts). Any manual decision closes it; the task's own actions decide through
 * `checkManualDecision` and `applyManualDecision`.
 */
export const DELIVERY_CHECK_TASK = {
  type: 9201,
  accept: 9301,
  decline: 9302,
} as const;

/** The actions a delivery-check task offers (the seed's tasks and the ones opened at run time alike). */
export function deliveryCheckActions(): TaskAction[] {
  const { type, accept, decline } = DELIVERY_CHECK_TASK;
  return [
    { id: accept, taskType: type, style: 'PRIMARY', label: { 'en-US': 'Accept delivery' } },
    { id: decline, taskType: type, style: 'DANGER', label: { 'en-US': 'Decline delivery' } },
  ];
}

function openDeliveryCheckTask(
  store: Store,
  space: number,
  transactionId: number,
  expiresOn: string,
  now: Date,
) {
  return openTask(
    store,
    space,
    {
      type: DELIVERY_CHECK_TASK.type,
      contextEntityId: transactionId,
      expiresOn,
      actions: deliveryCheckActions(),
    },
    now,
  );
}

/**
 * Creates the indication of a just COMPLETED transaction and applies the automatic decision: a manual
 * check leaves it in MANUAL_CHECK_REQUIRED and the transaction COMPLETED; else SUITABLE, and the
 * transaction moves on to FULFILL.
 */
export function decideDelivery(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  completion: Stored<'TransactionCompletion'>,
  now: Date,
) {
  const manual = needsManualCheck(transaction);
  const indication = createObject(
    store,
    'DeliveryIndication',
    space,
    {
      state: 'PENDING',
      completion: completion.id,
      transaction: transaction.id,
      linkedTransaction: transaction.id,
      automaticDecisionReason: manual ? REASONS.countriesDiffer : REASONS.consistent,
      timeoutOn: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
    },
    now,
  );
  const id = Number(indication.id);
  if (manual) {
    const waiting = applyTransition(
      store,
      deliveryIndicationLifecycle,
      id,
      space,
      'requireManualCheck',
      (d) => ({
        ...d,
        manualDecisionTimeoutOn: new Date(now.getTime() + 3 * DAY_MS).toISOString(),
      }),
    );
    openDeliveryCheckTask(store, space, Number(transaction.id), String(waiting.manualDecisionTimeoutOn), now);
    return waiting;
  }
  const decided = applyTransition(
    store,
    deliveryIndicationLifecycle,
    id,
    space,
    'decideAutomatically',
    (d) => ({
      ...d,
      automaticallyDecidedOn: now.toISOString(),
    }),
  );
  applyTransition(store, transactionLifecycle, Number(transaction.id), space, 'fulfill', (t) => ({
    ...t,
    deliveryDecisionMadeOn: now.toISOString(),
  }));
  return decided;
}

export type ManualDecision = 'markSuitable' | 'markNotSuitable';

/** What each manual decision does to the transaction. */
const DECISIONS: Record<ManualDecision, { transaction: string; change: (t: StoredObject) => StoredObject }> =
  {
    markSuitable: { transaction: 'fulfill', change: (t) => t },
    markNotSuitable: {
      transaction: 'declineDelivery',
      change: (t) => ({
        ...t,
        failureReason: FAILURES.notSuitable,
        userFailureMessage: userFailureMessage(FAILURES.notSuitable),
      }),
    },
  };

export const isManualDecision = (action: string): action is ManualDecision =>
  Object.hasOwn(DECISIONS, action);

/** A decision checked against every life cycle it touches; applying it cannot be refused half-way. */
export interface CheckedDecision {
  space: number;
  indication: StoredObject;
  decision: ManualDecision;
  openTasks: StoredObject[];
}

/**
 * Checks decision `decision` on indication `id`: the indication's, the transaction's and the open
 * delivery-check tasks' transitions. Throws 422 naming the refused state; changes nothing.
 */
export function checkManualDecision(
  store: Store,
  space: number,
  id: number,
  decision: ManualDecision,
): CheckedDecision {
  const indication = loadObject(store, 'DeliveryIndication', id, space);
  assertTransition(deliveryIndicationLifecycle, indication, decision);
  const transactionId = Number(indication.linkedTransaction);
  assertTransition(
    transactionLifecycle,
    loadTransaction(store, transactionId, space),
    DECISIONS[decision].transaction,
  );
  const openTasks = openTasksAbout(store, space, DELIVERY_CHECK_TASK.type, transactionId);
  assertClosable(openTasks);
  return { space, indication, decision, openTasks };
}

/** Applies a checked decision: indication, transaction (FULFILL or DECLINE), open tasks DONE. */
export function applyManualDecision(
  store: Store,
  checked: CheckedDecision,
  userId: number | undefined,
  now: Date,
) {
  const { space, indication, decision, openTasks } = checked;
  const decided = applyTransition(
    store,
    deliveryIndicationLifecycle,
    Number(indication.id),
    space,
    decision,
    (d) => ({
      ...d,
      manuallyDecidedOn: now.toISOString(),
      manuallyDecidedBy: userId,
    }),
  );
  const { transaction, change } = DECISIONS[decision];
  applyTransition(store, transactionLifecycle, Number(decided.linkedTransaction), space, transaction, (t) =>
    change({ ...t, deliveryDecisionMadeOn: now.toISOString() }),
  );
  for (const task of openTasks) closeTask(store, space, Number(task.id));
  return decided;
}

/** The merchant's decision (mark-suitable / mark-not-suitable): checked in full, then applied. */
export function decideManually(
  store: Store,
  space: number,
  id: number,
  decision: ManualDecision,
  userId: number | undefined,
  now: Date,
) {
  return applyManualDecision(store, checkManualDecision(store, space, id, decision), userId, now);
}

/**
 * The indication a delivery-check task about `transactionId` decides: the one awaiting a decision,
 * else the latest (so that a refusal names its decided state); 422 when the transaction has none.
 */
export function indicationOfTransaction(store: Store, space: number, transactionId: number) {
  const all = store.where('DeliveryIndication', 'linkedTransaction', transactionId, space);
  const waiting = all.find((d) => d.state === 'MANUAL_CHECK_REQUIRED' || d.state === 'PENDING');
  const latest = all.reduce<StoredObject | undefined>(
    (a, d) => (!a || Number(d.id) > Number(a.id) ? d : a),
    undefined,
  );
  const found = waiting ?? latest;
  if (!found) {
    throw new ApiError(422, `Transaction ${transactionId} has no delivery indication to decide.`, {
      contextEntityId: 'no delivery indication',
    });
  }
  return found;
}

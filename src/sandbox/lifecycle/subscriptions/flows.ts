// The subscription actions that span several objects: create, initialize, suspend, reactivate,
// terminate, and the ends the clock brings (a period's bill, a version's or a termination period's
// end). Each checks its transition before it changes anything (a refusal leaves all as it was).
import { unprocessable } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store } from '../../store';
import { applyTransition, assertTransition } from '../machine';
import { owedEntries } from './ledger';
import { closePeriodBill, openPeriodBill, pendingBill } from './period-bills';
import { addMonths, iso } from './periods';
import { referenced } from '../references';
import {
  createCharge,
  discardScheduledCharges,
  isChargeable,
  owedCurrencies,
  runCharge,
  scheduleCharge,
} from './charges';
import {
  completeVersionTermination,
  createVersion,
  currentVersion,
  subscriptionLifecycle,
  subscriptionVersionLifecycle,
  terminateSubscription,
  type VersionTerms,
} from './life-cycle';

export interface SubscriptionInput {
  terms: VersionTerms;
  subscriber?: number;
  token?: number;
  affiliate?: number;
  reference?: string;
  description?: string;
  plannedTerminationDate?: string;
}

/** A PENDING subscription with its first, PENDING version; returns the version. */
export function createSubscription(store: Store, space: number, input: SubscriptionInput, now: Date) {
  const subscriber =
    input.subscriber !== undefined
      ? referenced(store, 'Subscriber', input.subscriber, space, 'subscription.subscriber')
      : undefined;
  if (input.token !== undefined) referenced(store, 'Token', input.token, space, 'subscription.token');
  if (input.affiliate !== undefined)
    referenced(store, 'SubscriptionAffiliate', input.affiliate, space, 'subscription.affiliate');
  if (input.plannedTerminationDate !== undefined && new Date(input.plannedTerminationDate) <= now) {
    throw unprocessable('subscription.plannedTerminationDate must lie in the future.', {
      'subscription.plannedTerminationDate': 'must lie in the future',
    });
  }
  const subscription = createObject(
    store,
    'Subscription',
    space,
    {
      state: 'PENDING',
      subscriber: input.subscriber,
      token: input.token,
      affiliate: input.affiliate,
      reference: input.reference,
      description: input.description,
      plannedTerminationDate: input.plannedTerminationDate,
      language: subscriber?.language ?? 'en-US',
    },
    now,
  );
  const version = createVersion(store, space, subscription, input.terms, 'PENDING', now);
  store.update('Subscription', subscription.id, space, (s) => ({
    ...s,
    currentProductVersion: version.productVersion,
  }));
  return version;
}

export interface InitializeOptions {
  subscriberPresent: boolean;
  successUrl?: string;
  failedUrl?: string;
}

/**
 * PENDING -> INITIALIZING, the initial charge (run at once), then as the charge ends: INITIALIZING ->
 * ACTIVE with the first period bill opened, or INITIALIZING -> FAILED (subscription and version) when
 * the subscription's token declines or fails the charge. A FAILED subscription is final: the tables
 * allow no action from it, so a new subscription is the way to try again. Returns the initial charge.
 */
export function initializeSubscription(
  store: Store,
  space: number,
  subscriptionId: number,
  options: InitializeOptions,
  now: Date,
) {
  const subscription = loadObject(store, 'Subscription', subscriptionId, space);
  assertTransition(subscriptionLifecycle, subscription, 'initialize');
  const version = currentVersion(store, space, subscriptionId);
  assertTransition(subscriptionVersionLifecycle, version, 'initialize');
  const versionId = Number(version.id);
  applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'initialize', (s) => ({
    ...s,
    initializedOn: iso(now),
  }));
  applyTransition(store, subscriptionVersionLifecycle, versionId, space, 'initialize');
  const charge = scheduleCharge(
    store,
    space,
    {
      subscription: subscriptionId,
      externalId: `initial-charge-${subscriptionId}`,
      processingType: options.subscriberPresent ? 'CHARGE_FLOW' : 'SYNCHRONOUS',
      type: 'AUTOMATIC',
      reference: subscription.reference,
      successUrl: options.successUrl,
      failedUrl: options.failedUrl,
    },
    now,
  );
  const done = runCharge(store, space, Number(charge.id), now);
  if (done.state !== 'SUCCESSFUL') {
    // The Subscription model has no failedOn; the version's failedOn and the charge tell when.
    applyTransition(store, subscriptionVersionLifecycle, versionId, space, 'fail', (v) => ({
      ...v,
      failedOn: iso(now),
    }));
    applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'fail');
    return done;
  }
  const stamp = { activatedOn: iso(now) };
  const active = applyTransition(store, subscriptionVersionLifecycle, versionId, space, 'activate', (v) => ({
    ...v,
    ...stamp,
  }));
  applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'activate', (s) => ({
    ...s,
    ...stamp,
  }));
  openPeriodBill(store, space, active, now, now);
  return done;
}

export interface SuspensionInput {
  note?: string;
  endAction?: 'TERMINATE' | 'REACTIVATE';
  plannedEndDate?: string;
}

/** SubscriptionSuspension is no resource of its own (no base): the sandbox keeps it beside the others. */
const SUSPENSION = 'SubscriptionSuspension';

/** ACTIVE -> SUSPENDED, recording a RUNNING (manual) suspension; returns the suspension. */
export function suspendSubscription(
  store: Store,
  space: number,
  subscriptionId: number,
  input: SuspensionInput,
  now: Date,
) {
  const plannedEnd = input.plannedEndDate !== undefined ? new Date(input.plannedEndDate) : addMonths(now, 1);
  if (plannedEnd.getTime() <= now.getTime()) {
    throw unprocessable('plannedEndDate must lie in the future.', {
      plannedEndDate: 'must lie in the future',
    });
  }
  const suspended = applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'suspend');
  const id = store.nextId();
  return store.put(SUSPENSION, space, id, {
    id,
    subscription: suspended.id,
    state: 'RUNNING',
    reason: 'MANUAL',
    note: input.note,
    endAction: input.endAction ?? 'REACTIVATE',
    plannedEndDate: iso(plannedEnd),
    language: suspended.language,
    linkedSpaceId: space,
    createdOn: iso(now),
    version: 1,
  });
}

/** SUSPENDED -> ACTIVE; the running suspension ends now. */
export function reactivateSubscription(store: Store, space: number, subscriptionId: number, now: Date) {
  const active = applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'reactivate');
  for (const s of store.where(SUSPENSION, 'subscription', subscriptionId, space)) {
    if (s.state !== 'RUNNING') continue;
    store.put(SUSPENSION, space, Number(s.id), {
      ...s,
      state: 'ENDED',
      effectiveEndDate: iso(now),
      version: Number(s.version) + 1,
    });
  }
  return active;
}

/** Terminates (see subscriptions.ts); scheduled charges are discarded when it ends at once. */
export function terminate(
  store: Store,
  space: number,
  subscriptionId: number,
  respectTerminationPeriod: boolean,
  now: Date,
  by: number | undefined,
) {
  const result = terminateSubscription(store, space, subscriptionId, respectTerminationPeriod, now, by);
  if (!respectTerminationPeriod) discardScheduledCharges(store, space, subscriptionId, now);
  return result;
}

/**
 * Charges what the subscription owes at once by its token (an automatic charge; in `currency`, else the
 * oldest owed entry's), when it owes anything and may be charged: a terminated subscription's last bill
 * closes uncharged.
 */
function chargeOwed(
  store: Store,
  space: number,
  subscriptionId: number,
  externalId: string,
  now: Date,
  currency?: string,
): void {
  const subscription = store.get('Subscription', subscriptionId, space);
  if (!subscription || !isChargeable(subscription) || !owedEntries(store, space, subscriptionId).length)
    return;
  const input = {
    subscription: subscriptionId,
    externalId,
    processingType: 'SYNCHRONOUS',
    type: 'AUTOMATIC',
  } as const;
  createCharge(store, space, input, now, currency);
}

/** Before a subscription ends, what it owes in every currency: one charge per currency (a charge takes one). */
function chargeAllOwed(
  store: Store,
  space: number,
  subscriptionId: number,
  externalId: string,
  now: Date,
): void {
  const currencies = owedCurrencies(store, space, subscriptionId);
  for (const currency of currencies) {
    chargeOwed(
      store,
      space,
      subscriptionId,
      currencies.length > 1 ? `${externalId}-${currency}` : externalId,
      now,
      currency,
    );
  }
}

/**
 * A period ends: its bill closes at the planned end, the next period opens (unless the version or the
 * subscription ends by then), and what the subscription owes is charged.
 */
export function billPeriod(store: Store, space: number, billId: number, now: Date): void {
  const bill = loadObject(store, 'SubscriptionPeriodBill', billId, space);
  closePeriodBill(store, space, billId, new Date(String(bill.plannedPeriodEndDate)), true, now);
  const version = loadObject(store, 'SubscriptionVersion', Number(bill.subscriptionVersion), space);
  chargeOwed(store, space, Number(version.subscription), `period-bill-${billId}`, now);
}

/** Closes the version's PENDING bill at `at` as its last (no next period), if it has one begun by then. */
function closeLastBill(store: Store, space: number, versionId: number, at: Date, now: Date) {
  const bill = pendingBill(store, space, versionId);
  if (!bill || Date.parse(String(bill.periodStartDate)) > at.getTime()) return undefined;
  return closePeriodBill(store, space, Number(bill.id), at, false, now);
}

/**
 * A version that ran out its period ends at its plannedTerminationDate: its last bill closes then,
 * it is TERMINATED, and what the subscription owes (that bill's usage included) is charged.
 */
export function completeRunOut(store: Store, space: number, versionId: number, now: Date) {
  const version = loadObject(store, 'SubscriptionVersion', versionId, space);
  assertTransition(subscriptionVersionLifecycle, version, 'completeTermination');
  const at = new Date(String(version.plannedTerminationDate));
  const bill = closeLastBill(store, space, versionId, at, now);
  const done = completeVersionTermination(store, space, versionId, at);
  if (bill) chargeOwed(store, space, Number(version.subscription), `period-bill-${String(bill.id)}`, now);
  return done;
}

/**
 * A termination period ends at the subscription's plannedTerminationDate: the bills of its active
 * versions close then as their last and what it owes is charged, then it terminates at that date as
 * `terminate` without a termination period does (scheduled charges discarded).
 */
export function endTerminationPeriod(store: Store, space: number, subscriptionId: number, now: Date) {
  const subscription = loadObject(store, 'Subscription', subscriptionId, space);
  if (subscription.state !== 'TERMINATION_SCHEDULED') {
    throw unprocessable(
      `Subscription ${subscriptionId} is ${String(subscription.state)}, not TERMINATION_SCHEDULED: no termination period to end.`,
      {
        state: String(subscription.state),
      },
    );
  }
  const at = new Date(String(subscription.plannedTerminationDate));
  for (const version of store.where('SubscriptionVersion', 'subscription', subscriptionId, space)) {
    if (version.state === 'ACTIVE') closeLastBill(store, space, version.id, at, now);
  }
  chargeAllOwed(store, space, subscriptionId, `termination-${subscriptionId}`, now);
  return terminate(store, space, subscriptionId, false, at, undefined);
}

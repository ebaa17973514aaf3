// The subscription actions that span several objects: create, initialize, suspend, reactivate,
// terminate. Each checks its transition before it changes anything (a refusal leaves all as it was).
import { unprocessable } from '../errors';
import { createObject, loadObject } from '../objects';
import type { Store, StoredObject } from '../store';
import { applyTransition, assertTransition } from './machine';
import { openPeriodBill } from './period-bills';
import { addMonths, iso } from './periods';
import { referenced } from './references';
import { discardScheduledCharges, runCharge, scheduleCharge } from './subscription-charges';
import {
  createVersion,
  currentVersion,
  subscriptionLifecycle,
  subscriptionVersionLifecycle,
  terminateSubscription,
  type VersionTerms,
} from './subscriptions';

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
export function createSubscription(store: Store, space: number, input: SubscriptionInput, now: Date): StoredObject {
  const subscriber =
    input.subscriber !== undefined ? referenced(store, 'Subscriber', input.subscriber, space, 'subscription.subscriber') : undefined;
  if (input.token !== undefined) referenced(store, 'Token', input.token, space, 'subscription.token');
  if (input.affiliate !== undefined) referenced(store, 'SubscriptionAffiliate', input.affiliate, space, 'subscription.affiliate');
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
  store.update('Subscription', subscription.id as number, space, (s) => ({
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
): StoredObject {
  const subscription = loadObject(store, 'Subscription', subscriptionId, space);
  assertTransition(subscriptionLifecycle, subscription, 'initialize');
  const version = currentVersion(store, space, subscriptionId);
  assertTransition(subscriptionVersionLifecycle, version, 'initialize');
  const versionId = version.id as number;
  applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'initialize', (s) => ({ ...s, initializedOn: iso(now) }));
  applyTransition(store, subscriptionVersionLifecycle, versionId, space, 'initialize');
  const charge = scheduleCharge(
    store,
    space,
    {
      subscription: subscriptionId,
      externalId: `initial-charge-${subscriptionId}`,
      processingType: options.subscriberPresent ? 'CHARGE_FLOW' : 'SYNCHRONOUS',
      type: 'AUTOMATIC',
      reference: subscription.reference as string | undefined,
      successUrl: options.successUrl,
      failedUrl: options.failedUrl,
    },
    now,
  );
  const done = runCharge(store, space, charge.id as number, now);
  if (done.state !== 'SUCCESSFUL') {
    // The Subscription model has no failedOn; the version's failedOn and the charge tell when.
    applyTransition(store, subscriptionVersionLifecycle, versionId, space, 'fail', (v) => ({ ...v, failedOn: iso(now) }));
    applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'fail');
    return done;
  }
  const stamp = { activatedOn: iso(now) };
  const active = applyTransition(store, subscriptionVersionLifecycle, versionId, space, 'activate', (v) => ({ ...v, ...stamp }));
  applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'activate', (s) => ({ ...s, ...stamp }));
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
export function suspendSubscription(store: Store, space: number, subscriptionId: number, input: SuspensionInput, now: Date): StoredObject {
  const plannedEnd = input.plannedEndDate !== undefined ? new Date(input.plannedEndDate) : addMonths(now, 1);
  if (plannedEnd.getTime() <= now.getTime()) {
    throw unprocessable('plannedEndDate must lie in the future.', { plannedEndDate: 'must lie in the future' });
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
export function reactivateSubscription(store: Store, space: number, subscriptionId: number, now: Date): StoredObject {
  const active = applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'reactivate');
  for (const s of store.where(SUSPENSION, 'subscription', subscriptionId, space)) {
    if (s.state !== 'RUNNING') continue;
    store.put(SUSPENSION, space, s.id as number, {
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
): StoredObject {
  const result = terminateSubscription(store, space, subscriptionId, respectTerminationPeriod, now, by);
  if (!respectTerminationPeriod) discardScheduledCharges(store, space, subscriptionId, now);
  return result;
}

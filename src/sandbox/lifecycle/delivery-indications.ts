// Delivery indications: after its last completion a transaction is COMPLETED and the sandbox decides
// whether the goods may ship. The rule (documented in the sandbox README): when the billing and the
// shipping address name different countries, the decision needs a manual check (the indication waits
// in MANUAL_CHECK_REQUIRED, the transaction stays COMPLETED); otherwise it is SUITABLE at once and the
// transaction moves on to FULFILL. Marking suitable fulfils, marking not suitable declines.
import { createObject } from '../objects';
import type { Store, StoredObject } from '../store';
import { applyTransition, assertTransition, defineLifecycle } from './machine';
import { FAILURES, loadTransaction, transactionLifecycle } from './transactions';

export type DeliveryIndicationState = 'PENDING' | 'NOT_SUITABLE' | 'MANUAL_CHECK_REQUIRED' | 'SUITABLE';

export const deliveryIndicationLifecycle = defineLifecycle<DeliveryIndicationState>({
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
  consistent: { id: 2001, name: { 'en-US': 'Addresses consistent' }, description: { 'en-US': 'Billing and shipping country agree.' } },
  countriesDiffer: { id: 2002, name: { 'en-US': 'Countries differ' }, description: { 'en-US': 'Billing and shipping country differ; check manually.' } },
};

function countryOf(address: unknown): string | undefined {
  return (address as Record<string, unknown> | undefined)?.country as string | undefined;
}

export function needsManualCheck(transaction: StoredObject): boolean {
  const billing = countryOf(transaction.billingAddress);
  const shipping = countryOf(transaction.shippingAddress);
  return !!billing && !!shipping && billing.toUpperCase() !== shipping.toUpperCase();
}

/** Creates the indication of a just COMPLETED transaction and applies the automatic decision. */
export function decideDelivery(store: Store, space: number, transaction: StoredObject, completion: StoredObject, now: Date): StoredObject {
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
    return applyTransition(store, deliveryIndicationLifecycle, id, space, 'requireManualCheck', (d) => ({
      ...d,
      manualDecisionTimeoutOn: new Date(now.getTime() + 3 * DAY_MS).toISOString(),
    }));
  }
  const decided = applyTransition(store, deliveryIndicationLifecycle, id, space, 'decideAutomatically', (d) => ({
    ...d,
    automaticallyDecidedOn: now.toISOString(),
  }));
  applyTransition(store, transactionLifecycle, Number(transaction.id), space, 'fulfill', (t) => ({ ...t, deliveryDecisionMadeOn: now.toISOString() }));
  return decided;
}

/** The merchant's decision: suitable fulfils the transaction, not suitable declines it. */
export function decideManually(store: Store, space: number, id: number, suitable: boolean, userId: number | undefined, now: Date): StoredObject {
  const indication = store.get('DeliveryIndication', id, space);
  const action = suitable ? 'markSuitable' : 'markNotSuitable';
  const transactionAction = suitable ? 'fulfill' : 'declineDelivery';
  if (indication) {
    assertTransition(deliveryIndicationLifecycle, indication, action);
    assertTransition(transactionLifecycle, loadTransaction(store, Number(indication.linkedTransaction), space), transactionAction);
  }
  const decided = applyTransition(store, deliveryIndicationLifecycle, id, space, action, (d) => ({
    ...d,
    manuallyDecidedOn: now.toISOString(),
    manuallyDecidedBy: userId,
  }));
  applyTransition(store, transactionLifecycle, Number(decided.linkedTransaction), space, transactionAction, (t) => ({
    ...t,
    deliveryDecisionMadeOn: now.toISOString(),
    ...(suitable ? {} : { failureReason: FAILURES.notSuitable, userFailureMessage: (FAILURES.notSuitable.description as Record<string, string>)['en-US'] }),
  }));
  return decided;
}

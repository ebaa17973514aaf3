// Subscription charges: a charge takes the OPEN ledger entries of the subscription's current version
// (they become SCHEDULED). Running it bills them in one step: the sandbox creates the payment the
// charge stands for (a FULFILL transaction, its SUCCESSFUL completion and a PAID invoice), so that the
// subscription's invoices are real objects; the entries become PAID. Discarding releases them (OPEN).
import { unprocessable } from '../errors';
import { createObject, loadObject } from '../objects';
import type { Store, StoredObject } from '../store';
import { moveEntries, openEntries } from './ledger';
import { applyTransition, defineLifecycle } from './machine';
import { iso, money } from './periods';
import { currentVersion } from './subscriptions';

export const subscriptionChargeLifecycle = defineLifecycle({
  model: 'SubscriptionCharge',
  field: 'state',
  actions: {
    discard: { from: ['SCHEDULED'], to: 'DISCARDED' },
    process: { from: ['SCHEDULED'], to: 'PROCESSING' },
    succeed: { from: ['PROCESSING'], to: 'SUCCESSFUL' },
    fail: { from: ['PROCESSING'], to: 'FAILED' },
  },
});

export interface ChargeInput {
  subscription: number;
  externalId: string;
  processingType: 'SYNCHRONOUS' | 'CHARGE_FLOW';
  type: 'MANUAL' | 'AUTOMATIC';
  reference?: string;
  plannedExecutionDate?: string;
  successUrl?: string;
  failedUrl?: string;
}

/** Subscription states in which a charge may be created (initialization charges its own way). */
const CHARGEABLE_STATES = ['INITIALIZING', 'ACTIVE', 'SUSPENDED', 'TERMINATION_SCHEDULED'];

/** Creates a SCHEDULED charge over the current version's OPEN ledger entries. */
export function scheduleCharge(store: Store, space: number, input: ChargeInput, now: Date): StoredObject {
  const subscription = loadObject(store, 'Subscription', input.subscription, space);
  if (!CHARGEABLE_STATES.includes(String(subscription.state))) {
    throw unprocessable(
      `Cannot charge Subscription ${input.subscription}: it is ${String(subscription.state)}; charges are allowed only when it is ${CHARGEABLE_STATES.join(', ')}.`,
      { subscription: String(subscription.state) },
    );
  }
  const version = currentVersion(store, space, input.subscription);
  const entryIds = openEntries(store, space, version.id as number).map((e) => e.id as number);
  moveEntries(store, space, entryIds, 'schedule');
  return createObject(
    store,
    'SubscriptionCharge',
    space,
    {
      subscription: input.subscription,
      externalId: input.externalId,
      processingType: input.processingType,
      type: input.type,
      reference: input.reference,
      plannedExecutionDate: input.plannedExecutionDate ?? iso(now),
      successUrl: input.successUrl,
      failedUrl: input.failedUrl,
      language: subscription.language,
      ledgerEntries: entryIds,
      state: 'SCHEDULED',
    },
    now,
  );
}

function lineItemOf(entry: StoredObject): StoredObject {
  return {
    uniqueId: `ledger-entry-${String(entry.id)}`,
    sku: entry.componentReferenceName ?? `fee-${String(entry.id)}`,
    name: entry.title,
    type: 'PRODUCT',
    quantity: entry.quantity,
    amountIncludingTax: entry.amountIncludingTax,
    amountExcludingTax: entry.amountExcludingTax,
    taxAmount: entry.taxAmount,
    aggregatedTaxRate: entry.aggregatedTaxRate,
    taxes: entry.taxes,
    unitPriceIncludingTax: money(Number(entry.amountIncludingTax) / Number(entry.quantity)),
    shippingRequired: false,
  };
}

/** The payment a charge stands for: transaction, completion and invoice, all settled. */
function createPayment(store: Store, space: number, charge: StoredObject, entries: StoredObject[], now: Date): number {
  const subscription = loadObject(store, 'Subscription', charge.subscription as number, space);
  const version = currentVersion(store, space, subscription.id as number);
  const subscriber = subscription.subscriber ? store.get('Subscriber', subscription.subscriber as number, space) : undefined;
  const lineItems = entries.map(lineItemOf);
  const amount = money(entries.reduce((sum, e) => sum + Number(e.amountIncludingTax), 0));
  const taxAmount = money(entries.reduce((sum, e) => sum + Number(e.taxAmount), 0));
  const common = { language: subscription.language, lineItems, linkedSpaceId: space };
  const transaction = createObject(store, 'Transaction', space, {
    ...common,
    state: 'FULFILL',
    currency: version.billingCurrency,
    merchantReference: charge.reference ?? `subscription-${String(subscription.id)}`,
    customersPresence: charge.processingType === 'CHARGE_FLOW' ? 'VIRTUAL_PRESENT' : 'NOT_PRESENT',
    authorizationAmount: amount,
    completedAmount: amount,
    refundedAmount: 0,
    token: subscription.token,
    customerEmailAddress: subscriber?.emailAddress,
    billingAddress: subscriber?.billingAddress,
    authorizedOn: iso(now),
    completedOn: iso(now),
    environment: 'PREVIEW',
  }, now);
  const completion = createObject(store, 'TransactionCompletion', space, {
    ...common,
    linkedTransaction: transaction.id,
    state: 'SUCCESSFUL',
    mode: 'DIRECT',
    amount,
    taxAmount,
    lastCompletion: true,
    succeededOn: iso(now),
  }, now);
  createObject(store, 'TransactionInvoice', space, {
    ...common,
    linkedTransaction: transaction.id,
    completion: completion.id,
    state: 'PAID',
    amount,
    taxAmount,
    outstandingAmount: 0,
    externalId: `charge-${String(charge.id)}`,
    merchantReference: transaction.merchantReference,
    billingAddress: subscriber?.billingAddress,
    dueOn: iso(now),
    paidOn: iso(now),
    environment: 'PREVIEW',
  }, now);
  return transaction.id as number;
}

/**
 * Runs a SCHEDULED charge: PROCESSING, then SUCCESSFUL with its payment (charges in the sandbox
 * always succeed; a charge without ledger entries bills nothing and creates no payment).
 */
export function runCharge(store: Store, space: number, chargeId: number, now: Date): StoredObject {
  const processing = applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'process');
  const entryIds = (processing.ledgerEntries ?? []) as number[];
  const entries = entryIds.map((id) => loadObject(store, 'SubscriptionLedgerEntry', id, space));
  const transactionId = entries.length ? createPayment(store, space, processing, entries, now) : undefined;
  moveEntries(store, space, entryIds, 'pay');
  return applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'succeed', (c) => ({
    ...c,
    succeedOn: iso(now),
    ...(transactionId !== undefined ? { transaction: transactionId } : {}),
  }));
}

/** Discards a SCHEDULED charge and gives its ledger entries back (OPEN). */
export function discardCharge(store: Store, space: number, chargeId: number, now: Date, by: number | undefined): StoredObject {
  const discarded = applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'discard', (c) => ({
    ...c,
    discardedOn: iso(now),
    ...(by !== undefined ? { discardedBy: by } : {}),
  }));
  moveEntries(store, space, (discarded.ledgerEntries ?? []) as number[], 'release');
  return discarded;
}

/** Discards every SCHEDULED charge of a subscription (on termination). */
export function discardScheduledCharges(store: Store, space: number, subscriptionId: number, now: Date): void {
  for (const charge of store.list('SubscriptionCharge', space)) {
    if (charge.subscription === subscriptionId && charge.state === 'SCHEDULED') {
      discardCharge(store, space, charge.id as number, now, undefined);
    }
  }
}

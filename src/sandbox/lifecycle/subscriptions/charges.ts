// Subscription charges: a charge takes the OPEN ledger entries of every version of the subscription
// (SCHEDULED while it runs) and asks the subscription's payment means for the money; the outcomes, and
// what a discard releases, are at `runCharge` and `discardCharge` below.
import { unprocessable } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store, Stored, StoredObject } from '../../store';
import { moveEntries, owedEntries } from './ledger';
import { applyTransition, defineLifecycle } from '../machine';
import { iso, money } from './periods';
import { activeVersion } from '../tokens';
import { FAILURES } from '../transactions/life-cycle';
import { tokenCardOutcome } from '../transactions/cards';
import { newTransactionGroup } from '../transactions/groups';
import { refuse, type Payment } from '../transactions/processing';

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

/** Whether a charge may be created for the subscription in its current state. */
export function isChargeable(subscription: Stored<'Subscription'>): boolean {
  return CHARGEABLE_STATES.includes(String(subscription.state));
}

/** The currency an owed ledger entry is billed in: its version's. */
function currencyOf(store: Store, space: number, entry: Stored<'SubscriptionLedgerEntry'>): unknown {
  return store.get('SubscriptionVersion', Number(entry.subscriptionVersion), space)?.billingCurrency;
}

/** The currencies the subscription owes in, the oldest entry's first. */
export function owedCurrencies(store: Store, space: number, subscriptionId: number): string[] {
  return [
    ...new Set(
      owedEntries(store, space, subscriptionId).map((entry) => String(currencyOf(store, space, entry))),
    ),
  ];
}

/**
 * The entries one charge takes: what the subscription owes in one currency, `currency` or that of its
 * oldest OPEN entry's version (one payment has one currency, and apply-changes may change a
 * subscription's); what is owed in another currency stays OPEN for another charge.
 */
function entriesToCharge(store: Store, space: number, subscriptionId: number, currency?: string) {
  const owed = owedEntries(store, space, subscriptionId);
  const taken = currency ?? (owed.length ? String(currencyOf(store, space, owed[0])) : undefined);
  return owed.filter((entry) => String(currencyOf(store, space, entry)) === taken);
}

/** Creates a SCHEDULED charge over the OPEN ledger entries of the subscription's versions (one currency). */
/** `currency`: whose owed entries it takes (default: the oldest owed entry's). */
export function scheduleCharge(
  store: Store,
  space: number,
  input: ChargeInput,
  now: Date,
  currency?: string,
) {
  const subscription = loadObject(store, 'Subscription', input.subscription, space);
  if (!isChargeable(subscription)) {
    throw unprocessable(
      `Cannot charge Subscription ${input.subscription}: it is ${String(subscription.state)}; charges are allowed only when it is ${CHARGEABLE_STATES.join(', ')}.`,
      { subscription: String(subscription.state) },
    );
  }
  const entryIds = entriesToCharge(store, space, input.subscription, currency).map((e) => Number(e.id));
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

function lineItemOf(entry: Stored<'SubscriptionLedgerEntry'>) {
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

/** How a charge ends when its payment means refuses it. */
interface Refusal {
  action: 'decline' | 'fail';
  reason: StoredObject;
  tokenVersion?: Stored<'TokenVersion'>;
}

/**
 * The outcome of charging the subscription: undefined when the money is paid, else the refusal. A
 * token that is gone, not ACTIVE or without an ACTIVE version cannot pay (FAILED, the payments life
 * cycle's "no active token version" reason). A subscription without a token is charged as before
 * (approved): the sandbox has no other payment means to ask.
 */
function refusalOf(store: Store, space: number, subscription: Stored<'Subscription'>): Refusal | undefined {
  if (subscription.token === undefined || subscription.token === null) return undefined;
  const token = store.get('Token', Number(subscription.token), space);
  const tokenVersion = token?.state === 'ACTIVE' ? activeVersion(store, space, Number(token.id)) : undefined;
  if (!tokenVersion) return { action: 'fail', reason: FAILURES.tokenInactive };
  const outcome = tokenCardOutcome(tokenVersion);
  if (outcome === 'decline') return { action: 'decline', reason: FAILURES.declined, tokenVersion };
  if (outcome === 'fail') return { action: 'fail', reason: FAILURES.processorError, tokenVersion };
  return undefined;
}

/**
 * The transaction fields every charge's payment shares: what is owed, by whom, with which token. The
 * currency is the billing currency of the entries' version (a new version keeps its predecessor's
 * currency), not the current version's: a subscription whose last version ran out may have none.
 */
function chargeTransaction(
  store: Store,
  space: number,
  charge: Stored<'SubscriptionCharge'>,
  entries: Stored<'SubscriptionLedgerEntry'>[],
  now: Date,
) {
  const subscription = loadObject(store, 'Subscription', Number(charge.subscription), space);
  const version = loadObject(store, 'SubscriptionVersion', Number(entries[0].subscriptionVersion), space);
  const subscriber = subscription.subscriber
    ? store.get('Subscriber', subscription.subscriber, space)
    : undefined;
  return {
    language: subscription.language,
    lineItems: entries.map(lineItemOf),
    linkedSpaceId: space,
    currency: version.billingCurrency,
    merchantReference: charge.reference ?? `subscription-${String(subscription.id)}`,
    customersPresence: charge.processingType === 'CHARGE_FLOW' ? 'VIRTUAL_PRESENT' : 'NOT_PRESENT',
    authorizationAmount: money(entries.reduce((sum, e) => sum + Number(e.amountIncludingTax), 0)),
    token: subscription.token,
    customerEmailAddress: subscriber?.emailAddress,
    group: newTransactionGroup(store, space, undefined, iso(now)),
    billingAddress: subscriber?.billingAddress,
    environment: 'PREVIEW',
  };
}

/** The payment a successful charge stands for: transaction, completion and invoice, all settled. */
function createPayment(
  store: Store,
  space: number,
  charge: Stored<'SubscriptionCharge'>,
  entries: Stored<'SubscriptionLedgerEntry'>[],
  now: Date,
): number {
  const fields = chargeTransaction(store, space, charge, entries, now);
  const amount = fields.authorizationAmount;
  const taxAmount = money(entries.reduce((sum, e) => sum + Number(e.taxAmount), 0));
  const common = { language: fields.language, lineItems: fields.lineItems, linkedSpaceId: space };
  const transaction = createObject(
    store,
    'Transaction',
    space,
    {
      ...fields,
      state: 'FULFILL',
      completedAmount: amount,
      refundedAmount: 0,
      authorizedOn: iso(now),
      completedOn: iso(now),
    },
    now,
  );
  const completion = createObject(
    store,
    'TransactionCompletion',
    space,
    {
      ...common,
      linkedTransaction: transaction.id,
      state: 'SUCCESSFUL',
      mode: 'DIRECT',
      amount,
      taxAmount,
      lastCompletion: true,
      succeededOn: iso(now),
    },
    now,
  );
  createObject(
    store,
    'TransactionInvoice',
    space,
    {
      ...common,
      linkedTransaction: transaction.id,
      completion: completion.id,
      state: 'PAID',
      amount,
      taxAmount,
      outstandingAmount: 0,
      externalId: `charge-${String(charge.id)}`,
      merchantReference: transaction.merchantReference,
      billingAddress: fields.billingAddress,
      dueOn: iso(now),
      paidOn: iso(now),
      environment: 'PREVIEW',
    },
    now,
  );
  return transaction.id;
}

/**
 * The payment attempt of a refused charge: a PENDING token transaction that the payments life cycle
 * confirms and then declines or fails (with a FAILED charge attempt), exactly as card processing
 * refuses a card. Nothing is completed or invoiced.
 */
function createRefusedPayment(
  store: Store,
  space: number,
  charge: Stored<'SubscriptionCharge'>,
  entries: Stored<'SubscriptionLedgerEntry'>[],
  refusal: Refusal,
  now: Date,
): number {
  const transaction = createObject(
    store,
    'Transaction',
    space,
    {
      ...chargeTransaction(store, space, charge, entries, now),
      state: 'PENDING',
      autoConfirmationEnabled: true,
      completedAmount: 0,
      refundedAmount: 0,
    },
    now,
  );
  const tokenVersion = refusal.tokenVersion;
  const payment: Payment = {
    record: { paidWith: 'token' },
    means: { name: String(tokenVersion?.name ?? 'Token') },
    connectorConfiguration: tokenVersion?.paymentConnectorConfiguration,
    chargeType: 'TOKEN',
    tokenVersion: tokenVersion ? Number(tokenVersion.id) : undefined,
  };
  refuse(store, space, transaction, payment, refusal.action, refusal.reason, now);
  return transaction.id;
}

/**
 * Runs a SCHEDULED charge: PROCESSING, then as the subscription's token decides:
 * - approved: the payment the charge stands for is created (a FULFILL transaction, its SUCCESSFUL
 *   completion and a PAID invoice: the subscription's invoices are real objects); entries PAID, the
 *   charge SUCCESSFUL;
 * - declined or failed: the charge's transaction walks the payments life cycle to DECLINE or FAILED
 *   with its reason (a FAILED charge attempt records the try); entries OPEN again for a new charge,
 *   the charge FAILED (final).
 * A charge without ledger entries bills nothing: it succeeds without asking the token and creates no
 * payment. The subscription's state is the caller's concern.
 */
export function runCharge(store: Store, space: number, chargeId: number, now: Date) {
  const processing = applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'process');
  const entryIds = processing.ledgerEntries ?? [];
  const entries = entryIds.map((id) => loadObject(store, 'SubscriptionLedgerEntry', id, space));
  if (!entries.length) {
    return applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'succeed', (c) => ({
      ...c,
      succeedOn: iso(now),
    }));
  }
  const subscription = loadObject(store, 'Subscription', Number(processing.subscription), space);
  const refusal = refusalOf(store, space, subscription);
  if (refusal) {
    const transaction = createRefusedPayment(store, space, processing, entries, refusal, now);
    moveEntries(store, space, entryIds, 'release');
    return applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'fail', (c) => ({
      ...c,
      failedOn: iso(now),
      transaction,
    }));
  }
  const transaction = createPayment(store, space, processing, entries, now);
  moveEntries(store, space, entryIds, 'pay');
  return applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'succeed', (c) => ({
    ...c,
    succeedOn: iso(now),
    transaction,
  }));
}

/**
 * POST /subscriptions/charges: the sandbox has no scheduler, so a charge that is due (no planned
 * execution date, or one not in the future) runs at once; a later one waits SCHEDULED until discarded.
 * A failed charge leaves the subscription as it is; retrying is creating a new charge, which takes
 * the entries the failed one gave back.
 */
export function createCharge(store: Store, space: number, input: ChargeInput, now: Date, currency?: string) {
  const charge = scheduleCharge(store, space, input, now, currency);
  const due =
    input.plannedExecutionDate === undefined || Date.parse(input.plannedExecutionDate) <= now.getTime();
  return due ? runCharge(store, space, Number(charge.id), now) : charge;
}

/** Discards a SCHEDULED charge and gives its ledger entries back (OPEN). */
export function discardCharge(
  store: Store,
  space: number,
  chargeId: number,
  now: Date,
  by: number | undefined,
) {
  const discarded = applyTransition(store, subscriptionChargeLifecycle, chargeId, space, 'discard', (c) => ({
    ...c,
    discardedOn: iso(now),
    ...(by !== undefined ? { discardedBy: by } : {}),
  }));
  moveEntries(store, space, discarded.ledgerEntries ?? [], 'release');
  return discarded;
}

/** Discards every SCHEDULED charge of a subscription (on termination). */
export function discardScheduledCharges(
  store: Store,
  space: number,
  subscriptionId: number,
  now: Date,
): void {
  for (const charge of store.where('SubscriptionCharge', 'subscription', subscriptionId, space)) {
    if (charge.state === 'SCHEDULED') {
      discardCharge(store, space, charge.id, now, undefined);
    }
  }
}

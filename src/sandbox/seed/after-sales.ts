// What follows a completion: the invoice, the delivery indication, refunds; and the notes around a
// transaction (comments, client platform information).
import type { StoredObject } from '../store';
import { failureReason } from '../lifecycle/transactions/life-cycle';
import { copy, idOf } from './context';
import { taxMinor, toAmount, toMinor, totalMinor, withQuantity } from './line-items';
import { DAY, addMs, iso } from './random';
import { at, child, processFields, processorReference, step, updateTx, type TxStory } from './story';

export type InvoiceState = 'OPEN' | 'OVERDUE' | 'PAID';

/** Invoice state that fits the payment method and the invoice's due date. */
export function invoiceStateFor(story: TxStory, dueOn: Date): InvoiceState {
  const { rng, now } = story.ctx;
  if (story.method !== 'invoice' && story.method !== 'banktransfer') return 'PAID';
  if (dueOn.getTime() < now.getTime()) return rng.chance(0.5) ? 'OVERDUE' : 'PAID';
  return rng.chance(0.7) ? 'OPEN' : 'PAID';
}

export function invoice(story: TxStory, completionId: number) {
  step(story, 1, 5);
  const items = story.tx.lineItems ?? [];
  const dueOn = addMs(story.at, 30 * DAY);
  const state = invoiceStateFor(story, dueOn);
  const amount = toAmount(story.money, totalMinor(story.money, items));
  const paidOn =
    state === 'PAID'
      ? story.method === 'invoice' || story.method === 'banktransfer'
        ? addMs(story.at, story.ctx.rng.int(1, 25) * DAY)
        : story.at
      : undefined;
  return child(story, 'TransactionInvoice', {
    linkedTransaction: story.tx.id,
    completion: completionId,
    externalId: `inv-${String(story.tx.id)}`,
    merchantReference: story.tx.invoiceMerchantReference,
    amount,
    taxAmount: toAmount(story.money, taxMinor(story.money, items)),
    outstandingAmount: state === 'PAID' ? 0 : amount,
    lineItems: copy(items),
    billingAddress: copy(story.tx.billingAddress),
    state,
    dueOn: iso(dueOn),
    ...(paidOn ? { paidOn: iso(paidOn) } : {}),
    environment: 'PREVIEW',
    language: story.tx.language,
    timeZone: story.space.timeZone,
  });
}

export type DeliveryDecision = 'PENDING' | 'MANUAL_CHECK_REQUIRED' | 'SUITABLE' | 'NOT_SUITABLE';

export function deliveryIndication(story: TxStory, completionId: number, state: DeliveryDecision) {
  step(story, 1, 10);
  const decided = state === 'SUITABLE' || state === 'NOT_SUITABLE';
  const indication = child(story, 'DeliveryIndication', {
    linkedTransaction: story.tx.id,
    transaction: story.tx.id,
    completion: completionId,
    state,
    timeoutOn: iso(addMs(story.at, 2 * DAY)),
    ...(state === 'MANUAL_CHECK_REQUIRED' ? { manualDecisionTimeoutOn: iso(addMs(story.at, 3 * DAY)) } : {}),
    ...(decided
      ? {
          automaticallyDecidedOn: at(story),
          automaticDecisionReason: {
            id: state === 'SUITABLE' ? 8001 : 8002,
            name: { 'en-US': state === 'SUITABLE' ? 'Risk check passed' : 'High fraud risk' },
          },
        }
      : {}),
  });
  if (decided) updateTx(story, { deliveryDecisionMadeOn: at(story) });
  return indication;
}

type RefundState = 'SUCCESSFUL' | 'PENDING' | 'FAILED';

const REFUND_FAILED = failureReason(1101, 'INTERNAL', 'Refund failed', 'The processor refused the refund.');

/** Reductions that refund `quantity` units of each named line item. */
function refundOf(
  story: TxStory,
  reduce: Record<string, number>,
): { lineItems: StoredObject[]; reduced: StoredObject[]; minor: number } {
  const items = story.tx.lineItems ?? [];
  const lineItems = items
    .filter((item) => reduce[String(item.uniqueId)])
    .map((item) => withQuantity(story.money, item, reduce[String(item.uniqueId)]));
  const reduced = items.map((item) =>
    withQuantity(story.money, item, Number(item.quantity) - (reduce[String(item.uniqueId)] ?? 0)),
  );
  return { lineItems, reduced, minor: totalMinor(story.money, lineItems) };
}

function refund(
  story: TxStory,
  completionId: number,
  invoiceId: number | undefined,
  reduce: Record<string, number>,
  state: RefundState,
  index: number,
) {
  step(story, 10, 120);
  const created = at(story);
  step(story, 0, 5);
  const { lineItems, reduced, minor } = refundOf(story, reduce);
  const amount = toAmount(story.money, minor);
  const failure = state === 'FAILED' ? REFUND_FAILED : undefined;
  const rate = Number(lineItems[0]?.aggregatedTaxRate ?? 0);
  const made = child(story, 'Refund', {
    ...processFields(story),
    transaction: story.tx.id,
    completion: completionId,
    ...(invoiceId ? { updatedInvoice: invoiceId } : {}),
    externalId: `ref-${String(story.tx.id)}-${index}`,
    merchantReference: `${String(story.tx.merchantReference)}-R${index}`,
    type: 'MERCHANT_INITIATED_ONLINE',
    state,
    processorReference: processorReference(story),
    amount,
    taxes: rate ? [{ title: 'VAT', rate }] : [],
    reductions: Object.entries(reduce).map(([lineItemUniqueId, quantityReduction]) => ({
      lineItemUniqueId,
      quantityReduction,
      unitPriceReduction: 0,
    })),
    lineItems,
    reducedLineItems: reduced,
    environment: 'PREVIEW',
    timeZone: story.space.timeZone,
    totalAppliedFees: 0,
    totalSettledAmount: state === 'SUCCESSFUL' ? amount : 0,
    processingOn: created,
    timeoutOn: iso(addMs(story.at, DAY)),
    ...(state === 'SUCCESSFUL' ? { succeededOn: at(story) } : {}),
    ...(failure ? { failedOn: at(story), failureReason: copy(failure) } : {}),
  });
  if (state === 'SUCCESSFUL') {
    const before = toMinor(story.money, story.tx.refundedAmount ?? 0);
    updateTx(story, { refundedAmount: toAmount(story.money, before + minor) });
  }
  return made;
}

/** One full refund, or one or two partial ones; never more than was completed. */
export function refunds(story: TxStory, completionId: number, invoiceId: number | undefined) {
  const { rng } = story.ctx;
  const items = story.tx.lineItems ?? [];
  const state = (): RefundState => rng.weighted({ SUCCESSFUL: 70, PENDING: 15, FAILED: 15 });
  if (rng.chance(0.4)) {
    const all = Object.fromEntries(items.map((item) => [String(item.uniqueId), Number(item.quantity)]));
    return [refund(story, completionId, invoiceId, all, state(), 1)];
  }
  const count = Math.min(items.length, rng.int(1, 2));
  return items
    .slice(0, count)
    .map((item, i) => refund(story, completionId, invoiceId, { [String(item.uniqueId)]: 1 }, state(), i + 1));
}

const TX_COMMENTS = [
  'Customer asked to split the delivery.',
  'Checked with the customer by phone.',
  'Shipped with express courier.',
  'Address corrected before shipping.',
];

export function transactionComments(story: TxStory): void {
  for (let i = story.ctx.rng.int(1, 2); i > 0; i--) {
    step(story, 5, 120);
    child(story, 'TransactionComment', {
      transaction: story.tx.id,
      content: story.ctx.rng.pick(TX_COMMENTS),
      pinned: false,
      createdBy: 1,
    });
  }
}

export function invoiceComment(story: TxStory, invoiceId: number): void {
  step(story, 5, 60);
  child(story, 'TransactionInvoiceComment', {
    transactionInvoice: invoiceId,
    content: 'Invoice sent to the customer by e-mail.',
    pinned: false,
    createdBy: 1,
  });
}

export function refundComment(story: TxStory, refundObject: StoredObject): void {
  step(story, 5, 60);
  child(story, 'RefundComment', {
    refund: idOf(refundObject),
    content: `Refund requested by the customer (${String(refundObject.state)}).`,
    pinned: false,
    createdBy: 1,
  });
}

export function clientPlatform(story: TxStory): void {
  step(story, 0, 1);
  const ios = story.ctx.rng.chance(0.5);
  child(story, 'TransactionClientPlatformInformation', {
    transaction: story.tx.id,
    spaceId: story.space.id,
    platformType: ios ? 'iOS' : 'Android',
    osVersion: ios ? '17.4' : '14',
    sdkVersion: '3.2.1',
    integrationType: 'MOBILE_SDK',
  });
}

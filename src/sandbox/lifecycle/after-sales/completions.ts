// Completions: capturing all or part of an AUTHORIZED transaction. What is left is tracked per line
// item (amount and quantity); asking for more than that is refused. The last completion (or one that
// says lastCompletion) makes the transaction COMPLETED, opens its delivery decision, and every
// completion gets its invoice.
import { unprocessable } from '../../errors';
import { createObject } from '../../objects';
import type { Store, Stored } from '../../store';
import { portionOf, roundTo, taxOf, totalOf } from '../transactions/line-items';
import { applyTransition, assertTransition, defineLifecycle } from '../machine';
import { guardTransaction, loadTransaction, transactionLifecycle } from '../transactions/life-cycle';
import { lineItemsOf } from '../transactions/fields';
import { internalsOf } from '../transactions/internals';
import { decideDelivery } from './delivery-indications';
import { invoiceCompletion } from './invoices';
import { latestLineItemVersion } from '../transactions/create';

export type TransactionCompletionState = 'CREATE' | 'SCHEDULED' | 'PENDING' | 'FAILED' | 'SUCCESSFUL';

export const completionLifecycle = defineLifecycle<TransactionCompletionState, 'TransactionCompletion'>({
  model: 'TransactionCompletion',
  field: 'state',
  actions: {
    // Online completions go to the processor first; offline ones are recorded as done.
    process: { from: ['CREATE'], to: 'PENDING' },
    succeed: { from: ['CREATE', 'PENDING'], to: 'SUCCESSFUL' },
  },
});

export interface CompletionDetails {
  lineItems?: { amount: number; quantity: number; uniqueId: string }[];
  lastCompletion?: boolean;
  statementDescriptor?: string;
  externalId?: string;
  invoiceMerchantReference?: string;
}

interface Left {
  amount: number;
  quantity: number;
}

const EPSILON = 1e-9;

/** The completions of a transaction, oldest first (by the store's index: a space holds many). */
export function completionsOf(store: Store, space: number, transactionId: unknown) {
  return store.where('TransactionCompletion', 'linkedTransaction', transactionId, space);
}

/** What is left to complete of each line item, after the successful completions so far. */
export function leftPerLine(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
): Map<string, Left> {
  const { items, digits } = lineItemsOf(transaction);
  const left = new Map<string, Left>(
    items.map((i) => [
      String(i.uniqueId),
      { amount: Number(i.amountIncludingTax), quantity: Number(i.quantity) },
    ]),
  );
  for (const completion of completionsOf(store, space, transaction.id)) {
    if (completion.state !== 'SUCCESSFUL') continue;
    for (const done of completion.lineItems ?? []) {
      const entry = left.get(String(done.uniqueId));
      if (!entry) continue;
      entry.amount = roundTo(entry.amount - Number(done.amountIncludingTax), digits);
      entry.quantity = entry.quantity - Number(done.quantity);
    }
  }
  return left;
}

function exceeds(amount: number, left: number): boolean {
  return (
    Math.abs(amount) > Math.abs(left) + EPSILON || (amount !== 0 && Math.sign(amount) !== Math.sign(left))
  );
}

/** The completed portions a request asks for, checked against what is left. */
function requestedPortions(
  transaction: Stored<'Transaction'>,
  left: Map<string, Left>,
  details: CompletionDetails | undefined,
) {
  const { items, digits } = lineItemsOf(transaction);
  const base = new Map(items.map((i) => [String(i.uniqueId), i]));
  // No line items named (only an externalId, say): the rest of the amount, like a full completion.
  if (!details?.lineItems?.length) {
    return items
      .filter((i) => {
        const l = left.get(String(i.uniqueId))!;
        return l.amount !== 0 || l.quantity > 0;
      })
      .map((i) => {
        const l = left.get(String(i.uniqueId))!;
        return portionOf(i, l.amount, Math.max(l.quantity, 0), digits);
      });
  }
  const requested = details.lineItems;
  const named = new Set<string>();
  return requested.map((r, i) => {
    const at = `lineItems[${i}]`;
    const line = base.get(r.uniqueId);
    if (!line)
      throw unprocessable(
        `${at}.uniqueId '${r.uniqueId}' is not a line item of transaction ${String(transaction.id)}.`,
        {
          [`${at}.uniqueId`]: 'unknown line item',
        },
      );
    // Each line once per completion: repeats would each be checked against the same amount left.
    if (named.has(r.uniqueId))
      throw unprocessable(
        `${at}.uniqueId '${r.uniqueId}' is named twice; name each line item once per completion.`,
        {
          [`${at}.uniqueId`]: 'repeats a line item',
        },
      );
    named.add(r.uniqueId);
    const l = left.get(r.uniqueId)!;
    if (r.amount !== 0 && l.amount !== 0 && Math.sign(r.amount) !== Math.sign(l.amount)) {
      throw unprocessable(
        `${at}.amount ${r.amount} has the wrong sign: line item '${r.uniqueId}' has ${l.amount} left to complete.`,
        {
          [`${at}.amount`]: 'wrong sign',
        },
      );
    }
    if (exceeds(r.amount, l.amount)) {
      throw unprocessable(
        `${at}.amount ${r.amount} is more than the ${l.amount} left to complete of line item '${r.uniqueId}'.`,
        {
          [`${at}.amount`]: `at most ${l.amount}`,
        },
      );
    }
    if (r.quantity < 0)
      throw unprocessable(`${at}.quantity ${r.quantity} must not be negative.`, {
        [`${at}.quantity`]: 'negative',
      });
    if (r.quantity > l.quantity + EPSILON) {
      throw unprocessable(
        `${at}.quantity ${r.quantity} is more than the ${l.quantity} left to complete of line item '${r.uniqueId}'.`,
        {
          [`${at}.quantity`]: `at most ${l.quantity}`,
        },
      );
    }
    return portionOf(line, r.amount, r.quantity, digits);
  });
}

const COMPLETED_STATES = new Set(['COMPLETED', 'FULFILL']);

/**
 * The successful last completion of a transaction that is completed already: completing it online
 * again answers that completion, as the service does, instead of refusing the transition.
 */
function finalCompletionOf(store: Store, space: number, transaction: Stored<'Transaction'>) {
  if (!COMPLETED_STATES.has(String(transaction.state))) return undefined;
  return completionsOf(store, space, transaction.id)
    .filter((c) => c.state === 'SUCCESSFUL')
    .at(-1);
}

/** Completes a transaction online or offline, fully (no details) or partially. Returns the completion. */
export function completeTransaction(
  store: Store,
  space: number,
  id: number,
  mode: 'ONLINE' | 'OFFLINE',
  details: CompletionDetails | undefined,
  now: Date,
) {
  const transaction = loadTransaction(store, id, space);
  // The externalId is the idempotency key of a completion: a repeated request gets the first answer.
  const earlier = details?.externalId
    ? completionsOf(store, space, id).find((c) => c.externalId === details.externalId)
    : undefined;
  if (earlier) return earlier;
  const done = mode === 'ONLINE' && !details ? finalCompletionOf(store, space, transaction) : undefined;
  if (done) return done;
  if (details) guardTransaction(transaction, 'completePartially');
  else assertTransition(transactionLifecycle, transaction, 'complete');
  const { items, digits } = lineItemsOf(transaction);
  const left = leftPerLine(store, space, transaction);
  const portions = requestedPortions(transaction, left, details);
  const amount = roundTo(totalOf(portions), digits);
  const remainingLines = items.map((i) => {
    const l = left.get(String(i.uniqueId))!;
    const done = portions.find((p) => p.uniqueId === i.uniqueId);
    return portionOf(
      i,
      roundTo(l.amount - Number(done?.amountIncludingTax ?? 0), digits),
      Math.max(l.quantity - Number(done?.quantity ?? 0), 0),
      digits,
    );
  });
  const remaining = roundTo(totalOf(remainingLines), digits);
  const last =
    !details?.lineItems?.length || details.lastCompletion === true || Math.abs(remaining) < EPSILON;
  const version = latestLineItemVersion(store, space, id, now);
  const payment = internalsOf(store, id).payment;
  const created = createObject(
    store,
    'TransactionCompletion',
    space,
    {
      state: 'CREATE',
      mode,
      linkedTransaction: id,
      lineItemVersion: version.id,
      lineItems: portions,
      baseLineItems: items,
      remainingLineItems: remainingLines,
      amount,
      taxAmount: roundTo(taxOf(portions), digits),
      lastCompletion: last,
      externalId: details?.externalId ?? `completion-${id}-${store.nextId()}`,
      statementDescriptor: details?.statementDescriptor,
      invoiceMerchantReference: details?.invoiceMerchantReference ?? transaction.invoiceMerchantReference,
      paymentInformation: payment?.cardLast4 ? `•••• ${payment.cardLast4}` : undefined,
      language: transaction.language,
      timeZone: transaction.timeZone,
      spaceViewId: transaction.spaceViewId,
      labels: [],
    },
    now,
  );
  const cid = Number(created.id);
  if (mode === 'ONLINE')
    applyTransition(store, completionLifecycle, cid, space, 'process', (c) => ({
      ...c,
      processingOn: now.toISOString(),
    }));
  const completion = applyTransition(store, completionLifecycle, cid, space, 'succeed', (c) => ({
    ...c,
    succeededOn: now.toISOString(),
    processorReference: mode === 'ONLINE' ? `cap_${cid}` : undefined,
  }));
  const completedAmount = roundTo(Number(transaction.completedAmount ?? 0) + amount, digits);
  if (last) {
    const completed = applyTransition(store, transactionLifecycle, id, space, 'complete', (t) => ({
      ...t,
      completedAmount,
      completedOn: now.toISOString(),
    }));
    invoiceCompletion(store, space, completed, completion, now);
    decideDelivery(store, space, completed, completion, now);
  } else {
    store.update('Transaction', id, space, (t) => ({ ...t, completedAmount }), {
      expectedVersion: transaction.version,
    });
    invoiceCompletion(store, space, transaction, completion, now);
  }
  return completion;
}

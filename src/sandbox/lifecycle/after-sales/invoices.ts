// Transaction invoices: one per completion, OPEN until paid, derecognized or replaced. A replacement
// is a new OPEN invoice for the same completion; the old one becomes CANCELED.
import { conflict } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store, Stored, StoredObject } from '../../store';
import { buildLineItems, roundTo, taxOf, totalOf } from '../transactions/line-items';
import { applyTransition, assertTransition, defineLifecycle } from '../machine';
import { lineItemsOf } from '../transactions/fields';
import { loadTransaction } from '../transactions/life-cycle';

export type TransactionInvoiceState =
  | 'CREATE'
  | 'OPEN'
  | 'OVERDUE'
  | 'CANCELED'
  | 'PAID'
  | 'DERECOGNIZED'
  | 'NOT_APPLICABLE';

export const invoiceLifecycle = defineLifecycle<TransactionInvoiceState, 'TransactionInvoice'>({
  model: 'TransactionInvoice',
  field: 'state',
  actions: {
    issue: { from: ['CREATE'], to: 'OPEN' },
    markPaid: { from: ['OPEN', 'OVERDUE'], to: 'PAID' },
    derecognize: { from: ['OPEN', 'OVERDUE'], to: 'DERECOGNIZED' },
    replace: { from: ['OPEN', 'OVERDUE'], to: 'CANCELED' },
  },
});

const PAYMENT_TERM_MS = 30 * 24 * 3600 * 1000;

function issueInvoice(store: Store, space: number, fields: StoredObject, now: Date) {
  const invoice = createObject(store, 'TransactionInvoice', space, { ...fields, state: 'CREATE' }, now);
  return applyTransition(store, invoiceLifecycle, Number(invoice.id), space, 'issue');
}

function invoiceFields(transaction: Stored<'Transaction'>, items: StoredObject[], digits: number) {
  const amount = roundTo(totalOf(items), digits);
  return {
    linkedTransaction: transaction.id,
    lineItems: items,
    amount,
    outstandingAmount: amount,
    taxAmount: roundTo(taxOf(items), digits),
    billingAddress: transaction.billingAddress,
    merchantReference: transaction.invoiceMerchantReference ?? transaction.merchantReference,
    language: transaction.language,
    timeZone: transaction.timeZone,
    spaceViewId: transaction.spaceViewId,
    environment: transaction.environment,
  };
}

/** The OPEN invoice of a successful completion. */
export function invoiceCompletion(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  completion: Stored<'TransactionCompletion'>,
  now: Date,
) {
  const { digits } = lineItemsOf(transaction);
  return issueInvoice(
    store,
    space,
    {
      ...invoiceFields(transaction, completion.lineItems ?? [], digits),
      completion: completion.id,
      externalId: `completion-${String(completion.id)}`,
      dueOn: new Date(now.getTime() + PAYMENT_TERM_MS).toISOString(),
    },
    now,
  );
}

export function markInvoicePaid(store: Store, space: number, id: number, now: Date) {
  return applyTransition(store, invoiceLifecycle, id, space, 'markPaid', (i) => ({
    ...i,
    paidOn: now.toISOString(),
    outstandingAmount: 0,
  }));
}

export function derecognizeInvoice(
  store: Store,
  space: number,
  id: number,
  userId: number | undefined,
  now: Date,
) {
  return applyTransition(store, invoiceLifecycle, id, space, 'derecognize', (i) => ({
    ...i,
    derecognizedOn: now.toISOString(),
    derecognizedBy: userId,
  }));
}

export function replacementPossible(store: Store, space: number, id: number): boolean {
  const invoice = loadObject(store, 'TransactionInvoice', id, space);
  return invoiceLifecycle.actions.replace.from.includes(invoice.state as TransactionInvoiceState);
}

/** Replaces an invoice: a new OPEN invoice from the replacement body; the old one CANCELED. */
export function replaceInvoice(
  store: Store,
  space: number,
  id: number,
  body: Record<string, unknown>,
  now: Date,
) {
  const old = loadObject(store, 'TransactionInvoice', id, space);
  assertTransition(invoiceLifecycle, old, 'replace');
  const duplicate = store.where('TransactionInvoice', 'externalId', body.externalId, space)[0];
  if (duplicate) {
    throw conflict(
      `An invoice with externalId '${String(body.externalId)}' already exists (${String(duplicate.id)}).`,
      {
        externalId: 'duplicate',
      },
    );
  }
  const transaction = loadTransaction(store, Number(old.linkedTransaction), space);
  const { digits } = lineItemsOf(transaction);
  const items = buildLineItems(body.lineItems, digits);
  const fields = invoiceFields(transaction, items, digits);
  const replacement = issueInvoice(
    store,
    space,
    {
      ...fields,
      completion: old.completion,
      externalId: body.externalId,
      merchantReference: body.merchantReference ?? old.merchantReference,
      billingAddress: body.billingAddress ?? old.billingAddress,
      dueOn: body.dueOn ?? old.dueOn,
    },
    now,
  );
  applyTransition(store, invoiceLifecycle, id, space, 'replace', (i) => ({ ...i, outstandingAmount: 0 }));
  return replacement;
}

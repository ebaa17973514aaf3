// The templates: what each document says, taken from the stored objects. Drawing is elsewhere.
import { unprocessable } from '../errors';
import { loadObject } from '../objects';
import type { Store, Stored, StoredObject } from '../store';
import { addressLines, formatDate, formatMoney } from './format';
import type { BusinessDocument, DocumentItem, ReceiptContent } from './model';

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const str = (value: unknown): string =>
  value === undefined || value === null || value === '' ? '-' : String(value);
const dateOf = (object: StoredObject): Date => new Date(String(object.createdOn ?? 0));

function itemsOf(lineItems: unknown): DocumentItem[] {
  return ((lineItems ?? []) as Record<string, unknown>[]).map((li) => ({
    name: str(li.name),
    sku: typeof li.sku === 'string' ? li.sku : undefined,
    quantity: num(li.quantity),
    unitPrice: typeof li.unitPriceIncludingTax === 'number' ? li.unitPriceIncludingTax : undefined,
    amount: num(li.amountIncludingTax),
  }));
}

function transactionOf(store: Store, space: number, id: unknown) {
  return loadObject(store, 'Transaction', Number(id), space);
}

export function invoiceDocument(
  store: Store,
  space: number,
  invoice: Stored<'TransactionInvoice'>,
): BusinessDocument {
  const transaction = transactionOf(store, space, invoice.linkedTransaction);
  const amount = num(invoice.amount);
  const tax = num(invoice.taxAmount);
  return {
    title: `Invoice ${str(invoice.externalId !== undefined ? invoice.externalId : invoice.id)}`,
    date: dateOf(invoice),
    currency: str(transaction.currency),
    facts: [
      ['Invoice', String(invoice.id)],
      ['Transaction', String(transaction.id)],
      ['Merchant reference', str(invoice.merchantReference ?? transaction.merchantReference)],
      ['Issued', formatDate(invoice.createdOn)],
      ['Due', formatDate(invoice.dueOn)],
      ['State', str(invoice.state)],
    ],
    address: {
      heading: 'Billed to',
      lines: addressLines(invoice.billingAddress ?? transaction.billingAddress),
    },
    items: itemsOf(invoice.lineItems ?? transaction.lineItems),
    priced: true,
    totals: [
      ['Net amount', Math.round((amount - tax) * 100) / 100],
      ['Tax', tax],
      ['Total', amount],
      ['Outstanding', num(invoice.outstandingAmount)],
    ],
  };
}

const PACKABLE_STATES = ['AUTHORIZED', 'COMPLETED', 'FULFILL'];

export function packingSlipDocument(transaction: Stored<'Transaction'>): BusinessDocument {
  if (!PACKABLE_STATES.includes(String(transaction.state))) {
    throw unprocessable(
      `Transaction ${String(transaction.id)} is ${String(transaction.state)}; a packing slip exists once it is ${PACKABLE_STATES.join(', ')}.`,
      { state: String(transaction.state) },
    );
  }
  const goods = itemsOf(transaction.lineItems).filter((_, i) => {
    const type = ((transaction.lineItems ?? []) as Record<string, unknown>[])[i]?.type;
    return type === undefined || type === 'PRODUCT';
  });
  return {
    title: `Packing slip ${String(transaction.id)}`,
    date: dateOf(transaction),
    currency: str(transaction.currency),
    facts: [
      ['Transaction', String(transaction.id)],
      ['Merchant reference', str(transaction.merchantReference)],
      ['Ordered', formatDate(transaction.createdOn)],
      ['Shipping method', str(transaction.shippingMethod)],
    ],
    address: {
      heading: 'Ship to',
      lines: addressLines(transaction.shippingAddress ?? transaction.billingAddress),
    },
    items: goods,
    priced: false,
    totals: [],
    note: `${goods.reduce((sum, g) => sum + g.quantity, 0)} unit(s) in ${goods.length} position(s).`,
  };
}

export function refundDocument(store: Store, space: number, refund: Stored<'Refund'>): BusinessDocument {
  const transaction = transactionOf(store, space, refund.transaction);
  return {
    title: `Refund credit note ${String(refund.id)}`,
    date: dateOf(refund),
    currency: str(transaction.currency),
    facts: [
      ['Refund', String(refund.id)],
      ['Transaction', String(transaction.id)],
      ['External id', str(refund.externalId)],
      ['Merchant reference', str(refund.merchantReference ?? transaction.merchantReference)],
      ['Created', formatDate(refund.createdOn)],
      ['Type', str(refund.type)],
      ['State', str(refund.state)],
    ],
    address: { heading: 'Refunded to', lines: addressLines(transaction.billingAddress) },
    items: itemsOf(refund.reducedLineItems ?? refund.lineItems),
    priced: true,
    totals: [['Refunded amount', num(refund.amount)]],
  };
}

/** Transactions that went to the terminal (approved or not) have receipts; earlier ones none yet. */
const RECEIPT_STATES = ['AUTHORIZED', 'COMPLETED', 'FULFILL', 'VOIDED', 'DECLINE', 'FAILED'];

export const RECEIPT_TYPES = [
  {
    id: 1,
    name: { 'en-US': 'Customer Receipt' },
    description: { 'en-US': 'The receipt handed to the customer.' },
  },
  {
    id: 2,
    name: { 'en-US': 'Merchant Receipt' },
    description: { 'en-US': 'The receipt kept by the merchant.' },
  },
];

export function receiptContents(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
): ReceiptContent[] {
  if (!RECEIPT_STATES.includes(String(transaction.state))) return [];
  const spaceName = store.get('Space', space)?.name;
  const currency = str(transaction.currency);
  const approved = !['DECLINE', 'FAILED'].includes(String(transaction.state));
  const items = itemsOf(transaction.lineItems).map((i): [string, string] => [
    `${i.quantity} x ${i.name}`,
    formatMoney(i.amount, currency),
  ]);
  const total = num(transaction.authorizationAmount);
  return RECEIPT_TYPES.map((type) => ({
    heading: `${str(spaceName)} - ${type.name['en-US']}`,
    date: new Date(String(transaction.authorizedOn ?? transaction.createdOn ?? 0)),
    lines: [
      ['Transaction', String(transaction.id)],
      ['Date', formatDate(transaction.authorizedOn ?? transaction.createdOn)],
      ['Reference', str(transaction.merchantReference)],
      ...items,
      ['TOTAL', formatMoney(total, currency)],
      ['Result', approved ? 'APPROVED' : 'DECLINED'],
    ],
    footer: type.id === 1 ? 'Please keep this receipt.' : 'Merchant copy.',
  }));
}

// Document operations: invoice (by invoice and by transaction), packing slip, refund credit note,
// terminal receipts.
import { ok } from '../../context';
import { notFound } from '../../errors';
import { loadObject } from '../../objects';
import type { Store, Stored } from '../../store';
import {
  checkReceiptRequest,
  invoiceDocument,
  packingSlipDocument,
  refundDocument,
  renderDocument,
  renderReceipts,
} from '../../documents';
import { defineHandlers } from '../registry';
import { idParam, spaceOf } from './support';

/** The invoice of a transaction: the newest one that is not canceled, else the newest. */
function invoiceOfTransaction(store: Store, space: number, transactionId: number) {
  loadObject(store, 'Transaction', transactionId, space);
  const invoices = store
    .where('TransactionInvoice', 'linkedTransaction', transactionId, space)
    .sort((a, b) => Number(b.id) - Number(a.id));
  const invoice = invoices.find((i) => i.state !== 'CANCELED') ?? invoices[0];
  if (!invoice) throw notFound(`Transaction ${transactionId} has no invoice.`);
  return invoice;
}

/** Receipts exist only for payments at a terminal: the customer was physically present (or a terminal is named). */
function atTerminal(transaction: Stored<'Transaction'>): boolean {
  return (
    transaction.customersPresence === 'PHYSICAL_PRESENT' ||
    (transaction.terminal !== undefined && transaction.terminal !== null)
  );
}

defineHandlers({
  getTransactionInvoiceDocument: async (req, sandbox) => {
    const space = spaceOf(req);
    const invoice = loadObject(sandbox.store, 'TransactionInvoice', idParam(req), space);
    return ok(await renderDocument(sandbox.store, 'invoice', invoiceDocument(sandbox.store, space, invoice)));
  },

  getTransactionInvoiceDocumentByTransaction: async (req, sandbox) => {
    const space = spaceOf(req);
    const invoice = invoiceOfTransaction(sandbox.store, space, idParam(req));
    return ok(await renderDocument(sandbox.store, 'invoice', invoiceDocument(sandbox.store, space, invoice)));
  },

  getTransactionPackingSlipDocument: async (req, sandbox) => {
    const transaction = loadObject(sandbox.store, 'Transaction', idParam(req), spaceOf(req));
    return ok(await renderDocument(sandbox.store, 'packingSlip', packingSlipDocument(transaction)));
  },

  getRefundDocument: async (req, sandbox) => {
    const space = spaceOf(req);
    const refund = loadObject(sandbox.store, 'Refund', idParam(req), space);
    return ok(
      await renderDocument(sandbox.store, 'refundCredit', refundDocument(sandbox.store, space, refund)),
    );
  },

  listTransactionTerminalReceipts: async (req, sandbox) => {
    const space = spaceOf(req);
    const { format, width } = checkReceiptRequest(req.query.get('format'), req.query.get('width'));
    const transaction = loadObject(sandbox.store, 'Transaction', idParam(req), space);
    const data = atTerminal(transaction)
      ? await renderReceipts(sandbox.store, space, transaction, format, width)
      : [];
    return ok({ data, hasMore: false, limit: data.length });
  },
});

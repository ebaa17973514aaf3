// Refunds (create, mark succeeded / failed) and transaction invoices (mark paid, derecognize,
// replace, check replacement).
import { defineHandlers } from '../registry';
import { actingUserId, bodyObject, idParam, rendered, spaceOf } from '../areas/support';
import { createRefund, markRefundFailed, markRefundSucceeded } from '../../lifecycle/after-sales/refunds';
import {
  derecognizeInvoice,
  markInvoicePaid,
  replaceInvoice,
  replacementPossible,
} from '../../lifecycle/after-sales/invoices';

defineHandlers({
  createRefund: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Refund',
      createRefund(sandbox.store, spaceOf(req), bodyObject(req), sandbox.now()),
    ),
  markRefundSucceeded: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Refund',
      markRefundSucceeded(sandbox.store, spaceOf(req), idParam(req), sandbox.now()),
    ),
  markRefundFailed: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Refund',
      markRefundFailed(sandbox.store, spaceOf(req), idParam(req), sandbox.now()),
    ),
  markTransactionInvoicePaid: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'TransactionInvoice',
      markInvoicePaid(sandbox.store, spaceOf(req), idParam(req), sandbox.now()),
    ),
  derecognizeTransactionInvoice: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'TransactionInvoice',
      derecognizeInvoice(sandbox.store, spaceOf(req), idParam(req), actingUserId(req), sandbox.now()),
    ),
  replaceTransactionInvoice: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'TransactionInvoice',
      replaceInvoice(sandbox.store, spaceOf(req), idParam(req), bodyObject(req), sandbox.now()),
    ),
  checkTransactionInvoiceReplacementPossible: (req, sandbox) => ({
    status: 200,
    body: replacementPossible(sandbox.store, spaceOf(req), idParam(req)),
  }),
});

// Transaction handlers: create, update while PENDING, confirm, the URL endpoints, the latest line
// item version, token-creation check, payment method configurations for an integration mode.
import { defineHandlers } from '../registry';
import type { HandlerRequest, SandboxState } from '../../context';
import type { Stored } from '../../store';
import { bodyObject, idParam, rendered, spaceOf } from '../areas/support';
import {
  adjustLineItems,
  confirmTransaction,
  createTransaction,
  latestLineItemVersion,
  updatePendingTransaction,
} from '../../lifecycle/transactions/create';
import { guardTransaction, loadTransaction } from '../../lifecycle/transactions/life-cycle';
import { checkoutUrl, type CheckoutPage } from '../../lifecycle/transactions/urls';
import { internalsOf } from '../../lifecycle/transactions/internals';
import { plainText } from './support';
import { paymentMethodConfigurationsFor } from './method-configurations';

function urlHandler(page: CheckoutPage, guard: 'paymentPage' | 'chargeFlowPaymentPage') {
  return (req: HandlerRequest, sandbox: SandboxState) => {
    const space = spaceOf(req);
    const id = idParam(req);
    const transaction = loadTransaction(sandbox.store, id, space);
    guardTransaction(transaction, guard);
    return plainText(checkoutUrl(sandbox.store, space, id, page, sandbox.now()));
  };
}

/** States in which the card that paid is known and still there to tokenize. */
const TOKENIZABLE_STATES = new Set(['AUTHORIZED', 'COMPLETED', 'FULFILL', 'VOIDED']);
/** Tokenization modes under which the card may be kept: forced creation, or the space's default (none given). */
const TOKENIZING_MODES = new Set([undefined, 'FORCE_CREATION']);

/** A card payment authorized the transaction and its card may be kept, or no token holds it yet. */
function tokenCreationPossible(transaction: Stored<'Transaction'>, paidWith: string | undefined): boolean {
  if (!TOKENIZABLE_STATES.has(String(transaction.state)) || paidWith !== 'card') return false;
  return TOKENIZING_MODES.has(transaction.tokenizationMode) || !transaction.token;
}

defineHandlers({
  createTransaction: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Transaction',
      createTransaction(sandbox.store, spaceOf(req), bodyObject(req), sandbox.now(), req.user.id),
    ),
  updateTransaction: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Transaction',
      updatePendingTransaction(sandbox.store, spaceOf(req), idParam(req), bodyObject(req), sandbox.now()),
    ),
  confirmTransaction: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'Transaction',
      confirmTransaction(
        sandbox.store,
        spaceOf(req),
        idParam(req),
        bodyObject(req),
        sandbox.now(),
        req.user.id,
      ),
    ),
  createTransactionLineItemVersion: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'TransactionLineItemVersion',
      adjustLineItems(sandbox.store, spaceOf(req), bodyObject(req), sandbox.now()),
    ),
  getTransactionLatestLineItemVersion: (req, sandbox) =>
    rendered(
      sandbox,
      req,
      'TransactionLineItemVersion',
      latestLineItemVersion(sandbox.store, spaceOf(req), idParam(req), sandbox.now()),
    ),
  getTransactionPaymentPageUrl: urlHandler('payment/transaction/pay', 'paymentPage'),
  getTransactionIframeJavascriptUrl: urlHandler('payment/iframe/javascript', 'paymentPage'),
  getTransactionLightboxJavascriptUrl: urlHandler('payment/lightbox/javascript', 'paymentPage'),
  getTransactionChargeFlowPaymentPageUrl: urlHandler('payment/charge-flow/pay', 'chargeFlowPaymentPage'),
  checkTransactionTokenCreationPossible: (req, sandbox) => {
    const id = idParam(req);
    const transaction = loadTransaction(sandbox.store, id, spaceOf(req));
    return {
      status: 200,
      body: tokenCreationPossible(transaction, internalsOf(sandbox.store, id).payment?.paidWith),
    };
  },
  listTransactionPaymentMethodConfigurations: (req, sandbox) => {
    const space = spaceOf(req);
    const transaction = loadTransaction(sandbox.store, idParam(req), space);
    return { status: 200, body: paymentMethodConfigurationsFor(req, sandbox, space, transaction) };
  },
});

// Scenarios of the payment operations whose requests need real meaning: subjects in the state the
// action requires (created here when the seed's supply is not the right kind), bodies that mean
// something (line items, cards, refunds), and the ids other operations hand out (credentials, tokens).
import type { StoredObject } from '../../../src/sandbox/store';
import type { Scenario } from './plan';
import {
  approvedCard,
  authorizedTransaction,
  cardConfiguration,
  chargeableToken,
  credentialsOf,
  lineItem,
  pendingTransaction,
  unique,
} from './test-data';
import type { World } from './world';

const id = (o: StoredObject | undefined) => o?.id as number;
const freshPending: Scenario['subject'] = { fresh: (w) => pendingTransaction(w) };
const freshAuthorized: Scenario['subject'] = { fresh: authorizedTransaction };
const completed = { state: ['COMPLETED', 'FULFILL'] };

/** A pending transaction of a customer who has a one-click token, and that token. */
async function oneClickSetup(world: World): Promise<{ credentials: string; tokenId: number }> {
  const token = chargeableToken(
    world,
    (t) => typeof t.customerId === 'string' && t.enabledForOneClickPayment === true,
  );
  const tx = await pendingTransaction(world, { customerId: token.customerId });
  const credentials = await credentialsOf(world, tx);
  const listed = (
    await world.expectOk<{ data: StoredObject[] }>('listOneClickTokensByCredentials', {
      params: { credentials },
    })
  ).data;
  if (!Array.isArray(listed) || listed.length === 0) {
    throw new Error(
      `no one-click token listed for customer ${String(token.customerId)}, who has one-click token ${id(token)}`,
    );
  }
  return { credentials, tokenId: id(listed[0]) };
}

async function oneClickParams(world: World) {
  const { credentials, tokenId } = await oneClickSetup(world);
  return { credentials, id: tokenId };
}

const byCredentials: Scenario = { params: async (w) => ({ credentials: await credentialsOf(w) }) };

/** A transaction whose charge flow has been applied (state PROCESSING). */
async function processingTransaction(world: World): Promise<StoredObject> {
  const seeded = world.candidates('Transaction', { state: 'PROCESSING' });
  if (seeded.length) return world.claim('Transaction', { state: 'PROCESSING' });
  const tx = await pendingTransaction(world);
  await world.expectOk('applyTransactionChargeFlow', { params: { id: id(tx) } });
  return world.stored('Transaction', id(tx));
}

export const paymentScenarios: Record<string, Scenario> = {
  updateTransaction: { subject: freshPending },
  confirmTransaction: { subject: freshPending },
  processTransactionCardDetails: {
    subject: freshPending,
    body: (w) => ({ paymentMethodConfiguration: cardConfiguration(w), cardData: approvedCard(w) }),
  },
  processTransactionCardDetailsThreeD: {
    subject: freshPending,
    body: (w) => ({ paymentMethodConfiguration: cardConfiguration(w), cardData: approvedCard(w) }),
  },
  processTransactionWithToken: {
    subject: { fresh: (w) => pendingTransaction(w, { token: id(chargeableToken(w)) }) },
  },
  processTransactionWithoutInteraction: {
    subject: { fresh: (w) => pendingTransaction(w, { token: id(chargeableToken(w)) }) },
  },
  completeTransactionOnline: { subject: freshAuthorized },
  completeTransactionOffline: { subject: freshAuthorized },
  completeTransactionPartiallyOnline: {
    subject: freshAuthorized,
    body: (w, tx) => ({
      externalId: unique('completion'),
      lastCompletion: false,
      lineItems: partialLines(tx),
    }),
  },
  completeTransactionPartiallyOffline: {
    subject: freshAuthorized,
    body: (w, tx) => ({
      externalId: unique('completion'),
      lastCompletion: false,
      lineItems: partialLines(tx),
    }),
  },
  voidTransactionOnline: { subject: freshAuthorized },
  voidTransactionOffline: { subject: freshAuthorized },
  applyTransactionChargeFlow: { subject: freshPending },
  cancelTransactionChargeFlow: { subject: { fresh: processingTransaction } },
  getTransactionChargeFlowPaymentPageUrl: { subject: { fresh: processingTransaction } },
  updateTransactionChargeFlowRecipient: {
    subject: { fresh: processingTransaction },
    query: () => ({ type: 1, recipient: 'contract@example.com' }),
  },
  getTransactionCredentials: { subject: { state: 'PENDING' } },
  getTransactionPaymentPageUrl: { subject: { state: 'PENDING' } },
  getTransactionIframeJavascriptUrl: { subject: { state: 'PENDING' } },
  getTransactionLightboxJavascriptUrl: { subject: { state: 'PENDING' } },
  listTransactionPaymentMethodConfigurations: {
    subject: { state: 'PENDING' },
    query: () => ({ integrationMode: 'PAYMENT_PAGE' }),
  },
  getTransactionInvoiceDocumentByTransaction: { subject: completed },
  getTransactionPackingSlipDocument: { subject: completed },
  getTransactionLatestLineItemVersion: { subject: completed },
  listTransactionTerminalReceipts: { subject: completed, query: () => ({ format: 'TXT', width: 40 }) },
  getTransactionByCredentials: byCredentials,
  getTransactionMobileSdkUrlByCredentials: byCredentials,
  listOneClickTokensByCredentials: byCredentials,
  listPaymentMethodConfigurationsByCredentials: {
    ...byCredentials,
    query: () => ({ integrationMode: 'PAYMENT_PAGE' }),
  },
  deleteOneClickTokenByCredentials: { params: oneClickParams },
  processOneClickTokenByCredentials: { params: oneClickParams },
  exportTransactions: { query: () => ({ fields: 'id,state,currency', limit: 5 }) },

  createRefund: {
    body: (w) => {
      const tx = w.claim('Transaction', { ...completed, where: (t) => Number(t.refundedAmount ?? 0) === 0 });
      return {
        externalId: unique('refund'),
        type: 'MERCHANT_INITIATED_ONLINE',
        transaction: id(tx),
        amount: 1,
      };
    },
  },
  markRefundFailed: { subject: { state: ['PENDING', 'MANUAL_CHECK'] } },
  markRefundSucceeded: { subject: { state: ['PENDING', 'MANUAL_CHECK'] } },
  getRefundDocument: { subject: { state: 'SUCCESSFUL' } },

  markTransactionInvoicePaid: { subject: { state: ['OPEN', 'OVERDUE'] } },
  derecognizeTransactionInvoice: { subject: { state: ['OPEN', 'OVERDUE'] } },
  replaceTransactionInvoice: {
    subject: { state: ['OPEN', 'OVERDUE'] },
    body: () => ({ externalId: unique('invoice'), lineItems: [lineItem(30)] }),
  },
  createDunningCaseForInvoice: {
    params: (w) => {
      const dunned = new Set(w.candidates('DunningCase').map((d) => d.initialInvoice));
      return {
        invoiceId: id(
          w.claim('TransactionInvoice', { state: ['OPEN', 'OVERDUE'], where: (i) => !dunned.has(i.id) }),
        ),
      };
    },
  },
  suspendDunningCase: {
    subject: { state: 'RUNNING' },
    query: (w) => ({ plannedEndDate: new Date(w.now.getTime() + 7 * 86_400_000).toISOString() }),
  },
  markDeliveryIndicationSuitable: { subject: { state: 'MANUAL_CHECK_REQUIRED' } },
  markDeliveryIndicationNotSuitable: { subject: { state: 'MANUAL_CHECK_REQUIRED' } },
  sendChargeFlowLevelMessage: { subject: { state: 'PENDING' } },

  createTransactionLineItemVersion: {
    body: async (w) => ({
      externalId: unique('liv'),
      transaction: id(await authorizedTransaction(w)),
      lineItems: [lineItem(20)],
    }),
  },
  getTokenActiveVersion: { subject: { fresh: (w) => Promise.resolve(chargeableToken(w)) } },
  createTransactionForTokenUpdate: { subject: { state: 'ACTIVE' } },
};

/** Completion lines for part of a transaction: its first line item, half the amount. */
function partialLines(tx: StoredObject | undefined) {
  const items = (tx?.lineItems ?? []) as { uniqueId: string; amountIncludingTax: number; quantity: number }[];
  const first = items[0];
  if (!first) throw new Error(`transaction ${id(tx)} has no line items to complete`);
  return [
    {
      uniqueId: first.uniqueId,
      quantity: first.quantity,
      amount: Math.round((first.amountIncludingTax / 2) * 100) / 100,
    },
  ];
}

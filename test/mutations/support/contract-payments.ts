// Contract rows of the payment mutations: transactions and their actions, completions, voids,
// refunds, tokens (also by credentials), invoices, comments, links and payment configuration.
// Objects an action changes for good are made fresh over REST; demo objects are only found.
import { act, create, update, type ContractTable } from './contract-case';
import { idOf, type Fixtures, type Input, type Obj } from './contract-fixtures';

const lineItems = [
  { uniqueId: 'sku-1', name: 'Contract item', quantity: 1, amountIncludingTax: 100, type: 'PRODUCT' },
];
const card = (f: Fixtures): Input => ({
  paymentMethodConfiguration: f.seed.cardPaymentMethodConfigurationId,
  cardData: { primaryAccountNumber: f.cards.approve, expiryDate: '2031-12', cardVerificationCode: '123' },
});

/** A transaction's REST credentials and a one-click token of its customer. */
async function oneClick(f: Fixtures): Promise<Input> {
  const [token] = await f.search('Token', 'state:ACTIVE AND enabledForOneClickPayment:true');
  if (!token) throw new Error('the demo data has no one-click token');
  const tx = await f.pendingTransaction({ customerId: token.customerId });
  const credentials = await f.h.rest.call('getTransactionCredentials', {
    space: f.space,
    path: { id: Number(tx.id) },
  });
  return { credentials, id: token.id };
}

/** A new comment on a new (or found) parent, over REST. */
function comment(op: string, parentField: string, pathParam: string, parent: (f: Fixtures) => Promise<Obj>) {
  return async (f: Fixtures): Promise<Obj> => {
    const p = await parent(f);
    return f.call(op, {
      path: { [pathParam]: p.id },
      body: { [parentField]: p.id, content: 'contract comment' },
    });
  };
}
const txComment = comment('createTransactionComment', 'transaction', 'transactionId', (f) =>
  f.pendingTransaction(),
);
const refundOf = async (f: Fixtures): Promise<Obj> => f.find('Refund', 'state:SUCCESSFUL');
const refundComment = comment('createRefundComment', 'refund', 'refundId', refundOf);
const invoiceOf = async (f: Fixtures): Promise<Obj> => f.find('TransactionInvoice', 'state:PAID');
const invoiceComment = comment(
  'createTransactionInvoiceComment',
  'transactionInvoice',
  'invoiceId',
  invoiceOf,
);

/** How a body names another object: REST bodies by REST id, mutation inputs by global ID. */
type Ref = (f: Fixtures, model: string, link: unknown) => unknown;
const restId: Ref = (_f, _model, link) => idOf(link);
const globalId: Ref = (f, model, link) => f.link(model, link);

async function connectorBody(f: Fixtures, ref = restId): Promise<Input> {
  const c = await f.find('PaymentConnectorConfiguration');
  return {
    name: f.externalId('connector'),
    paymentMethodConfiguration: ref(f, 'PaymentMethodConfiguration', c.paymentMethodConfiguration),
    connector: ref(f, 'PaymentConnector', c.connector),
    processorConfiguration: ref(f, 'PaymentProcessorConfiguration', c.processorConfiguration),
    state: 'ACTIVE',
  };
}
async function methodBody(f: Fixtures, ref = restId): Promise<Input> {
  const m = await f.find('PaymentMethodConfiguration');
  return {
    name: f.externalId('method'),
    dataCollectionType: 'ONSITE',
    paymentMethod: ref(f, 'PaymentMethod', m.paymentMethod),
    state: 'ACTIVE',
  };
}
async function processorBody(f: Fixtures, ref = restId): Promise<Input> {
  const p = await f.find('PaymentProcessorConfiguration');
  return {
    name: f.externalId('processor'),
    processor: ref(f, 'PaymentProcessor', p.processor),
    state: 'ACTIVE',
  };
}
/** A fresh object made by a create mutation's REST operation with the same body the row sends. */
const made =
  (op: string, body: (f: Fixtures) => Promise<Input> | Input) =>
  async (f: Fixtures): Promise<Obj> =>
    f.call(op, { body: await body(f) });

/** An OPEN or OVERDUE invoice no dunning case is about yet. */
async function undunnedInvoice(f: Fixtures): Promise<Obj> {
  for (const invoice of await f.search('TransactionInvoice', 'state:OPEN OR state:OVERDUE', {}, 20)) {
    if ((await f.search('DunningCase', `initialInvoice:${String(invoice.id)}`, {}, 1)).length === 0)
      return invoice;
  }
  throw new Error('the demo data has no undunned invoice');
}

export const paymentCases: ContractTable = {
  createTransaction: create(() => ({ currency: 'CHF', lineItems })),
  updateTransaction: update('Transaction', (f) => f.pendingTransaction(), { merchantReference: 'contract' }),
  confirmTransaction: update('Transaction', (f) => f.pendingTransaction()),
  processTransactionCardDetails: act('Transaction', (f) => f.pendingTransaction(), card),
  processTransactionCardDetailsThreeD: act(
    'Transaction',
    (f) => f.pendingTransaction(),
    (f) => ({
      paymentMethodConfiguration: f.seed.cardPaymentMethodConfigurationId,
      cardData: { primaryAccountNumber: f.cards.threeDSecure, expiryDate: '2031-12' },
    }),
  ),
  processTransactionWithToken: act('Transaction', async (f) => {
    const [token] = await f.search('Token', 'state:ACTIVE');
    return f.pendingTransaction({ token: token.id });
  }),
  processTransactionWithoutInteraction: act('Transaction', async (f) => {
    const [token] = await f.search('Token', 'state:ACTIVE');
    return f.pendingTransaction({ token: token.id });
  }),
  applyTransactionChargeFlow: act('Transaction', (f) => f.pendingTransaction()),
  cancelTransactionChargeFlow: act('Transaction', async (f) => {
    const tx = await f.pendingTransaction();
    await f.call('applyTransactionChargeFlow', { path: { id: tx.id } });
    return tx;
  }),
  updateTransactionChargeFlowRecipient: act('Transaction', 'state:PROCESSING', {
    type: 1,
    recipient: 'buyer@example.com',
  }),
  completeTransactionOnline: act('Transaction', (f) => f.authorizedTransaction()),
  completeTransactionOffline: act('Transaction', (f) => f.authorizedTransaction()),
  completeTransactionPartiallyOnline: act('Transaction', (f) => f.authorizedTransaction(), {
    lastCompletion: true,
  }),
  completeTransactionPartiallyOffline: act('Transaction', (f) => f.authorizedTransaction(), {
    lastCompletion: true,
  }),
  voidTransactionOnline: act('Transaction', (f) => f.authorizedTransaction()),
  voidTransactionOffline: act('Transaction', (f) => f.authorizedTransaction()),
  createTransactionLineItemVersion: create(async (f) => ({
    transaction: f.link('Transaction', await f.authorizedTransaction()),
    externalId: f.externalId('liv'),
    lineItems: [{ ...lineItems[0], amountIncludingTax: 80 }],
  })),

  createTransactionComment: create(async (f) => ({
    transaction: f.link('Transaction', await f.pendingTransaction()),
    content: 'hello',
  })),
  updateTransactionComment: update('TransactionComment', txComment, { content: 'changed' }),
  deleteTransactionComment: act('TransactionComment', txComment),
  pinTransactionComment: act('TransactionComment', txComment),
  unpinTransactionComment: act('TransactionComment', txComment),

  createRefund: create(async (f) => ({
    transaction: f.link('Transaction', await f.fulfilledTransaction()),
    externalId: f.externalId('refund'),
    type: 'MERCHANT_INITIATED_ONLINE',
    amount: 10,
  })),
  markRefundSucceeded: act('Refund', async (f) => {
    const tx = await f.fulfilledTransaction();
    return f.call('createRefund', {
      body: {
        transaction: tx.id,
        externalId: f.externalId('r'),
        type: 'CUSTOMER_INITIATED_MANUAL',
        amount: 5,
      },
    });
  }),
  markRefundFailed: act('Refund', async (f) => {
    const tx = await f.fulfilledTransaction();
    return f.call('createRefund', {
      body: {
        transaction: tx.id,
        externalId: f.externalId('r'),
        type: 'CUSTOMER_INITIATED_AUTOMATIC',
        amount: 5,
      },
    });
  }),
  createRefundComment: create(async (f) => ({
    refund: f.link('Refund', await refundOf(f)),
    content: 'hello',
  })),
  updateRefundComment: update('RefundComment', refundComment, { content: 'changed' }),
  deleteRefundComment: act('RefundComment', refundComment),
  pinRefundComment: act('RefundComment', refundComment),
  unpinRefundComment: act('RefundComment', refundComment),

  markTransactionInvoicePaid: act('TransactionInvoice', 'state:OPEN OR state:OVERDUE'),
  derecognizeTransactionInvoice: act('TransactionInvoice', 'state:OPEN OR state:OVERDUE'),
  replaceTransactionInvoice: act('TransactionInvoice', 'state:OPEN OR state:OVERDUE', (f) => ({
    externalId: f.externalId('inv'),
    lineItems,
  })),
  createTransactionInvoiceComment: create(async (f) => ({
    transactionInvoice: f.link('TransactionInvoice', await invoiceOf(f)),
    content: 'hello',
  })),
  updateTransactionInvoiceComment: update('TransactionInvoiceComment', invoiceComment, {
    content: 'changed',
  }),
  deleteTransactionInvoiceComment: act('TransactionInvoiceComment', invoiceComment),
  pinTransactionInvoiceComment: act('TransactionInvoiceComment', invoiceComment),
  unpinTransactionInvoiceComment: act('TransactionInvoiceComment', invoiceComment),
  createDunningCaseForInvoice: {
    input: async (f) => ({
      space: f.space,
      invoiceId: f.link('TransactionInvoice', await undunnedInvoice(f)),
    }),
  },
  suspendDunningCase: act('DunningCase', 'state:RUNNING', { plannedEndDate: '2031-01-01T00:00:00Z' }),
  markDeliveryIndicationSuitable: act('DeliveryIndication', 'state:MANUAL_CHECK_REQUIRED'),
  markDeliveryIndicationNotSuitable: act('DeliveryIndication', 'state:MANUAL_CHECK_REQUIRED'),
  sendChargeFlowLevelMessage: act('ChargeFlowLevel', 'state:PENDING'),

  createToken: create((f) => ({ externalId: f.externalId('token'), customerId: 'contract-customer' })),
  updateToken: update(
    'Token',
    made('createToken', (f) => ({ externalId: f.externalId('token') })),
    { tokenReference: 'contract' },
  ),
  deleteToken: act(
    'Token',
    made('createToken', (f) => ({ externalId: f.externalId('token') })),
  ),
  createTransactionForTokenUpdate: act('Token', 'state:ACTIVE'),
  processOneClickTokenByCredentials: { input: oneClick },
  deleteOneClickTokenByCredentials: { input: oneClick },

  createPaymentLink: create((f) => ({
    externalId: f.externalId('link'),
    protectionMode: 'NO_PROTECTION',
    currency: 'CHF',
    lineItems,
  })),
  updatePaymentLink: update('PaymentLink', undefined, { name: 'contract link' }),
  deletePaymentLink: act(
    'PaymentLink',
    made('createPaymentLink', (f) => ({ externalId: f.externalId('link'), protectionMode: 'NO_PROTECTION' })),
  ),
  createPaymentMethodConfiguration: create((f) => methodBody(f, globalId)),
  updatePaymentMethodConfiguration: update('PaymentMethodConfiguration', undefined, { sortOrder: 3 }),
  deletePaymentMethodConfiguration: act(
    'PaymentMethodConfiguration',
    made('createPaymentMethodConfiguration', (f) => methodBody(f)),
  ),
  createPaymentProcessorConfiguration: create((f) => processorBody(f, globalId)),
  updatePaymentProcessorConfiguration: update('PaymentProcessorConfiguration', undefined, {
    name: 'contract processor',
  }),
  deletePaymentProcessorConfiguration: act(
    'PaymentProcessorConfiguration',
    made('createPaymentProcessorConfiguration', (f) => processorBody(f)),
  ),
  createPaymentConnectorConfiguration: create((f) => connectorBody(f, globalId)),
  updatePaymentConnectorConfiguration: update('PaymentConnectorConfiguration', undefined, { priority: 2 }),
  deletePaymentConnectorConfiguration: act(
    'PaymentConnectorConfiguration',
    made('createPaymentConnectorConfiguration', (f) => connectorBody(f)),
  ),
};

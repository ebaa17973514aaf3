// Every refused transition of the payment life cycles, driven by the transition tables: for each HTTP
// action and each state (of the model's whole enum) the demo data holds an object in, an action the
// table does not allow from that state answers 422 naming the state and the action, and leaves the
// object as it was.
import { transactionGuards, transactionLifecycle } from '../../src/sandbox/lifecycle/transactions/life-cycle';
import { refundLifecycle } from '../../src/sandbox/lifecycle/after-sales/refunds';
import { invoiceLifecycle } from '../../src/sandbox/lifecycle/after-sales/invoices';
import { deliveryIndicationLifecycle } from '../../src/sandbox/lifecycle/after-sales/delivery-indications';
import { chargeFlowLevelLifecycle } from '../../src/sandbox/lifecycle/transactions/charge-flows';
import { describeRefusals, type RefusalCase } from './support/refusals';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
type Obj = Record<string, any>;

const tx = (o: Obj, suffix: string) => `/payment/transactions/${o.id}/${suffix}`;
const card = (number: () => string) => (o: Obj) => ({
  method: 'POST',
  path: tx(o, 'process-card-details'),
  body: {
    paymentMethodConfiguration: f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId,
    cardData: { primaryAccountNumber: number(), expiryDate: '2031-12', cardVerificationCode: '123' },
  },
});
const cards = () => f.sandbox.seedSummary.testCards;
/** Actions a PENDING transaction reaches through its own auto-confirmation. */
const AUTO_CONFIRMED = new Set(['authorize', 'decline', 'fail', 'startProcessing']);

function transactionAllows(action: string, o: Obj): boolean {
  const from = transactionLifecycle.actions[action]?.from ?? transactionGuards[action];
  if (from.includes(o.state)) return true;
  // Completing online a completed transaction answers its last completion (not a refusal).
  if (action === 'complete' && (o.state === 'COMPLETED' || o.state === 'FULFILL')) return true;
  return o.state === 'PENDING' && o.autoConfirmationEnabled !== false && AUTO_CONFIRMED.has(action);
}

const cases: RefusalCase[] = [
  {
    table: transactionLifecycle,
    base: '/payment/transactions',
    allowed: transactionAllows,
    actions: [
      {
        action: 'confirm',
        request: (o) => ({ method: 'POST', path: tx(o, 'confirm'), body: { version: o.version } }),
      },
      { action: 'authorize', request: card(() => cards().approve) },
      { action: 'decline', request: card(() => cards().decline) },
      { action: 'fail', request: card(() => cards().fail) },
      { action: 'startProcessing', request: (o) => ({ method: 'POST', path: tx(o, 'charge-flow/apply') }) },
      { action: 'cancelChargeFlow', request: (o) => ({ method: 'POST', path: tx(o, 'charge-flow/cancel') }) },
      { action: 'complete', request: (o) => ({ method: 'POST', path: tx(o, 'complete-online') }) },
      { action: 'void', request: (o) => ({ method: 'POST', path: tx(o, 'void-offline') }) },
      {
        action: 'update',
        request: (o) => ({
          method: 'PATCH',
          path: `/payment/transactions/${o.id}`,
          body: { version: o.version, merchantReference: 'x' },
        }),
      },
      {
        action: 'completePartially',
        request: (o) => ({
          method: 'POST',
          path: tx(o, 'complete-partially-offline'),
          body: { lineItems: [{ uniqueId: o.lineItems?.[0]?.uniqueId ?? 'x', quantity: 1, amount: 0.01 }] },
        }),
      },
      {
        action: 'refund',
        request: (o) => ({
          method: 'POST',
          path: '/payment/refunds',
          body: {
            transaction: o.id,
            externalId: `refused-${o.id}`,
            type: 'MERCHANT_INITIATED_ONLINE',
            amount: 0.01,
          },
        }),
      },
      { action: 'paymentPage', request: (o) => ({ path: tx(o, 'payment-page-url') }) },
      { action: 'chargeFlowPaymentPage', request: (o) => ({ path: tx(o, 'charge-flow/payment-page-url') }) },
      {
        action: 'updateChargeFlowRecipient',
        request: (o) => ({
          method: 'POST',
          path: tx(o, 'charge-flow/update-recipient?type=1&recipient=a%40example.com'),
        }),
      },
    ],
  },
  {
    table: refundLifecycle,
    base: '/payment/refunds',
    actions: [
      {
        action: 'markSucceeded',
        request: (o) => ({ method: 'POST', path: `/payment/refunds/${o.id}/mark-succeeded` }),
      },
      {
        action: 'markFailed',
        request: (o) => ({ method: 'POST', path: `/payment/refunds/${o.id}/mark-failed` }),
      },
    ],
  },
  {
    table: invoiceLifecycle,
    base: '/payment/transactions/invoices',
    actions: [
      {
        action: 'markPaid',
        request: (o) => ({ method: 'POST', path: `/payment/transactions/invoices/${o.id}/mark-paid` }),
      },
      {
        action: 'derecognize',
        request: (o) => ({ method: 'POST', path: `/payment/transactions/invoices/${o.id}/derecognize` }),
      },
      {
        action: 'replace',
        request: (o) => ({
          method: 'POST',
          path: `/payment/transactions/invoices/${o.id}/replace`,
          body: {
            externalId: `refused-${o.id}`,
            lineItems: [{ name: 'x', quantity: 1, amountIncludingTax: 1, type: 'PRODUCT', uniqueId: 'x' }],
          },
        }),
      },
    ],
  },
  {
    table: deliveryIndicationLifecycle,
    base: '/payment/delivery-indications',
    actions: [
      {
        action: 'markSuitable',
        request: (o) => ({ method: 'POST', path: `/payment/delivery-indications/${o.id}/mark-suitable` }),
      },
      {
        action: 'markNotSuitable',
        request: (o) => ({ method: 'POST', path: `/payment/delivery-indications/${o.id}/mark-not-suitable` }),
      },
    ],
  },
  {
    table: chargeFlowLevelLifecycle,
    base: '/payment/charge-flows/levels',
    actions: [
      {
        action: 'sendMessage',
        request: (o) => ({ method: 'POST', path: `/payment/charge-flows/levels/${o.id}/send-message` }),
      },
    ],
  },
];

describeRefusals(f, cases);

// A checkout through the graph against the sandbox: createTransaction -> processTransactionCardDetails
// (approving card) -> completeTransactionOnline -> createRefund, each one REST call, with the state
// checked after each step; the payload's selection rides on the write call as `expand`. The operations
// are typed documents (test/operations/checkout.graphql), checked against the schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, count, startWorld, type TestWorld } from '../support/world';
import {
  CheckoutCompleteDocument as COMPLETE,
  CheckoutCompleteWithTransactionDocument,
  CheckoutCreateTransactionDocument as CREATE,
  CheckoutProcessCardDocument as PROCESS,
  CheckoutProcessCardStateOnlyDocument,
  CheckoutRefundDocument as REFUND,
  CheckoutTransactionRefundsDocument,
  type CreateTransactionInput,
  type LineItemCreateInput,
} from '../operations/generated';
import { runTyped } from '../support/typed-operations';

let h: TestWorld;
let cardConfig: number;

beforeAll(async () => {
  h = await startWorld();
  cardConfig = h.sandbox.seedSummary.perSpace[h.space].cardPaymentMethodConfigurationId;
});
afterAll(() => h?.close());

const lineItems: LineItemCreateInput[] = [
  { uniqueId: 'sku-1', name: 'Espresso machine', quantity: 1, amountIncludingTax: 249.5, type: 'PRODUCT' },
];

async function createTransaction(
  extra: Partial<CreateTransactionInput> = {},
): Promise<{ id: string; restId: number }> {
  const r = await runTyped(h, CREATE, {
    input: {
      space: String(h.space),
      currency: 'CHF',
      lineItems,
      completionBehavior: 'COMPLETE_DEFERRED',
      ...extra,
    },
  });
  expect(r.errors).toBeUndefined();
  return at(r.data, 'createTransaction.transaction') as { id: string; restId: number };
}

describe('a checkout, one REST call per step', () => {
  it('creates, authorizes with the approving card, completes and refunds', async () => {
    const created = await runTyped(h, CREATE, {
      input: { space: String(h.space), currency: 'CHF', lineItems, completionBehavior: 'COMPLETE_DEFERRED' },
    });
    expect(created.errors).toBeUndefined();
    expect(at(created.data, 'createTransaction.__typename')).toBe('CreateTransactionPayload');
    expect(at(created.data, 'createTransaction.transaction.state')).toBe('PENDING');
    expect(at(created.data, 'createTransaction.transaction.lineItems')).toEqual([
      { name: 'Espresso machine', amountIncludingTax: '249.5' },
    ]);
    expect(count(created.calls)).toEqual({ createTransaction: 1 });
    const tx = at(created.data, 'createTransaction.transaction.id') as string;

    const processed = await runTyped(h, PROCESS, {
      input: {
        id: tx,
        paymentMethodConfiguration: String(cardConfig),
        cardData: {
          primaryAccountNumber: h.sandbox.seedSummary.testCards.approve,
          expiryDate: '2031-12',
          cardVerificationCode: '123',
        },
      },
    });
    expect(processed.errors).toBeUndefined();
    expect(at(processed.data, 'processTransactionCardDetails.transaction.state')).toBe('AUTHORIZED');
    expect(count(processed.calls)).toEqual({ processTransactionCardDetails: 1 });

    const completed = await runTyped(h, COMPLETE, { input: { id: tx } });
    expect(completed.errors).toBeUndefined();
    expect(at(completed.data, 'completeTransactionOnline.transactionCompletion.state')).toBe('SUCCESSFUL');
    expect(count(completed.calls)).toEqual({ completeTransactionOnline: 1 });

    const refunded = await runTyped(h, REFUND, {
      input: {
        space: String(h.space),
        transaction: tx,
        externalId: 'refund-1',
        type: 'MERCHANT_INITIATED_ONLINE',
        amount: 49.5,
      },
    });
    expect(refunded.errors).toBeUndefined();
    expect(at(refunded.data, 'createRefund.__typename')).toBe('CreateRefundPayload');
    expect(at(refunded.data, 'createRefund.refund.amount')).toBe('49.5');
    expect(at(refunded.data, 'createRefund.refund.transaction.id')).toBe(tx);
    expect(count(refunded.calls)).toEqual({ createRefund: 1 });
    // The refund's linked transaction rode on the write call as `expand`.
    expect(refunded.calls[0].query).toMatchObject({ expand: ['transaction'] });
  });

  it('answers the acted-on object with one follow-up read, only when selected', async () => {
    const { id } = await createTransaction();
    const r = await runTyped(h, CheckoutProcessCardStateOnlyDocument, {
      input: {
        id,
        paymentMethodConfiguration: String(cardConfig),
        cardData: {
          primaryAccountNumber: h.sandbox.seedSummary.testCards.approve,
          expiryDate: '2031-12',
          cardVerificationCode: '123',
        },
      },
    });
    expect(r.errors).toBeUndefined();
    const completed = await runTyped(h, CheckoutCompleteWithTransactionDocument, { input: { id } });
    expect(completed.errors).toBeUndefined();
    expect(at(completed.data, 'completeTransactionOnline.transaction')).toEqual({ id, state: 'FULFILL' });
    expect(count(completed.calls)).toEqual({ completeTransactionOnline: 1, searchTransactions: 1 });
  });

  it('refuses a refund larger than what is left with a typed error, and changes nothing', async () => {
    const { id } = await createTransaction();
    await runTyped(h, PROCESS, {
      input: {
        id,
        paymentMethodConfiguration: String(cardConfig),
        cardData: {
          primaryAccountNumber: h.sandbox.seedSummary.testCards.approve,
          expiryDate: '2031-12',
          cardVerificationCode: '123',
        },
      },
    });
    await runTyped(h, COMPLETE, { input: { id } });
    const before = await runTyped(h, CheckoutTransactionRefundsDocument, { id });
    const r = await runTyped(h, REFUND, {
      input: {
        space: String(h.space),
        transaction: id,
        externalId: 'too-much',
        type: 'MERCHANT_INITIATED_ONLINE',
        amount: 10_000,
      },
    });
    expect(r.errors).toBeUndefined();
    const result = at(r.data, 'createRefund') as Record<string, unknown>;
    expect(result.__typename).not.toBe('CreateRefundPayload');
    expect(typeof result.code).toBe('string');
    expect(result.message).toMatch(/amount|refund/i);
    const after = await runTyped(h, CheckoutTransactionRefundsDocument, { id });
    expect(after.data).toEqual(before.data);
  });
});

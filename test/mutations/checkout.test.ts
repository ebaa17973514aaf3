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

/** processTransactionCardDetails' input paying transaction `id` with the sandbox's approving card. */
function approvingCard(id: string) {
  return {
    id,
    paymentMethodConfiguration: String(cardConfig),
    cardData: {
      primaryAccountNumber: h.sandbox.seedSummary.testCards.approve,
      expiryDate: '2031-12',
      cardVerificationCode: '123',
    },
  };
}

/** A transaction created, authorized with the approving card and completed: refunds can be made of it. */
async function completed(): Promise<string> {
  const { id } = await createTransaction();
  const processed = await runTyped(h, PROCESS, {
    input: approvingCard(id),
  });
  expect(processed.errors).toBeUndefined();
  expect((await runTyped(h, COMPLETE, { input: { id } })).errors).toBeUndefined();
  return id;
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
      input: approvingCard(tx),
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
      input: approvingCard(id),
    });
    expect(r.errors).toBeUndefined();
    const completed = await runTyped(h, CheckoutCompleteWithTransactionDocument, { input: { id } });
    expect(completed.errors).toBeUndefined();
    expect(at(completed.data, 'completeTransactionOnline.transaction')).toEqual({ id, state: 'FULFILL' });
    expect(count(completed.calls)).toEqual({ completeTransactionOnline: 1, searchTransactions: 1 });
  });

  it('refuses a refund larger than what is left with a typed error, and changes nothing', async () => {
    const id = await completed();
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

describe("the payload's expand, planned once per mutation field of the document", () => {
  /** A refund of 1 whose payload selects the refunded transaction's state, behind `directive`. */
  const refund = (
    directive: string,
  ) => `mutation Refund($input: CreateRefundInput!${directive ? ', $t: Boolean!' : ''}) {
    createRefund(input: $input) { ... on CreateRefundPayload { refund { state transaction ${directive} { state } } } } }`;

  let refunds = 0;
  /** Sends `document` as is (the app keeps its parse; execution is compiled from its second run). */
  async function refundWith(document: string, transaction: string, t?: boolean) {
    await h.resetCalls();
    const input = {
      space: String(h.space),
      transaction,
      externalId: `plan-${++refunds}`,
      type: 'MERCHANT_INITIATED_ONLINE',
      amount: 1,
    };
    const body = await h.graph(document, t === undefined ? { input } : { input, t });
    expect(body.errors).toBeUndefined();
    return { refund: at(body.data, 'createRefund.refund'), calls: await h.restCalls() };
  }

  it('follows @include per request when it takes a variable: the transaction rides on the write only when asked', async () => {
    const transaction = await completed();
    // Loaded here, graphql-jit is ready for the runs after the first: the first run is graphql-js's, the
    // next ones compiled (sharing their field nodes): a plan kept from the second (without the
    // transaction) must not serve the third.
    await import('../../src/server/execution/jit');
    for (const t of [false, false, true, false, true]) {
      const { refund: answered, calls } = await refundWith(refund('@include(if: $t)'), transaction, t);
      // One call either way: when asked, the transaction came expanded on the write (no read after it).
      expect(calls).toEqual({ createRefund: 1 });
      expect(answered).toEqual(
        t ? { state: 'SUCCESSFUL', transaction: { state: 'FULFILL' } } : { state: 'SUCCESSFUL' },
      );
    }
  });

  it('reuses the plan when the same document is sent again, compiled', async () => {
    const transaction = await completed();
    await import('../../src/server/execution/jit');
    for (let i = 0; i < 3; i++) {
      const { refund: answered, calls } = await refundWith(refund(''), transaction);
      expect(calls).toEqual({ createRefund: 1 });
      expect(answered).toEqual({ state: 'SUCCESSFUL', transaction: { state: 'FULFILL' } });
    }
  });
});

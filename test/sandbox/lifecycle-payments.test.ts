// Scenario tests of the transaction life cycle over HTTP: card outcomes, partial and full completion,
// refunds up to what is left, voids, confirmation, 3-D Secure. Every refused transition is checked
// to answer 422 naming the state and the action, and to leave state and version as they were.
import { describe, expect, it } from 'vitest';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });

const act = actOn(f);

const get = async (id: number) => (await act('getTransaction', { params: { id } })).body;

/** 422 naming the current state and the action, and the transaction unchanged. */
async function refused(
  res: { status: number; body: Json },
  id: number,
  state: string,
  action: string,
  version: number,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toContain(`it is ${state}`);
  expect(res.body.message).toContain(action);
  const now = await get(id);
  expect([now.state, now.version]).toEqual([state, version]);
}

const LINES = [
  {
    name: 'Shirt',
    quantity: 2,
    amountIncludingTax: 100,
    type: 'PRODUCT',
    uniqueId: 'shirt',
    taxes: [{ rate: 8.1, title: 'VAT' }],
  },
  { name: 'Shipping', quantity: 1, amountIncludingTax: 10, type: 'SHIPPING', uniqueId: 'ship' },
];
const card = (number: string, extra: Json = {}) => ({
  primaryAccountNumber: number,
  expiryDate: '2031-12',
  cardVerificationCode: '123',
  ...extra,
});
const cards = () => f.sandbox.seedSummary.testCards;

async function newTransaction(extra: Json = {}): Promise<Json> {
  const res = await act('createTransaction', {
    body: {
      currency: 'CHF',
      language: 'en-US',
      completionBehavior: 'COMPLETE_DEFERRED',
      customerId: 'cust-1',
      lineItems: LINES,
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

function pay(id: number, number: string, extra: Json = {}) {
  const configuration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
  return act('processTransactionCardDetails', {
    params: { id },
    body: { paymentMethodConfiguration: configuration, cardData: card(number, extra) },
  });
}

describe('transaction: card approve, partial and full completion, refunds', () => {
  it('walks the happy path and refuses every transition out of turn', async () => {
    const tx = await newTransaction({
      billingAddress: { country: 'CH', city: 'Zürich' },
      shippingAddress: { country: 'CH' },
    });
    const id = tx.id as number;
    expect([tx.state, tx.version, tx.authorizationAmount, tx.currency]).toEqual(['PENDING', 1, 110, 'CHF']);
    expect(tx.lineItems[0]).toMatchObject({
      amountIncludingTax: 100,
      amountExcludingTax: 92.51,
      taxAmount: 7.49,
      unitPriceIncludingTax: 50,
      aggregatedTaxRate: 8.1,
    });

    // Optimistic locking on the pending update: missing and stale versions are conflicts.
    expect((await act('updateTransaction', { params: { id }, body: { language: 'de-CH' } })).status).toBe(
      409,
    );
    expect(
      (await act('updateTransaction', { params: { id }, body: { version: 7, language: 'de-CH' } })).status,
    ).toBe(409);
    const updated = await act('updateTransaction', {
      params: { id },
      body: { version: 1, language: 'de-CH', merchantReference: 'order-1' },
    });
    expect([updated.body.version, updated.body.language, updated.body.merchantReference]).toEqual([
      2,
      'de-CH',
      'order-1',
    ]);

    await refused(await act('completeTransactionOnline', { params: { id } }), id, 'PENDING', 'complete', 2);
    await refused(await act('voidTransactionOnline', { params: { id } }), id, 'PENDING', 'void', 2);
    const earlyRefund = await act('createRefund', {
      body: { transaction: id, externalId: 'early', type: 'MERCHANT_INITIATED_ONLINE', amount: 5 },
    });
    await refused(earlyRefund, id, 'PENDING', 'refund', 2);

    // Approving card: auto-confirmed, then authorized (two steps, two versions).
    const authorized = await pay(id, cards().approve);
    expect([authorized.body.state, authorized.body.version]).toEqual(['AUTHORIZED', 4]);
    expect(authorized.body.confirmedOn).toBeTruthy();
    await refused(await pay(id, cards().approve), id, 'AUTHORIZED', 'authorize', 4);
    await refused(
      await act('updateTransaction', { params: { id }, body: { version: 4, language: 'en' } }),
      id,
      'AUTHORIZED',
      'update',
      4,
    );

    // Part of the shirt: 50 of 100.
    const partial = {
      lineItems: [{ uniqueId: 'shirt', quantity: 1, amount: 50 }],
      lastCompletion: false,
      externalId: `part-${id}`,
    };
    const first = await act('completeTransactionPartiallyOnline', { params: { id }, body: partial });
    expect(first.status, first.text).toBe(200);
    expect((await act('completeTransactionPartiallyOnline', { params: { id }, body: partial })).body.id).toBe(
      first.body.id,
    );
    expect([
      first.body.state,
      first.body.mode,
      first.body.amount,
      first.body.lastCompletion,
      first.body.linkedTransaction,
    ]).toEqual(['SUCCESSFUL', 'ONLINE', 50, false, id]);
    expect(first.body.remainingLineItems).toBeUndefined();
    let now = await get(id);
    expect([now.state, now.version, now.completedAmount]).toEqual(['AUTHORIZED', 5, 50]);

    // More than what is left of the line, an unknown line, a void and a refund are refused.
    const tooMuch = await act('completeTransactionPartiallyOffline', {
      params: { id },
      body: { lineItems: [{ uniqueId: 'shirt', quantity: 1, amount: 60 }] },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toHaveProperty(['lineItems[0].amount']);
    const unknown = await act('completeTransactionPartiallyOffline', {
      params: { id },
      body: { lineItems: [{ uniqueId: 'hat', quantity: 1, amount: 1 }] },
    });
    expect(unknown.body.errors).toHaveProperty(['lineItems[0].uniqueId']);
    expect((await act('voidTransactionOffline', { params: { id } })).status).toBe(422);
    await refused(
      await act('createRefund', {
        body: { transaction: id, externalId: 'mid', type: 'MERCHANT_INITIATED_ONLINE', amount: 5 },
      }),
      id,
      'AUTHORIZED',
      'refund',
      5,
    );

    // The rest, offline: what is left of every line; COMPLETED, then FULFILL on the automatic delivery decision.
    const rest = await act('completeTransactionOffline', {
      params: { id },
      query: { expand: 'remainingLineItems' },
    });
    expect([rest.body.mode, rest.body.amount, rest.body.lastCompletion, rest.body.version]).toEqual([
      'OFFLINE',
      60,
      true,
      2,
    ]);
    expect(rest.body.remainingLineItems.map((l: Json) => l.amountIncludingTax)).toEqual([0, 0]);
    now = await get(id);
    expect([now.state, now.version, now.completedAmount]).toEqual(['FULFILL', 7, 110]);
    // Completing online what is completed already answers its successful last completion, changing nothing.
    const completedAgain = await act('completeTransactionOnline', { params: { id } });
    expect([
      completedAgain.status,
      completedAgain.body.id,
      completedAgain.body.state,
      completedAgain.body.lastCompletion,
    ]).toEqual([200, rest.body.id, 'SUCCESSFUL', true]);
    now = await get(id);
    expect([now.state, now.version]).toEqual(['FULFILL', 7]);
    await refused(await act('completeTransactionOffline', { params: { id } }), id, 'FULFILL', 'complete', 7);

    // Refunds: part, too much, manual check and failure release the amount, pending then succeeded.
    const refund = await act('createRefund', {
      body: { transaction: id, externalId: 'r-1', type: 'MERCHANT_INITIATED_ONLINE', amount: 30 },
    });
    expect([refund.body.state, refund.body.amount, refund.body.transaction]).toEqual([
      'SUCCESSFUL',
      30,
      { id },
    ]);
    expect((await get(id)).refundedAmount).toBe(30);
    const excess = await act('createRefund', {
      body: { transaction: id, externalId: 'r-2', type: 'MERCHANT_INITIATED_ONLINE', amount: 80.01 },
    });
    expect([excess.status, excess.body.errors?.amount]).toEqual([422, 'at most 80']);
    // The externalId makes a repeated request idempotent: the first refund again, nothing more refunded.
    const repeated = await act('createRefund', {
      body: { transaction: id, externalId: 'r-1', type: 'MERCHANT_INITIATED_ONLINE', amount: 30 },
    });
    expect([repeated.status, repeated.body.id]).toEqual([200, refund.body.id]);
    expect((await get(id)).refundedAmount).toBe(30);

    const manual = await act('createRefund', {
      body: { transaction: id, externalId: 'r-3', type: 'CUSTOMER_INITIATED_MANUAL', amount: 80 },
    });
    expect([manual.body.state, manual.body.version]).toEqual(['MANUAL_CHECK', 2]);
    expect(
      (
        await act('createRefund', {
          body: { transaction: id, externalId: 'r-4', type: 'MERCHANT_INITIATED_ONLINE', amount: 1 },
        })
      ).status,
    ).toBe(422);
    const failed = await act('markRefundFailed', { params: { id: manual.body.id } });
    expect([failed.body.state, failed.body.version, failed.body.failureReason?.category]).toEqual([
      'FAILED',
      3,
      'INTERNAL',
    ]);
    const again = await act('markRefundSucceeded', { params: { id: manual.body.id } });
    expect([again.status, again.body.message]).toEqual([422, expect.stringContaining('it is FAILED')]);

    const pending = await act('createRefund', {
      body: { transaction: id, externalId: 'r-5', type: 'CUSTOMER_INITIATED_AUTOMATIC', amount: 80 },
    });
    expect(pending.body.state).toBe('PENDING');
    expect((await get(id)).refundedAmount).toBe(30);
    const succeeded = await act('markRefundSucceeded', { params: { id: pending.body.id } });
    expect([succeeded.body.state, succeeded.body.version]).toEqual(['SUCCESSFUL', 3]);
    expect((await get(id)).refundedAmount).toBe(110);
    const late = await act('markRefundFailed', { params: { id: pending.body.id } });
    expect([late.status, late.body.message]).toEqual([422, expect.stringContaining('it is SUCCESSFUL')]);
  });

  it('refunds by line item reductions', async () => {
    const tx = await newTransaction();
    await pay(tx.id, cards().approve);
    await act('completeTransactionOnline', { params: { id: tx.id } });
    const byLines = await act('createRefund', {
      body: {
        transaction: tx.id,
        externalId: `red-${tx.id}`,
        type: 'MERCHANT_INITIATED_OFFLINE',
        reductions: [{ lineItemUniqueId: 'shirt', quantityReduction: 1, unitPriceReduction: 0 }],
      },
    });
    expect([byLines.body.state, byLines.body.amount]).toEqual(['SUCCESSFUL', 50]);
    const wrongLine = await act('createRefund', {
      body: {
        transaction: tx.id,
        externalId: `red2-${tx.id}`,
        type: 'MERCHANT_INITIATED_OFFLINE',
        reductions: [{ lineItemUniqueId: 'nope', quantityReduction: 1, unitPriceReduction: 0 }],
      },
    });
    expect(wrongLine.body.errors).toHaveProperty(['reductions[0].lineItemUniqueId']);
  });
});

describe('transaction: declining and failing cards, card checks', () => {
  it('declines with a failure reason and refuses to go on', async () => {
    const { id } = await newTransaction();
    const declined = await pay(id, cards().decline);
    expect([declined.body.state, declined.body.version, declined.body.failureReason?.category]).toEqual([
      'DECLINE',
      3,
      'END_USER',
    ]);
    expect(declined.body.userFailureMessage).toBeTruthy();
    await refused(await pay(id, cards().approve), id, 'DECLINE', 'authorize', 3);
    await refused(await act('completeTransactionOnline', { params: { id } }), id, 'DECLINE', 'complete', 3);
    const attempts = await act('searchChargeAttempts', { query: { query: `linkedTransaction:${id}` } });
    expect(attempts.body.data.map((a: Json) => [a.state, a.failureReason?.id])).toEqual([
      ['FAILED', declined.body.failureReason.id],
    ]);
  });

  it('fails on a processor failure', async () => {
    const { id } = await newTransaction();
    const failed = await pay(id, cards().fail);
    expect([failed.body.state, failed.body.failureReason?.category]).toEqual(['FAILED', 'TEMPORARY_ISSUE']);
    await refused(await act('voidTransactionOnline', { params: { id } }), id, 'FAILED', 'void', 3);
  });

  it('refuses a card it cannot charge (422 naming the field: number, expiry, code), and changes nothing', async () => {
    const { id } = await newTransaction();
    const luhn = await pay(id, '4111111111111112');
    expect([luhn.status, Object.keys(luhn.body.errors)]).toEqual([422, ['cardData.primaryAccountNumber']]);
    const expired = await pay(id, cards().approve, { expiryDate: '2020-01' });
    expect([expired.status, Object.keys(expired.body.errors)]).toEqual([422, ['cardData.expiryDate']]);
    const noExpiry = await pay(id, cards().approve, { expiryDate: undefined });
    expect([noExpiry.status, Object.keys(noExpiry.body.errors)]).toEqual([422, ['cardData.expiryDate']]);
    const cvc = await pay(id, cards().approve, { cardVerificationCode: '12a' });
    expect([cvc.status, Object.keys(cvc.body.errors)]).toEqual([422, ['cardData.cardVerificationCode']]);
    const now = await get(id);
    expect([now.state, now.version]).toEqual(['PENDING', 1]);
  });
});

describe('transaction: pending updates', () => {
  it('recomputes line items in the minor unit of a new currency and refuses unknown codes', async () => {
    const { id } = await newTransaction();
    const yen = await act('updateTransaction', { params: { id }, body: { version: 1, currency: 'JPY' } });
    expect([
      yen.body.currency,
      yen.body.version,
      yen.body.lineItems[0].amountExcludingTax,
      yen.body.authorizationAmount,
    ]).toEqual(['JPY', 2, 93, 110]);
    const bogus = await act('updateTransaction', { params: { id }, body: { version: 2, currency: 'XYZ' } });
    expect([bogus.status, Object.keys(bogus.body.errors)]).toEqual([422, ['currency']]);
    const badLine = await act('updateTransaction', {
      params: { id },
      body: { version: 2, lineItems: [{ ...LINES[0], quantity: 0 }] },
    });
    expect([badLine.status, Object.keys(badLine.body.errors)]).toEqual([422, ['lineItems[0].quantity']]);
    expect((await get(id)).version).toBe(2);
  });
});

describe('transaction: confirmation, 3-D Secure, void', () => {
  it('needs an explicit confirm when auto-confirmation is off', async () => {
    const { id } = await newTransaction({ autoConfirmationEnabled: false });
    await refused(await pay(id, cards().approve), id, 'PENDING', 'authorize', 1);
    expect((await act('confirmTransaction', { params: { id }, body: { version: 9 } })).status).toBe(409);
    const confirmed = await act('confirmTransaction', {
      params: { id },
      body: { version: 1, merchantReference: 'confirmed' },
    });
    expect([confirmed.body.state, confirmed.body.version, confirmed.body.merchantReference]).toEqual([
      'CONFIRMED',
      2,
      'confirmed',
    ]);
    await refused(
      await act('confirmTransaction', { params: { id }, body: { version: 2 } }),
      id,
      'CONFIRMED',
      'confirm',
      2,
    );
    expect((await pay(id, cards().approve)).body.state).toBe('AUTHORIZED');
  });

  it('challenges a 3-D Secure card, then authorizes it once authenticated', async () => {
    const { id } = await newTransaction();
    const configuration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
    const threeD = (number: string) =>
      act('processTransactionCardDetailsThreeD', {
        params: { id },
        body: { paymentMethodConfiguration: configuration, cardData: card(number) },
      });
    const challenge = await threeD(cards().threeDSecure);
    expect(challenge.status).toBe(200);
    const url = new URL(challenge.text);
    expect([url.searchParams.get('spaceId'), url.searchParams.get('transactionId')]).toEqual([
      String(f.space),
      String(id),
    ]);
    expect(url.searchParams.get('securityToken')).toMatch(new RegExp(`^${f.space}-${id}-[\\w-]+\\.[\\w-]+$`));
    expect(`${url.origin}${url.pathname}`).toBe(`${f.sandbox.origin}/s/${f.space}/payment/3ds/challenge`);
    expect((await get(id)).state).toBe('PROCESSING');
    await refused(await threeD(cards().threeDSecure), id, 'PROCESSING', 'startProcessing', 3);
    const authenticated = await pay(id, cards().threeDSecure, {
      cardholderAuthentication: { authenticationResponse: 'FULLY_AUTHENTICATED', version: 'V2' },
    });
    expect([authenticated.body.state, authenticated.body.version]).toEqual(['AUTHORIZED', 4]);
    const attempts = await act('searchChargeAttempts', { query: { query: `linkedTransaction:${id}` } });
    expect(attempts.body.data.map((a: Json) => [a.state, a.redirectionUrl])).toEqual([
      ['SUCCESSFUL', challenge.text],
    ]);

    const other = await newTransaction({ successUrl: 'https://shop.example/ok' });
    const plain = await pay(other.id, cards().threeDSecure);
    expect([plain.body.state, plain.body.failureReason?.name?.['en-US']]).toEqual([
      'DECLINE',
      'Authentication required',
    ]);
    const approved = await newTransaction({ successUrl: 'https://shop.example/ok' });
    const redirect = await act('processTransactionCardDetailsThreeD', {
      params: { id: approved.id },
      body: { paymentMethodConfiguration: configuration, cardData: card(cards().approve) },
    });
    expect(redirect.text).toBe('https://shop.example/ok');
  });

  it('voids an authorized transaction once', async () => {
    const { id } = await newTransaction();
    await pay(id, cards().approve);
    const voided = await act('voidTransactionOnline', { params: { id } });
    expect([
      voided.body.state,
      voided.body.mode,
      voided.body.transaction,
      voided.body.linkedTransaction,
      voided.body.version,
    ]).toEqual(['SUCCESSFUL', 'ONLINE', { id }, id, 3]);
    const expanded = await act('getTransactionVoid', {
      params: { id: voided.body.id },
      query: { expand: 'transaction' },
    });
    expect(expanded.body.transaction).toMatchObject({ id, state: 'VOIDED', version: 4 });
    await refused(await act('voidTransactionOffline', { params: { id } }), id, 'VOIDED', 'void', 4);
    await refused(await act('completeTransactionOffline', { params: { id } }), id, 'VOIDED', 'complete', 4);
  });
});

describe('amounts that add up across repeated lines', () => {
  async function authorized(): Promise<number> {
    const tx = await newTransaction();
    const paid = await pay(tx.id, cards().approve);
    expect(paid.body.state).toBe('AUTHORIZED');
    return tx.id;
  }

  it('refuses a partial completion that names one line twice, and one with a negative amount, changing nothing', async () => {
    const id = await authorized();
    const before = await get(id);
    const twice = await act('completeTransactionPartiallyOnline', {
      params: { id },
      body: {
        lineItems: [
          { uniqueId: 'shirt', quantity: 2, amount: 100 },
          { uniqueId: 'shirt', quantity: 2, amount: 100 },
        ],
        lastCompletion: false,
      },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toHaveProperty(['lineItems[1].uniqueId']);
    const negative = await act('completeTransactionPartiallyOnline', {
      params: { id },
      body: { lineItems: [{ uniqueId: 'shirt', quantity: 1, amount: -10 }] },
    });
    expect(negative.status).toBe(422);
    expect(negative.body.message).toMatch(/wrong sign/);
    const after = await get(id);
    expect([after.state, after.version, after.completedAmount ?? 0]).toEqual([
      before.state,
      before.version,
      before.completedAmount ?? 0,
    ]);
    expect(
      f.sandbox.state.store.list('TransactionCompletion', f.space).filter((c) => c.linkedTransaction === id),
    ).toEqual([]);
  });

  it('refunds by line reductions no more units than were completed, within one refund and across refunds', async () => {
    const id = await authorized();
    expect((await act('completeTransactionOnline', { params: { id } })).status).toBe(200);
    const sock = (quantityReduction: number) => ({
      lineItemUniqueId: 'shirt',
      quantityReduction,
      unitPriceReduction: 0,
    });
    const refund = (externalId: string, reductions: Json[]) =>
      act('createRefund', {
        body: { transaction: id, externalId, type: 'MERCHANT_INITIATED_ONLINE', reductions },
      });
    const repeated = await refund(`r-${id}-a`, [sock(2), sock(2), sock(2)]);
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors).toHaveProperty(['reductions[1].quantityReduction']);
    expect((await refund(`r-${id}-b`, [sock(1)])).status).toBe(200);
    expect((await refund(`r-${id}-c`, [sock(1)])).status).toBe(200);
    const third = await refund(`r-${id}-d`, [sock(1)]);
    expect(third.status).toBe(422);
    expect(third.body.message).toMatch(/0 left to refund of line item 'shirt'/);
  });
});

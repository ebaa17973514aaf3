// What independently written clients of the API rely on: card data without a security code, the
// completion behaviours, a partial completion naming no line items, token-creation checks after the
// fact, token charges decided by the token's card (tokens made over HTTP on any test card).
import { describe, expect, it } from 'vitest';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
const act = actOn(f);
const cards = () => f.sandbox.seedSummary.testCards;

const LINES = [
  { name: 'Lamp', quantity: 2, amountIncludingTax: 80, type: 'PRODUCT', uniqueId: 'lamp' },
  { name: 'Shipping', quantity: 1, amountIncludingTax: 10, type: 'SHIPPING', uniqueId: 'ship' },
];

async function newTransaction(extra: Json = {}): Promise<Json> {
  const res = await act('createTransaction', {
    body: {
      currency: 'CHF',
      completionBehavior: 'COMPLETE_DEFERRED',
      customerId: 'rules-customer',
      lineItems: LINES,
      billingAddress: { country: 'CH' },
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Card details as a minimal client sends them: the number and the expiry, no security code. */
async function pay(id: number, number: string, threeD = false) {
  const res = await act(threeD ? 'processTransactionCardDetailsThreeD' : 'processTransactionCardDetails', {
    params: { id },
    body: { cardData: { primaryAccountNumber: number, expiryDate: '2031-12' } },
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

async function completionsOf(id: number): Promise<Json[]> {
  return (await act('searchTransactionCompletions', { query: { query: `linkedTransaction:${id}` } })).body
    .data;
}

describe('card data without a security code', () => {
  it('is processed by card details and by the 3-D Secure variant', async () => {
    const plain = await newTransaction({ completionBehavior: 'COMPLETE_DEFERRED' });
    expect((await pay(plain.id, cards().approve)).body.state).toBe('AUTHORIZED');
    const threeD = await newTransaction({
      completionBehavior: 'COMPLETE_DEFERRED',
      successUrl: 'https://shop.example/ok',
    });
    expect((await pay(threeD.id, cards().approve, true)).text).toBe('https://shop.example/ok');
    expect((await act('getTransaction', { params: { id: threeD.id } })).body.state).toBe('AUTHORIZED');
  });
});

describe('completion behaviour', () => {
  it.each(['COMPLETE_IMMEDIATELY', 'USE_CONFIGURATION'])(
    '%s completes on authorization: FULFILL with its completion',
    async (behavior) => {
      const tx = await newTransaction({ completionBehavior: behavior });
      const paid = (await pay(tx.id, cards().approve)).body;
      expect([paid.state, paid.completedAmount]).toEqual(['FULFILL', 90]);
      const [completion] = await completionsOf(tx.id);
      expect([completion.state, completion.mode, completion.amount, completion.lastCompletion]).toEqual([
        'SUCCESSFUL',
        'ONLINE',
        90,
        true,
      ]);
      // Completing it online again answers that completion.
      const again = await act('completeTransactionOnline', { params: { id: tx.id } });
      expect([again.status, again.body.id]).toEqual([200, completion.id]);
      expect(await completionsOf(tx.id)).toHaveLength(1);
    },
  );

  it('COMPLETE_DEFERRED stops at AUTHORIZED, with no completion', async () => {
    const tx = await newTransaction({ completionBehavior: 'COMPLETE_DEFERRED' });
    expect((await pay(tx.id, cards().approve)).body.state).toBe('AUTHORIZED');
    expect(await completionsOf(tx.id)).toEqual([]);
  });

  it('no behaviour given completes on authorization, as the real service does (the official SDK expects FULFILL)', async () => {
    const created = await act('createTransaction', {
      body: { currency: 'CHF', customerId: 'rules-customer', lineItems: LINES },
    });
    expect([created.status, created.body.completionBehavior]).toEqual([200, 'COMPLETE_IMMEDIATELY']);
    const paid = (await pay(created.body.id, cards().approve)).body;
    expect([paid.state, paid.completedAmount]).toEqual(['FULFILL', 90]);
    expect((await completionsOf(created.body.id)).map((c) => c.state)).toEqual(['SUCCESSFUL']);
  });

  it('a declined card is not completed', async () => {
    const tx = await newTransaction({ completionBehavior: 'COMPLETE_IMMEDIATELY' });
    expect((await pay(tx.id, cards().decline)).body.state).toBe('DECLINE');
    expect(await completionsOf(tx.id)).toEqual([]);
  });
});

describe('partial completion', () => {
  it('with no line items (only an externalId) completes the rest of the amount', async () => {
    const tx = await newTransaction({ completionBehavior: 'COMPLETE_DEFERRED' });
    await pay(tx.id, cards().approve);
    const part = await act('completeTransactionPartiallyOffline', {
      params: { id: tx.id },
      body: { externalId: 'part-1', lineItems: [{ uniqueId: 'lamp', quantity: 1, amount: 40 }] },
    });
    expect([part.status, part.body.amount, part.body.lastCompletion]).toEqual([200, 40, false]);
    const rest = await act('completeTransactionPartiallyOnline', {
      params: { id: tx.id },
      body: { externalId: 'rest-1' },
    });
    expect([rest.status, rest.body.amount, rest.body.lastCompletion]).toEqual([200, 50, true]);
    const after = (await act('getTransaction', { params: { id: tx.id } })).body;
    expect([after.state, after.completedAmount]).toEqual(['FULFILL', 90]);
  });
});

describe('check-token-creation-possible', () => {
  const possible = async (id: number) =>
    (await act('checkTransactionTokenCreationPossible', { params: { id } })).body;

  it('is true for fulfilled and voided card payments whose card can be kept', async () => {
    const fulfilled = await newTransaction({
      completionBehavior: 'COMPLETE_IMMEDIATELY',
      tokenizationMode: 'FORCE_CREATION',
    });
    expect((await pay(fulfilled.id, cards().approve)).body.state).toBe('FULFILL');
    expect(await possible(fulfilled.id)).toBe(true);
    const byDefault = await newTransaction({ completionBehavior: 'COMPLETE_IMMEDIATELY' });
    await pay(byDefault.id, cards().approve);
    expect(await possible(byDefault.id)).toBe(true);
    const voided = await newTransaction({ completionBehavior: 'COMPLETE_DEFERRED' });
    await pay(voided.id, cards().approve);
    expect((await act('voidTransactionOnline', { params: { id: voided.id } })).status).toBe(200);
    expect(await possible(voided.id)).toBe(true);
  });

  it('is false before a card paid, and after a refused card', async () => {
    expect(await possible((await newTransaction()).id)).toBe(false);
    const declined = await newTransaction();
    await pay(declined.id, cards().decline);
    expect(await possible(declined.id)).toBe(false);
  });
});

describe('token charges decide by the token card', () => {
  /** A token made over HTTP: a zero-amount tokenizing transaction verifies any test card. */
  async function tokenOn(number: string): Promise<number> {
    const tx = await newTransaction({
      tokenizationMode: 'FORCE_CREATION',
      lineItems: [{ name: 'Card check', quantity: 1, amountIncludingTax: 0, type: 'FEE', uniqueId: 'check' }],
    });
    const verified = (await pay(tx.id, number)).body;
    expect(verified.state).toBe('AUTHORIZED');
    return Number(verified.token?.id ?? verified.token);
  }

  it.each([
    ['approve', 'AUTHORIZED', 'SUCCESSFUL', undefined],
    ['decline', 'DECLINE', 'FAILED', 'END_USER'],
    ['fail', 'FAILED', 'FAILED', 'TEMPORARY_ISSUE'],
  ] as const)('a token on the %s card: %s', async (outcome, state, chargeState, category) => {
    const token = await tokenOn(cards()[outcome]);
    const tx = await newTransaction({ token, completionBehavior: 'COMPLETE_DEFERRED' });
    const charge = await act('processTransactionWithToken', {
      params: { id: tx.id },
      query: { expand: 'transaction' },
    });
    expect(charge.status, charge.text).toBe(200);
    expect([charge.body.transaction.state, charge.body.transaction.failureReason?.category]).toEqual([
      state,
      category,
    ]);
    const attempts = await act('searchChargeAttempts', { query: { query: `linkedTransaction:${tx.id}` } });
    expect(attempts.body.data.map((a: Json) => a.state)).toEqual([chargeState]);
    const silent = await newTransaction({ token, completionBehavior: 'COMPLETE_DEFERRED' });
    expect(
      (await act('processTransactionWithoutInteraction', { params: { id: silent.id } })).body.state,
    ).toBe(state);
  });
});

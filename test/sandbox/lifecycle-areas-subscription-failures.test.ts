// Scenario: subscription charges succeed or fail as the subscription's token decides (the card its
// ACTIVE version records, classified by the published test cards), over HTTP, with the states and
// versions of subscription, version, charge, transaction and ledger entry checked at each step.
//
// A token version on the decline or fail card cannot be made over HTTP: card processing tokenizes
// only authorized cards, and those cards are never authorized. The tests therefore store such a
// version with the payments module's own addTokenVersion, exactly as a tokenizing authorization
// writes it ("Visa •••• 0002"); everything else goes through the REST API.
import { beforeAll, describe, expect, it } from 'vitest';
import { addTokenVersion } from '../../src/sandbox/lifecycle/tokens';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
const act = actOn(f);

async function ok(operationId: string, o: Parameters<typeof act>[1] = {}, status = 200): Promise<Json> {
  const res = await act(operationId, o);
  expect(res.status, `${operationId}: ${res.text}`).toBe(status);
  return res.body;
}
const fetchOne = (operationId: string, id: number) => ok(operationId, { params: { id } });
const search = async (operationId: string, query: string): Promise<Json[]> =>
  (await ok(operationId, { query: { query, limit: 100 } })).data;

async function expectStates(
  subscriptionId: number,
  versionId: number,
  state: string,
  version: number,
  versionState: string,
  versionVersion: number,
) {
  const s = await fetchOne('getSubscription', subscriptionId);
  const v = await fetchOne('getSubscriptionVersion', versionId);
  expect([s.state, s.version, v.state, v.version]).toEqual([state, version, versionState, versionVersion]);
  return { subscription: s, version: v };
}

const cards = () => f.sandbox.seedSummary.testCards;
const card = (number: string) => ({
  primaryAccountNumber: number,
  expiryDate: '2031-12',
  cardVerificationCode: '123',
});
const LINES = [
  { name: 'Plan setup', quantity: 1, amountIncludingTax: 10, type: 'PRODUCT', uniqueId: 'setup' },
];

let subscriberId: number;
let productId: number;
let metricId: number;

beforeAll(async () => {
  subscriberId = (await ok('listSubscribers', { query: { limit: 1 } })).data[0].id;
  productId = (await ok('listSubscriptionVersions', { query: { limit: 1 } })).data[0].productVersion.product
    .id;
  metricId = (await ok('listSubscriptionMetrics', { query: { limit: 1 } })).data[0].id;
});

/** Authorizes a card payment over HTTP; `tokenize` asks for the card to be stored as a token. */
async function payByCard(number: string, extra: Json = {}): Promise<Json> {
  const tx = await ok('createTransaction', {
    body: {
      currency: 'CHF',
      completionBehavior: 'COMPLETE_DEFERRED',
      customerId: 'cust-subscription',
      lineItems: LINES,
      ...extra,
    },
  });
  const configuration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
  return ok('processTransactionCardDetails', {
    params: { id: tx.id },
    body: { paymentMethodConfiguration: configuration, cardData: card(number) },
  });
}

/** A token on the approve card, made the ordinary way: a tokenizing card payment. */
async function approvingToken(): Promise<number> {
  const tx = await payByCard(cards().approve, { tokenizationMode: 'FORCE_CREATION' });
  expect(tx.state).toBe('AUTHORIZED');
  return tx.token.id;
}

/** Replaces the token's active version by one on `number`, as a tokenizing authorization of that card would. */
async function storeCardOnToken(tokenId: number, number: string): Promise<Json> {
  const { store } = f.sandbox.state;
  const context = await ok('createTransaction', {
    body: { currency: 'CHF', customerId: 'cust-subscription', lineItems: LINES },
  });
  const token = store.get('Token', tokenId, f.space)!;
  addTokenVersion(
    store,
    f.space,
    token,
    store.get('Transaction', context.id, f.space)!,
    { name: `Visa •••• ${number.slice(-4)}` },
    new Date(),
  );
  return ok('getTokenActiveVersion', { params: { id: tokenId } });
}

/** A token (created over HTTP) whose active version holds the test card `number`. */
async function tokenOn(number: string): Promise<number> {
  const token = await ok('createToken', {
    body: { externalId: `card-${number}-${Date.now()}-${Math.random()}`, customerId: 'cust-subscription' },
  });
  const version = await storeCardOnToken(token.id, number);
  expect([version.state, version.name]).toEqual(['ACTIVE', `Visa •••• ${number.slice(-4)}`]);
  return token.id;
}

/** A PENDING subscription paying with `token`, with a setup fee owed by its first version. */
async function pendingSubscription(token: number, reference: string) {
  const version = await ok('createSubscription', {
    body: {
      product: productId,
      currency: 'CHF',
      subscription: { subscriber: subscriberId, token, reference },
    },
  });
  const id: number = version.subscription.id;
  await expectStates(id, version.id, 'PENDING', 1, 'PENDING', 1);
  const fee = await ok('createSubscriptionLedgerEntry', {
    body: {
      subscriptionVersion: version.id,
      title: 'Setup fee',
      externalId: `setup-${reference}`,
      quantity: 1,
      amountIncludingTax: 49.9,
    },
  });
  expect([fee.state, fee.version]).toEqual(['OPEN', 1]);
  return { id, versionId: version.id as number, feeId: fee.id as number };
}

/** Nothing of the charge was settled: no completion, no invoice, no paid entry, no period bill. */
async function expectNothingSettled(id: number, versionId: number, transactionId: number) {
  expect(await search('searchTransactionCompletions', `linkedTransaction:${transactionId}`)).toEqual([]);
  expect((await ok('searchSubscriptionInvoices', { params: { id } })).data).toEqual([]);
  const entries = await search('searchSubscriptionLedgerEntries', `subscriptionVersion:${versionId}`);
  expect(entries.map((e) => e.state)).not.toContain('PAID');
  expect(await search('searchSubscriptionPeriodBills', `subscriptionVersion:${versionId}`)).toEqual([]);
}

/** 422 naming the current state and the action, and the subscription unchanged. */
async function expectRefused(
  operationId: string,
  o: Parameters<typeof act>[1],
  state: string,
  action: string,
  unchanged: () => Promise<unknown>,
) {
  const res = await act(operationId, o);
  expect(res.status, `${operationId}: ${res.text}`).toBe(422);
  expect(res.body.message).toContain(state);
  expect(res.body.message).toContain(action);
  await unchanged();
}

describe('initialization fails when the token refuses the initial charge', () => {
  const refusing = [
    { card: 'decline', transactionState: 'DECLINE', reason: { id: 1001, category: 'END_USER' } },
    { card: 'fail', transactionState: 'FAILED', reason: { id: 1002, category: 'TEMPORARY_ISSUE' } },
  ] as const;

  it.each(refusing)(
    '$card card: subscription and version FAILED, transaction $transactionState, fee still OPEN',
    async ({ card: which, transactionState, reason }) => {
      const token = await tokenOn(cards()[which]);
      const { id, versionId, feeId } = await pendingSubscription(token, `S-${which}`);

      const charge = await ok('initializeSubscription', {
        params: { id },
        query: { expand: 'ledgerEntries' },
      });
      expect([charge.state, charge.type, charge.processingType, charge.version]).toEqual([
        'FAILED',
        'AUTOMATIC',
        'SYNCHRONOUS',
        3,
      ]);
      expect([!!charge.failedOn, charge.succeedOn]).toEqual([true, undefined]);
      expect(charge.ledgerEntries.map((e: Json) => [e.id, e.state, e.version])).toEqual([[feeId, 'OPEN', 3]]); // schedule, release

      // INITIALIZING -> FAILED: initialize, then fail (two versions each); no activation, no period.
      const { subscription, version } = await expectStates(id, versionId, 'FAILED', 3, 'FAILED', 3);
      expect([subscription.activatedOn, !!version.failedOn, version.activatedOn]).toEqual([
        undefined,
        true,
        undefined,
      ]);

      // The payment attempt went through the payments life cycle: confirmed, then refused.
      const tx = await fetchOne('getTransaction', charge.transaction.id);
      expect([tx.state, tx.version, tx.token, tx.authorizationAmount]).toEqual([
        transactionState,
        3,
        { id: token },
        49.9,
      ]);
      expect(tx.failureReason).toMatchObject(reason);
      expect([!!tx.failedOn, tx.completedOn, tx.authorizedOn]).toEqual([true, undefined, undefined]);
      const attempts = await search('searchChargeAttempts', `linkedTransaction:${tx.id}`);
      expect(attempts.map((a) => [a.state, a.failureReason?.id])).toEqual([['FAILED', reason.id]]);
      const byToken = await search('searchTransactions', `token:${token}`);
      expect(byToken.map((t) => t.state)).toEqual([transactionState]);
      await expectNothingSettled(id, versionId, tx.id);

      // FAILED is final: every action is refused and changes nothing.
      const unchanged = () => expectStates(id, versionId, 'FAILED', 3, 'FAILED', 3);
      const params = { id };
      await expectRefused('initializeSubscription', { params }, 'FAILED', 'initialize', unchanged);
      await expectRefused(
        'initializeSubscriptionSubscriberPresent',
        { params, body: {} },
        'FAILED',
        'initialize',
        unchanged,
      );
      await expectRefused('suspendSubscription', { params, body: {} }, 'FAILED', 'suspend', unchanged);
      await expectRefused('reactivateSubscription', { params }, 'FAILED', 'reactivate', unchanged);
      await expectRefused(
        'applySubscriptionChanges',
        { params, body: { currency: 'EUR' } },
        'FAILED',
        'applyChanges',
        unchanged,
      );
      await expectRefused(
        'upgradeSubscriptionProduct',
        { params, query: { respectTerminationPeriod: false } },
        'FAILED',
        'upgradeProduct',
        unchanged,
      );
      await expectRefused(
        'terminateSubscription',
        { params, query: { respectTerminationPeriod: true } },
        'FAILED',
        'scheduleTermination',
        unchanged,
      );
      await expectRefused(
        'terminateSubscription',
        { params, query: { respectTerminationPeriod: false } },
        'FAILED',
        'terminate',
        unchanged,
      );
      await expectRefused(
        'createSubscriptionCharge',
        { body: { subscription: id, externalId: `retry-${which}`, processingType: 'SYNCHRONOUS' } },
        'FAILED',
        'charge',
        unchanged,
      );
      await expectRefused(
        'createSubscriptionLedgerEntry',
        {
          body: {
            subscriptionVersion: versionId,
            title: 'Late',
            externalId: `late-${which}`,
            quantity: 1,
            amountIncludingTax: 5,
          },
        },
        'FAILED',
        'ledger entry',
        unchanged,
      );
      await expectRefused(
        'createSubscriptionMetricUsageReport',
        { body: { subscription: id, metric: metricId, consumedUnits: 1, externalId: `u-${which}` } },
        'FAILED',
        'usage',
        unchanged,
      );
      expect((await fetchOne('getSubscriptionLedgerEntry', feeId)).state).toBe('OPEN');
      expect((await fetchOne('getSubscriptionCharge', charge.id)).version).toBe(3);
    },
  );

  it('a token without an ACTIVE version cannot pay: FAILED with the no-active-token-version reason', async () => {
    const token = await ok('createToken', { body: { externalId: `bare-${Date.now()}` } });
    const { id, versionId, feeId } = await pendingSubscription(token.id, 'S-BARE');
    const charge = await ok('initializeSubscriptionSubscriberPresent', {
      params: { id },
      body: { failureUrl: 'https://shop.example/failed' },
    });
    expect([charge.state, charge.processingType, charge.failedUrl]).toEqual([
      'FAILED',
      'CHARGE_FLOW',
      'https://shop.example/failed',
    ]);
    await expectStates(id, versionId, 'FAILED', 3, 'FAILED', 3);
    const tx = await fetchOne('getTransaction', charge.transaction.id);
    expect([tx.state, tx.failureReason.id, tx.customersPresence]).toEqual([
      'FAILED',
      1007,
      'VIRTUAL_PRESENT',
    ]);
    expect((await fetchOne('getSubscriptionLedgerEntry', feeId)).state).toBe('OPEN');
    await expectNothingSettled(id, versionId, tx.id);
  });
});

describe('charges of a token that approves', () => {
  it('initialization succeeds; a later charge on a declining card fails, the subscription stays ACTIVE, a new charge retries', async () => {
    const token = await approvingToken();
    const { id, versionId, feeId } = await pendingSubscription(token, 'S-APPROVE');
    const charge = await ok('initializeSubscription', { params: { id } });
    expect([charge.state, !!charge.succeedOn, charge.failedOn]).toEqual(['SUCCESSFUL', true, undefined]);
    await expectStates(id, versionId, 'ACTIVE', 3, 'ACTIVE', 3);
    expect((await fetchOne('getTransaction', charge.transaction.id)).state).toBe('FULFILL');
    expect((await fetchOne('getSubscriptionLedgerEntry', feeId)).state).toBe('PAID');
    expect(
      (await search('searchSubscriptionPeriodBills', `subscriptionVersion:${versionId}`)).map((b) => b.state),
    ).toEqual(['PENDING']);

    // The card on file now declines (as if the token had been updated to the decline card).
    await storeCardOnToken(token, cards().decline);
    const extra = await ok('createSubscriptionLedgerEntry', {
      body: {
        subscriptionVersion: versionId,
        title: 'Extra seat',
        externalId: 'seat',
        quantity: 1,
        amountIncludingTax: 15,
      },
    });
    const failed = await ok('createSubscriptionCharge', {
      body: { subscription: id, externalId: 'month-2', processingType: 'SYNCHRONOUS' },
    });
    expect([failed.state, failed.type, failed.ledgerEntries]).toEqual([
      'FAILED',
      'MANUAL',
      [{ id: extra.id }],
    ]);
    const declined = await fetchOne('getTransaction', failed.transaction.id);
    expect([declined.state, declined.failureReason.id]).toEqual(['DECLINE', 1001]);
    expect((await fetchOne('getSubscriptionLedgerEntry', extra.id)).state).toBe('OPEN');
    await expectStates(id, versionId, 'ACTIVE', 3, 'ACTIVE', 3);
    const discard = await act('discardSubscriptionCharge', { params: { id: failed.id } });
    expect([discard.status, discard.body.message]).toEqual([422, expect.stringContaining('it is FAILED')]);

    // The customer updates the token with the approve card (over HTTP); a new charge takes the entry.
    const update = await ok('createTransactionForTokenUpdate', { params: { id: token } });
    const configuration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
    const updated = await ok('processTransactionCardDetails', {
      params: { id: update.id },
      body: { paymentMethodConfiguration: configuration, cardData: card(cards().approve) },
    });
    expect(updated.state).toBe('AUTHORIZED');
    const retry = await ok('createSubscriptionCharge', {
      body: { subscription: id, externalId: 'month-2-retry', processingType: 'SYNCHRONOUS' },
    });
    expect([retry.state, retry.ledgerEntries]).toEqual(['SUCCESSFUL', [{ id: extra.id }]]);
    expect((await fetchOne('getSubscriptionLedgerEntry', extra.id)).state).toBe('PAID');
    await expectStates(id, versionId, 'ACTIVE', 3, 'ACTIVE', 3);
  });
});

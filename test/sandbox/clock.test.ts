// The sandbox clock over HTTP (`/__admin/clock`, manual mode): it stands still until advanced, and
// advancing it makes happen what the life cycles planned for the time passed. No test sleeps.
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/sandbox/clock';
import { actOn, type Json } from './support/act';
import { adminClockOf } from './support/clock';
import { expectingStatus } from './support/sandbox';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false, clock: 'manual' });
const act = actOn(f);
const ok200 = expectingStatus(f);
const cards = () => f.sandbox.seedSummary.testCards;

const { clock, advance, sandboxNow, addEntry, planCharge } = adminClockOf(f);

const LINES = [{ name: 'Desk', quantity: 1, amountIncludingTax: 300, type: 'PRODUCT', uniqueId: 'desk' }];

async function newTransaction(extra: Json = {}): Promise<Json> {
  const res = await act('createTransaction', { body: { currency: 'CHF', lineItems: LINES, ...extra } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function pay(id: number, number: string): Promise<Json> {
  const res = await act('processTransactionCardDetails', {
    params: { id },
    body: { cardData: { primaryAccountNumber: number, expiryDate: '2031-12' } },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const transaction = async (id: number) => (await act('getTransaction', { params: { id } })).body;

describe('the clock', () => {
  it('stands still in manual mode and moves by an ISO 8601 duration or seconds', async () => {
    const first = await clock();
    expect([first.status, first.body.mode]).toEqual([200, 'manual']);
    const created = await newTransaction();
    expect(created.createdOn).toBe(first.body.now);
    expect((await clock()).body.now).toBe(first.body.now);
    await advance('PT1H30M');
    expect((await sandboxNow()).getTime() - Date.parse(first.body.now)).toBe(90 * 60_000);
    expect((await clock({ seconds: 30 })).body.advancedMs).toBe(90 * 60_000 + 30_000);
    for (const bad of [{ advance: 'P1M' }, { advance: 'an hour' }, { seconds: -1 }, {}]) {
      const r = await clock(bad);
      expect([r.status, r.body.message]).toEqual([400, expect.stringContaining('/__admin/clock')]);
    }
  });

  it('reads durations of weeks, days, hours, minutes and seconds, and refuses what has no fixed length', () => {
    expect(parseDuration('PT1H')).toBe(3_600_000);
    expect(parseDuration('P1W2DT3H4M5.5S')).toBe(((9 * 24 + 3) * 60 + 4) * 60_000 + 5500);
    for (const bad of ['P1Y', 'P1M', 'PT', 'P', '1H', ''])
      expect(() => parseDuration(bad)).toThrow(/ISO 8601/);
  });
});

describe('what the payment life cycles plan, on the clock', () => {
  it('a transaction processed without interaction and without a token fails a minute later', async () => {
    const tx = await newTransaction();
    const processing = (await act('processTransactionWithoutInteraction', { params: { id: tx.id } })).body;
    expect(processing.state).toBe('PROCESSING');
    await advance('PT59S');
    expect((await transaction(tx.id)).state).toBe('PROCESSING');
    const happened = await advance('PT2S');
    expect(happened).toContainEqual(
      expect.objectContaining({ what: 'transaction without payment means failed', id: tx.id }),
    );
    const failed = await transaction(tx.id);
    expect([failed.state, failed.failureReason?.name?.['en-US'], failed.failureReason?.category]).toEqual([
      'FAILED',
      'No payment means',
      'CONFIGURATION',
    ]);
  });

  it('an unpaid transaction fails at its authorization timeout', async () => {
    const tx = await newTransaction();
    const timeout = Date.parse(tx.authorizationTimeoutOn);
    await advance(`PT${Math.ceil((timeout - (await sandboxNow()).getTime()) / 1000) - 1}S`);
    expect((await transaction(tx.id)).state).toBe('PENDING');
    await advance('PT1S');
    const failed = await transaction(tx.id);
    expect([failed.state, failed.failureReason?.name?.['en-US'], failed.version]).toEqual([
      'FAILED',
      'Authorization timed out',
      2,
    ]);
  });

  it('an authorized transaction is voided at its completion timeout', async () => {
    const tx = await newTransaction({ completionBehavior: 'COMPLETE_DEFERRED' });
    const authorized = await pay(tx.id, cards().approve);
    expect(authorized.state).toBe('AUTHORIZED');
    await advance('P6D');
    expect((await transaction(tx.id)).state).toBe('AUTHORIZED');
    await advance('P1DT1S');
    expect((await transaction(tx.id)).state).toBe('VOIDED');
    const voids = (await act('searchTransactionVoids', { query: { query: `linkedTransaction:${tx.id}` } }))
      .body.data;
    expect(voids.map((v: Json) => [v.state, v.mode])).toEqual([['SUCCESSFUL', 'ONLINE']]);
  });

  it('credentials expire when the clock passes their lifetime', async () => {
    const tx = await newTransaction();
    const credentials = (await act('getTransactionCredentials', { params: { id: tx.id } })).text;
    const read = () =>
      fetch(`${f.sandbox.baseUrl}/payment/transactions/by-credentials/${encodeURIComponent(credentials)}`);
    expect((await read()).status).toBe(200);
    await advance(`PT${f.sandbox.state.settings.credentialsTtlSeconds}S`);
    const expired = await read();
    expect([expired.status, ((await expired.json()) as Json).message]).toEqual([
      401,
      expect.stringContaining('expired'),
    ]);
  });

  it('a delivery-check task expires at its expiry', async () => {
    const tx = await newTransaction({
      completionBehavior: 'COMPLETE_IMMEDIATELY',
      billingAddress: { country: 'CH' },
      shippingAddress: { country: 'DE' },
    });
    expect((await pay(tx.id, cards().approve)).state).toBe('COMPLETED');
    const tasks = async () =>
      (await ok200<{ data: Json[] }>({ path: `/manual-tasks/search?query=contextEntityId:${tx.id}` })).data;
    const [task] = await tasks();
    expect(task.state).toBe('OPEN');
    await advance(`PT${Math.ceil((Date.parse(task.expiresOn) - (await sandboxNow()).getTime()) / 1000)}S`);
    expect((await tasks()).map((t) => [t.id, t.state])).toEqual([[task.id, 'EXPIRED']]);
  });
});

describe('what the subscription life cycles plan, on the clock', () => {
  let subscriberId: number;
  let productId: number;
  let metricId: number;

  async function activeSubscription(
    reference: string,
    token?: number,
  ): Promise<{ id: number; versionId: number }> {
    if (!subscriberId) {
      subscriberId = (await ok200<{ data: Json[] }>({ path: '/subscriptions/subscribers?limit=1' })).data[0]
        .id;
      productId = (await ok200<{ data: Json[] }>({ path: '/subscriptions/versions?limit=1' })).data[0]
        .productVersion.product.id;
      metricId = (await ok200<{ data: Json[] }>({ path: '/subscriptions/metrics?limit=1' })).data[0].id;
    }
    const version = await ok200({
      method: 'POST',
      path: '/subscriptions',
      body: {
        product: productId,
        currency: 'CHF',
        subscription: { subscriber: subscriberId, reference, token },
      },
    });
    await ok200({ method: 'POST', path: `/subscriptions/${version.subscription.id}/initialize` });
    expect((await ok200({ path: `/subscriptions/${version.subscription.id}` })).state).toBe('ACTIVE');
    return { id: version.subscription.id, versionId: version.id };
  }

  const billsOf = async (versionId: number) =>
    (
      await ok200<{ data: Json[] }>({
        path: `/subscriptions/period-bills/search?query=subscriptionVersion.id:${versionId}&order=id`,
      })
    ).data;

  /** What the clock endpoint reports for a period bill closed at its planned end, or a charge run. */
  const bill = (b: Json) => ({
    what: 'period bill closed and charged',
    model: 'SubscriptionPeriodBill',
    id: b.id,
    dueOn: b.plannedPeriodEndDate,
  });
  const charge = (c: Json) => ({
    what: 'scheduled charge run',
    model: 'SubscriptionCharge',
    id: c.id,
    dueOn: c.plannedExecutionDate,
  });

  /** A ledger entry of `amount` and a charge planned at `at` that takes it (SCHEDULED until then). */
  async function scheduledCharge(
    s: { id: number; versionId: number },
    externalId: string,
    at: Date,
    amount = 15,
  ): Promise<Json> {
    await addEntry(s.versionId, 'Extra seat', `${externalId}-seat`, amount);
    const charge = await planCharge(s.id, externalId, at);
    expect(charge.state).toBe('SCHEDULED');
    return charge;
  }

  /** A token on the approving card, made over HTTP (a zero-amount tokenizing card check). */
  async function approvingToken(): Promise<number> {
    const tx = await newTransaction({
      tokenizationMode: 'FORCE_CREATION',
      lineItems: [{ name: 'Card check', quantity: 1, amountIncludingTax: 0, type: 'FEE', uniqueId: 'check' }],
    });
    return (await pay(tx.id, cards().approve)).token.id;
  }

  it('a suspension ends at its planned end: the subscription is active again', async () => {
    const { id } = await activeSubscription('S-CLOCK-SUSPEND');
    const plannedEndDate = new Date((await sandboxNow()).getTime() + 2 * 86_400_000).toISOString();
    const suspension = await ok200({
      method: 'POST',
      path: `/subscriptions/${id}/suspend`,
      body: { plannedEndDate, note: 'away' },
    });
    expect((await ok200({ path: `/subscriptions/${id}` })).state).toBe('SUSPENDED');
    await advance('P1D');
    expect((await ok200({ path: `/subscriptions/${id}` })).state).toBe('SUSPENDED');
    const happened = await advance('P1D');
    expect(happened).toContainEqual(expect.objectContaining({ what: 'suspension ended', id: suspension.id }));
    expect((await ok200({ path: `/subscriptions/${id}` })).state).toBe('ACTIVE');
  });

  it('a scheduled charge runs when it comes due, charged by the subscription token', async () => {
    const token = await approvingToken();
    const subscription = await activeSubscription('S-CLOCK-CHARGE', token);
    const charge = await scheduledCharge(
      subscription,
      'clock-charge',
      new Date((await sandboxNow()).getTime() + 3 * 86_400_000),
    );
    await advance('P3D');
    const ran = await ok200({ path: `/subscriptions/charges/${charge.id}` });
    expect(ran.state).toBe('SUCCESSFUL');
    const paid = await transaction(ran.transaction.id);
    expect([paid.state, paid.token, paid.authorizationAmount]).toEqual(['FULFILL', { id: token }, 15]);
  });

  it('a period bill closes at its planned end, bills the usage and charges it by the token', async () => {
    const token = await approvingToken();
    const { id, versionId } = await activeSubscription('S-CLOCK-PERIOD', token);
    const bills = () => billsOf(versionId);
    const [bill] = await bills();
    await ok200({
      method: 'POST',
      path: '/subscriptions/metric-usage-reports',
      body: { subscription: id, metric: metricId, consumedUnits: 4, externalId: 'clock-usage' },
    });
    await advance(
      `PT${Math.ceil((Date.parse(bill.plannedPeriodEndDate) - (await sandboxNow()).getTime()) / 1000)}S`,
    );
    const [closed, next] = await bills();
    expect([closed.id, closed.state, next?.state]).toEqual([bill.id, 'BILLED', 'PENDING']);
    const charges = (
      await ok200<{ data: Json[] }>({
        path: `/subscriptions/charges/search?query=subscription.id:${id}&order=id`,
      })
    ).data;
    const automatic = charges.filter((c) => c.externalId === `period-bill-${bill.id}`);
    expect(automatic.map((c) => [c.type, c.state])).toEqual([['AUTOMATIC', 'SUCCESSFUL']]);
    expect((await transaction(automatic[0].transaction.id)).token).toEqual({ id: token });
  });

  // A step may plan another inside the same jump (a closed period bill opens the next period) that is
  // due before steps planned earlier: it happens before them, as it would with a scan after each step.
  // Steps due at the same instant go by rule (a charge before a bill), then by the objects' creation.
  it('one jump applies every step in time order, with the steps that steps planned', async () => {
    const token = await approvingToken();
    const start = await sandboxNow();
    const a = await activeSubscription('S-CLOCK-JUMP-A', token);
    const c = await activeSubscription('S-CLOCK-JUMP-C', token);
    const [[firstA], [firstC]] = [await billsOf(a.versionId), await billsOf(c.versionId)];
    const firstEnd = new Date(firstA.plannedPeriodEndDate);
    const secondEnd = new Date(firstEnd);
    secondEnd.setUTCMonth(secondEnd.getUTCMonth() + 1); // billing periods are monthly
    const tieFirst = await scheduledCharge(c, 'jump-tie-first', firstEnd);
    const tie = await scheduledCharge(c, 'jump-tie', secondEnd);
    const last = await scheduledCharge(c, 'jump-last', new Date(firstEnd.getTime() + 40 * 86_400_000), 20);

    const happened = await advance(
      `PT${Math.ceil((Date.parse(last.plannedExecutionDate) - start.getTime()) / 1000)}S`,
    );
    const [[, secondA, thirdA], [, secondC, thirdC]] = [
      await billsOf(a.versionId),
      await billsOf(c.versionId),
    ];
    expect([secondA.plannedPeriodEndDate, secondA.state, thirdA.state, thirdC.state]).toEqual([
      secondEnd.toISOString(),
      'BILLED',
      'PENDING',
      'PENDING',
    ]);
    const mine = new Set(
      [firstA, firstC, secondA, secondC, thirdA, thirdC, tieFirst, tie, last].map((o) => o.id),
    );
    expect(happened.filter((e) => mine.has(e.id))).toEqual([
      charge(tieFirst),
      bill(firstA),
      bill(firstC),
      charge(tie),
      bill(secondA),
      bill(secondC),
      charge(last),
    ]);
    for (const ran of [tieFirst, tie, last])
      expect((await ok200({ path: `/subscriptions/charges/${ran.id}` })).state).toBe('SUCCESSFUL');
  });

  // A termination takes back what was planned: the charges scheduled after it are discarded (though
  // queued before the jump, they do not run); steps the life cycles now refuse are left out: a
  // suspension's end can no longer reactivate, usage can no longer be billed to an ended version (that
  // bill stays PENDING); a bill with nothing to bill closes, and nothing is charged (no version left).
  it('a termination within a jump undoes the steps planned after it; refused steps are left out', async () => {
    const token = await approvingToken();
    const start = await sandboxNow();
    const days = (n: number) => new Date(start.getTime() + n * 86_400_000);
    const suspend = (id: number, end: Date, endAction: string) =>
      ok200({
        method: 'POST',
        path: `/subscriptions/${id}/suspend`,
        body: { plannedEndDate: end.toISOString(), endAction },
      });
    const d = await activeSubscription('S-CLOCK-TERMINATE-D', token);
    const planned = await scheduledCharge(d, 'terminate-discarded', days(10));
    await ok200({
      method: 'POST',
      path: '/subscriptions/metric-usage-reports',
      body: { subscription: d.id, metric: metricId, consumedUnits: 3, externalId: 'terminate-usage' },
    });
    const terminating = await suspend(d.id, days(5), 'TERMINATE');
    const f = await activeSubscription('S-CLOCK-TERMINATE-F', token);
    const reactivating = await suspend(f.id, days(3), 'REACTIVATE');
    await ok200(
      { method: 'POST', path: `/subscriptions/${f.id}/terminate?respectTerminationPeriod=false` },
      204,
    );
    const [[billD], [billF]] = [await billsOf(d.versionId), await billsOf(f.versionId)];

    const happened = await advance(
      `PT${Math.ceil((Date.parse(billD.plannedPeriodEndDate) - start.getTime()) / 1000)}S`,
    );
    const mine = new Set([planned, terminating, reactivating, billD, billF].map((o) => o.id));
    expect(happened.filter((e) => mine.has(e.id))).toEqual([
      {
        what: 'suspension ended',
        model: 'SubscriptionSuspension',
        id: terminating.id,
        dueOn: days(5).toISOString(),
      },
      bill(billF),
    ]);
    expect((await ok200({ path: `/subscriptions/charges/${planned.id}` })).state).toBe('DISCARDED');
    for (const [s, bills] of [
      [d, ['PENDING']],
      [f, ['BILLED']],
    ] as const) {
      expect((await ok200({ path: `/subscriptions/${s.id}` })).state).toBe('TERMINATED');
      expect((await billsOf(s.versionId)).map((b) => b.state)).toEqual(bills);
    }
    const charges = (
      await ok200<{ data: Json[] }>({ path: `/subscriptions/charges/search?query=subscription.id:${f.id}` })
    ).data;
    expect(charges.map((c) => c.type)).toEqual(['AUTOMATIC']); // the initial charge only
  });
});

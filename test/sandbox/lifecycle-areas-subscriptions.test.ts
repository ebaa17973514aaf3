// Scenario: a subscription through its whole life over HTTP, with every refused transition, and
// the versions and states checked at each step.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallOptions } from './support/signed-fetch';
import { expectingStatus } from './support/sandbox';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
type Obj = Record<string, any>;

const ok200 = expectingStatus(f);

/** A refused transition: 422 naming the current state and the action, and nothing changed. */
async function refused(
  c: CallOptions,
  state: string,
  action: string,
  check: () => Promise<void>,
): Promise<void> {
  const r = await f.call<Obj>({ space: f.space, method: 'POST', ...c });
  expect(r.status, r.text).toBe(422);
  expect(r.body.message).toContain(state);
  expect(r.body.message).toContain(action);
  await check();
}

const subscription = (id: number) => ok200({ path: `/subscriptions/${id}` });
const version = (id: number) => ok200({ path: `/subscriptions/versions/${id}` });

async function expectSubscription(id: number, state: string, v: number): Promise<Obj> {
  const s = await subscription(id);
  expect([s.state, s.version]).toEqual([state, v]);
  return s;
}

async function versionsOf(id: number): Promise<Obj[]> {
  const page = await ok200<{ data: Obj[] }>({
    path: `/subscriptions/versions/search?query=subscription.id:${id}&order=id&limit=100`,
  });
  return page.data;
}

let subscriberId: number;
let productId: number;
let metricId: number;

beforeAll(async () => {
  subscriberId = (await ok200<{ data: Obj[] }>({ path: '/subscriptions/subscribers?limit=1' })).data[0].id;
  const anyVersion = (await ok200<{ data: Obj[] }>({ path: '/subscriptions/versions?limit=1' })).data[0];
  productId = anyVersion.productVersion.product.id;
  metricId = (await ok200<{ data: Obj[] }>({ path: '/subscriptions/metrics?limit=1' })).data[0].id;
});

async function createSubscription(reference: string): Promise<Obj> {
  return ok200({
    method: 'POST',
    path: '/subscriptions',
    body: { product: productId, currency: 'CHF', subscription: { subscriber: subscriberId, reference } },
  });
}

describe('subscription life cycle', () => {
  it('create → initialize → suspend → reactivate → upgrade → apply changes → terminate', async () => {
    const first = await createSubscription('S-SCENARIO-1');
    expect([first.state, first.version]).toEqual(['PENDING', 1]);
    const id: number = first.subscription.id;
    await expectSubscription(id, 'PENDING', 1);

    // Nothing but initialize is allowed while PENDING.
    const unchanged = async () => void (await expectSubscription(id, 'PENDING', 1));
    await refused({ path: `/subscriptions/${id}/suspend`, body: {} }, 'PENDING', 'suspend', unchanged);
    await refused({ path: `/subscriptions/${id}/reactivate` }, 'PENDING', 'reactivate', unchanged);
    await refused(
      { path: `/subscriptions/${id}/terminate?respectTerminationPeriod=false` },
      'PENDING',
      'terminate',
      unchanged,
    );
    await refused(
      { path: `/subscriptions/${id}/upgrade-product?respectTerminationPeriod=false` },
      'PENDING',
      'upgradeProduct',
      unchanged,
    );
    await refused(
      { path: `/subscriptions/${id}/apply-changes`, body: { currency: 'EUR' } },
      'PENDING',
      'applyChanges',
      unchanged,
    );

    // A setup fee on the pending version is billed by the initial charge.
    const fee = await ok200({
      method: 'POST',
      path: '/subscriptions/ledger-entries',
      body: {
        subscriptionVersion: first.id,
        title: 'Setup fee',
        externalId: 'setup-1',
        quantity: 1,
        amountIncludingTax: 108.1,
        taxes: [{ rate: 8.1, title: 'VAT' }],
      },
    });
    expect([fee.state, fee.amountExcludingTax, fee.taxAmount]).toEqual(['OPEN', 100, 8.1]);

    const charge = await ok200({
      method: 'POST',
      path: `/subscriptions/${id}/initialize?expand=ledgerEntries`,
    });
    expect([charge.state, charge.type, charge.processingType]).toEqual([
      'SUCCESSFUL',
      'AUTOMATIC',
      'SYNCHRONOUS',
    ]);
    expect(charge.ledgerEntries.map((e: Obj) => [e.id, e.state])).toEqual([[fee.id, 'PAID']]);
    expect(charge.transaction).toEqual({ id: expect.any(Number) });
    const active = await expectSubscription(id, 'ACTIVE', 3); // initialize, then activate
    expect(active.activatedOn).toBeTruthy();
    expect([(await version(first.id)).state, (await version(first.id)).version]).toEqual(['ACTIVE', 3]);
    await refused(
      { path: `/subscriptions/${id}/initialize` },
      'ACTIVE',
      'initialize',
      async () => void (await expectSubscription(id, 'ACTIVE', 3)),
    );
    await refused(
      { path: `/subscriptions/${id}/reactivate` },
      'ACTIVE',
      'reactivate',
      async () => void (await expectSubscription(id, 'ACTIVE', 3)),
    );

    // The initial charge's invoice is the subscription's invoice, searchable as usual.
    const invoices = await ok200<Obj>({ path: `/subscriptions/${id}/invoices?query=state:PAID` });
    expect(invoices.data.map((i: Obj) => [i.linkedTransaction, i.amount, i.state])).toEqual([
      [charge.transaction.id, 108.1, 'PAID'],
    ]);
    expect((await ok200<Obj>({ path: `/subscriptions/${id}/invoices?query=state:OPEN` })).data).toEqual([]);

    const suspension = await ok200({
      method: 'POST',
      path: `/subscriptions/${id}/suspend`,
      body: {
        note: 'holiday',
        endAction: 'REACTIVATE',
        plannedEndDate: new Date(Date.now() + 7 * 864e5).toISOString(),
      },
    });
    expect([suspension.state, suspension.reason, suspension.subscription, suspension.note]).toEqual([
      'RUNNING',
      'MANUAL',
      { id },
      'holiday',
    ]);
    await expectSubscription(id, 'SUSPENDED', 4);
    await refused(
      { path: `/subscriptions/${id}/suspend`, body: {} },
      'SUSPENDED',
      'suspend',
      async () => void (await expectSubscription(id, 'SUSPENDED', 4)),
    );
    await refused(
      { path: `/subscriptions/${id}/upgrade-product?respectTerminationPeriod=false` },
      'SUSPENDED',
      'upgradeProduct',
      async () => void (await expectSubscription(id, 'SUSPENDED', 4)),
    );

    await ok200({ method: 'POST', path: `/subscriptions/${id}/reactivate` }, 204);
    await expectSubscription(id, 'ACTIVE', 5);

    const upgraded = await ok200({
      method: 'POST',
      path: `/subscriptions/${id}/upgrade-product?respectTerminationPeriod=false`,
    });
    expect([upgraded.state, upgraded.version, upgraded.subscription]).toEqual(['ACTIVE', 1, { id }]);
    expect(upgraded.productVersion.incrementNumber).toBe(first.productVersion.incrementNumber + 1);
    expect(upgraded.productVersion.product.id).toBe(productId);
    expect([(await version(first.id)).state, (await version(first.id)).version]).toEqual(['TERMINATED', 5]);
    await expectSubscription(id, 'ACTIVE', 6);

    const changed = await ok200({
      method: 'POST',
      path: `/subscriptions/${id}/apply-changes`,
      body: { currency: 'EUR', respectTerminationPeriod: true },
    });
    expect([changed.state, changed.billingCurrency]).toEqual(['ACTIVE', 'EUR']);
    expect((await version(upgraded.id)).state).toBe('TERMINATING'); // runs out its period
    await expectSubscription(id, 'ACTIVE', 7);

    await ok200(
      { method: 'POST', path: `/subscriptions/${id}/terminate?respectTerminationPeriod=true` },
      204,
    );
    const scheduled = await expectSubscription(id, 'TERMINATION_SCHEDULED', 8);
    expect(new Date(scheduled.plannedTerminationDate).getTime()).toBeGreaterThan(Date.now());
    const stillScheduled = async () => void (await expectSubscription(id, 'TERMINATION_SCHEDULED', 8));
    await refused(
      { path: `/subscriptions/${id}/suspend`, body: {} },
      'TERMINATION_SCHEDULED',
      'suspend',
      stillScheduled,
    );
    await refused(
      { path: `/subscriptions/${id}/apply-changes`, body: {} },
      'TERMINATION_SCHEDULED',
      'applyChanges',
      stillScheduled,
    );
    await refused(
      { path: `/subscriptions/${id}/terminate?respectTerminationPeriod=true` },
      'TERMINATION_SCHEDULED',
      'scheduleTermination',
      stillScheduled,
    );

    await ok200(
      { method: 'POST', path: `/subscriptions/${id}/terminate?respectTerminationPeriod=false` },
      204,
    );
    const ended = await expectSubscription(id, 'TERMINATED', 10); // TERMINATING, then TERMINATED
    expect(ended.terminatingOn && ended.terminatedOn).toBeTruthy();
    expect((await versionsOf(id)).map((v) => v.state)).toEqual(['TERMINATED', 'TERMINATED', 'TERMINATED']);
    await refused(
      { path: `/subscriptions/${id}/terminate?respectTerminationPeriod=false` },
      'TERMINATED',
      'terminate',
      async () => void (await expectSubscription(id, 'TERMINATED', 10)),
    );
    await refused(
      { path: `/subscriptions/${id}/reactivate` },
      'TERMINATED',
      'reactivate',
      async () => void (await expectSubscription(id, 'TERMINATED', 10)),
    );
  });

  it('initialize with the subscriber present, then terminate at once without a termination period', async () => {
    const first = await createSubscription('S-SCENARIO-2');
    const id: number = first.subscription.id;
    const charge = await ok200({
      method: 'POST',
      path: `/subscriptions/${id}/initialize-subscriber-present`,
      body: { successUrl: 'https://shop.example/ok', failureUrl: 'https://shop.example/failed' },
    });
    expect([charge.state, charge.processingType, charge.successUrl, charge.failedUrl]).toEqual([
      'SUCCESSFUL',
      'CHARGE_FLOW',
      'https://shop.example/ok',
      'https://shop.example/failed',
    ]);
    expect(charge.transaction).toBeUndefined(); // nothing was owed: no payment
    await expectSubscription(id, 'ACTIVE', 3);
    await ok200(
      { method: 'POST', path: `/subscriptions/${id}/terminate?respectTerminationPeriod=false` },
      204,
    );
    await expectSubscription(id, 'TERMINATED', 5);
    expect((await version(first.id)).state).toBe('TERMINATED');
    const late = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: '/subscriptions/ledger-entries',
      body: {
        subscriptionVersion: first.id,
        title: 'Late fee',
        externalId: 'late',
        quantity: 1,
        amountIncludingTax: 5,
      },
    });
    expect([late.status, late.body.message]).toEqual([422, expect.stringContaining('TERMINATED')]);
  });

  it('refuses what it cannot act on with a 422 naming the field', async () => {
    const noCurrency = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: '/subscriptions',
      body: { product: productId, currency: 'XXY' },
    });
    expect([noCurrency.status, Object.keys(noCurrency.body.errors)]).toEqual([422, ['currency']]);
    const noSubscriber = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: '/subscriptions',
      body: { product: productId, currency: 'CHF', subscription: { subscriber: 999999999 } },
    });
    expect([noSubscriber.status, Object.keys(noSubscriber.body.errors)]).toEqual([
      422,
      ['subscription.subscriber'],
    ]);
    const s = await createSubscription('S-SCENARIO-3');
    await ok200({ method: 'POST', path: `/subscriptions/${s.subscription.id}/initialize` });
    const past = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: `/subscriptions/${s.subscription.id}/suspend`,
      body: { plannedEndDate: '2001-01-01T00:00:00Z' },
    });
    expect([past.status, Object.keys(past.body.errors)]).toEqual([422, ['plannedEndDate']]);
    await expectSubscription(s.subscription.id, 'ACTIVE', 3);
  });
});

describe('subscription charges, ledger entries, usage and period bills', () => {
  let id: number;
  let versionId: number;

  beforeAll(async () => {
    const first = await createSubscription('S-BILLING');
    id = first.subscription.id;
    versionId = first.id;
  });

  it('refuses a charge before the subscription is initialized', async () => {
    const r = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: '/subscriptions/charges',
      body: { subscription: id, externalId: 'c-0', processingType: 'SYNCHRONOUS' },
    });
    expect([r.status, r.body.message]).toEqual([422, expect.stringContaining('PENDING')]);
    await ok200({ method: 'POST', path: `/subscriptions/${id}/initialize` });
  });

  it('charge create takes the open ledger entries; discard gives them back', async () => {
    const entry = await ok200({
      method: 'POST',
      path: '/subscriptions/ledger-entries',
      body: {
        subscriptionVersion: versionId,
        title: 'Extra seat',
        externalId: 'seat-1',
        quantity: 2,
        amountIncludingTax: 20,
      },
    });
    expect([entry.state, entry.version]).toEqual(['OPEN', 1]);
    // Planned for later, so it waits SCHEDULED (a charge that is due runs at once).
    const later = new Date(Date.now() + 7 * 864e5).toISOString();
    const charge = await ok200({
      method: 'POST',
      path: '/subscriptions/charges',
      body: {
        subscription: id,
        externalId: 'c-1',
        processingType: 'SYNCHRONOUS',
        reference: 'R-1',
        plannedExecutionDate: later,
      },
    });
    expect([charge.state, charge.type, charge.version, charge.ledgerEntries]).toEqual([
      'SCHEDULED',
      'MANUAL',
      1,
      [{ id: entry.id }],
    ]);
    expect((await ok200({ path: `/subscriptions/ledger-entries/${entry.id}` })).state).toBe('SCHEDULED');

    const discarded = await ok200({ method: 'POST', path: `/subscriptions/charges/${charge.id}/discard` });
    expect([discarded.state, discarded.version, !!discarded.discardedOn]).toEqual(['DISCARDED', 2, true]);
    const back = await ok200({ path: `/subscriptions/ledger-entries/${entry.id}` });
    expect([back.state, back.version]).toEqual(['OPEN', 3]);
    await refused(
      { path: `/subscriptions/charges/${charge.id}/discard` },
      'DISCARDED',
      'discard',
      async () => {
        expect((await ok200({ path: `/subscriptions/charges/${charge.id}` })).version).toBe(2);
      },
    );
  });

  it('usage reports feed the period bill; closing it bills the usage and opens the next period', async () => {
    const bills = async () =>
      (
        await ok200<{ data: Obj[] }>({
          path: `/subscriptions/period-bills/search?query=subscriptionVersion.id:${versionId}&order=id`,
        })
      ).data;
    const [bill] = await bills();
    expect([bill.state, bill.version]).toEqual(['PENDING', 1]);

    for (const [externalId, consumedUnits] of [
      ['u-1', 5],
      ['u-2', 3],
    ] as const) {
      const report = await ok200({
        method: 'POST',
        path: '/subscriptions/metric-usage-reports',
        body: { subscription: id, metric: metricId, consumedUnits, externalId },
      });
      expect([report.subscription, report.metric, report.consumedUnits]).toEqual([
        id,
        metricId,
        consumedUnits,
      ]);
    }
    const again = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: '/subscriptions/metric-usage-reports',
      body: { subscription: id, metric: metricId, consumedUnits: 1, externalId: 'u-1' },
    });
    expect([again.status, Object.keys(again.body.errors)]).toEqual([409, ['externalId']]);

    const early = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: `/subscriptions/period-bills/${bill.id}/close?currentDate=2001-01-01T00:00:00Z&createNextPeriod=true`,
    });
    expect([early.status, Object.keys(early.body.errors)]).toEqual([422, ['currentDate']]);

    const currentDate = new Date(Date.now() + 864e5).toISOString();
    const closed = await ok200({
      method: 'POST',
      path: `/subscriptions/period-bills/${bill.id}/close?currentDate=${currentDate}&createNextPeriod=true`,
    });
    expect([closed.state, closed.version, closed.effectivePeriodEndDate]).toEqual(['BILLED', 2, currentDate]);
    const [, next] = await bills();
    expect([next.state, next.periodStartDate]).toEqual(['PENDING', currentDate]);

    const metered = (
      await ok200<{ data: Obj[] }>({
        path: `/subscriptions/ledger-entries/search?query=${encodeURIComponent(`subscriptionVersion:${versionId} feeType:METERED_FEE`)}`,
      })
    ).data;
    expect(metered.map((e) => [e.quantity, e.amountIncludingTax, e.subscriptionMetricId, e.state])).toEqual([
      [8, 8, metricId, 'OPEN'],
    ]);

    await refused(
      {
        path: `/subscriptions/period-bills/${bill.id}/close?currentDate=${currentDate}&createNextPeriod=true`,
      },
      'BILLED',
      'close',
      async () => {
        expect((await ok200({ path: `/subscriptions/period-bills/${bill.id}` })).version).toBe(2);
      },
    );
  });
});

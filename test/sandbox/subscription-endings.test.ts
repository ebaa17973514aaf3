// How subscriptions end on the sandbox clock (`/__admin/clock`, manual mode): a termination that
// respects the termination period happens at its planned date, a version replaced while respecting
// it runs out its period and ends at its own date, and what was billed is charged, never left OPEN.
// The clock only moves when a test advances it; no test sleeps.
import { describe, expect, it } from 'vitest';
import { actOn, type Json } from './support/act';
import { adminClockOf } from './support/clock';
import { expectingStatus } from './support/sandbox';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false, clock: 'manual' });
const act = actOn(f);
const ok200 = expectingStatus(f);
const DAY = 86_400_000;

const { sandboxNow, advance, advancePast, addEntry, planCharge } = adminClockOf(f);

const search = async (path: string, query: string): Promise<Json[]> =>
  (await ok200<{ data: Json[] }>({ path: `${path}/search?query=${encodeURIComponent(query)}&order=id` }))
    .data;

const billsOf = (versionId: number) =>
  search('/subscriptions/period-bills', `subscriptionVersion.id:${versionId}`);
const entriesOf = (versionId: number) =>
  search('/subscriptions/ledger-entries', `subscriptionVersion:${versionId}`);
const chargesOf = (subscriptionId: number) =>
  search('/subscriptions/charges', `subscription.id:${subscriptionId}`);
const subscription = (id: number) => ok200({ path: `/subscriptions/${id}` });
const version = (id: number) => ok200({ path: `/subscriptions/versions/${id}` });
const transaction = async (id: number) => (await act('getTransaction', { params: { id } })).body;

let fixtures: { subscriber: number; product: number; metric: number } | undefined;

async function known(): Promise<{ subscriber: number; product: number; metric: number }> {
  fixtures ??= {
    subscriber: (await ok200<{ data: Json[] }>({ path: '/subscriptions/subscribers?limit=1' })).data[0].id,
    product: (await ok200<{ data: Json[] }>({ path: '/subscriptions/versions?limit=1' })).data[0]
      .productVersion.product.id,
    metric: (await ok200<{ data: Json[] }>({ path: '/subscriptions/metrics?limit=1' })).data[0].id,
  };
  return fixtures;
}

/** A token on the approving card, made over HTTP (a zero-amount tokenizing card check). */
async function approvingToken(): Promise<number> {
  const lineItems = [
    { name: 'Card check', quantity: 1, amountIncludingTax: 0, type: 'FEE', uniqueId: 'check' },
  ];
  const tx = await act('createTransaction', {
    body: { currency: 'CHF', lineItems, tokenizationMode: 'FORCE_CREATION' },
  });
  const paid = await act('processTransactionCardDetails', {
    params: { id: tx.body.id },
    body: {
      cardData: { primaryAccountNumber: f.sandbox.seedSummary.testCards.approve, expiryDate: '2031-12' },
    },
  });
  expect(paid.status, paid.text).toBe(200);
  return paid.body.token.id;
}

/** An ACTIVE subscription charged by an approving token: its id, first version and first bill. */
async function activeSubscription(reference: string): Promise<{ id: number; versionId: number; bill: Json }> {
  const { subscriber, product } = await known();
  const token = await approvingToken();
  const created = await ok200({
    method: 'POST',
    path: '/subscriptions',
    body: { product, currency: 'CHF', subscription: { subscriber, reference, token } },
  });
  await ok200({ method: 'POST', path: `/subscriptions/${created.subscription.id}/initialize` });
  expect((await subscription(created.subscription.id)).state).toBe('ACTIVE');
  const [bill] = await billsOf(created.id);
  return { id: created.subscription.id, versionId: created.id, bill };
}

async function reportUsage(subscriptionId: number, consumedUnits: number, externalId: string): Promise<void> {
  const { metric } = await known();
  await ok200({
    method: 'POST',
    path: '/subscriptions/metric-usage-reports',
    body: { subscription: subscriptionId, metric, consumedUnits, externalId },
  });
}

/** What a charge was paid: the amount of its transaction. */
async function paidAmount(charge: Json): Promise<number> {
  expect(charge.state).toBe('SUCCESSFUL');
  return (await transaction(charge.transaction.id)).authorizationAmount;
}

const mine = (happened: Json[], ids: number[]) =>
  happened.filter((e) => ids.includes(e.id)).map((e) => [e.what, e.id, e.dueOn]);

describe('a termination that respects the termination period', () => {
  it('bills the subscription until its planned date, terminates it then, and nothing happens after', async () => {
    const s = await activeSubscription('S-END-SCHEDULED');
    await advance('P1D');
    await ok200(
      { method: 'POST', path: `/subscriptions/${s.id}/terminate?respectTerminationPeriod=true` },
      204,
    );
    const scheduled = await subscription(s.id);
    const plannedEnd: string = scheduled.plannedTerminationDate;
    expect([scheduled.state, Date.parse(plannedEnd) > Date.parse(s.bill.plannedPeriodEndDate)]).toEqual([
      'TERMINATION_SCHEDULED',
      true,
    ]);
    await addEntry(s.versionId, 'Extra seat', 'end-scheduled-seat', 15);
    const later = await planCharge(s.id, 'end-later', new Date(Date.parse(plannedEnd) + 5 * DAY));
    await reportUsage(s.id, 4, 'end-scheduled-1');

    // The first period ends before the planned date: billed, charged, and a last period opens.
    await advancePast(s.bill.plannedPeriodEndDate);
    const [first, last] = await billsOf(s.versionId);
    expect([first.state, last?.state, (await subscription(s.id)).state]).toEqual([
      'BILLED',
      'PENDING',
      'TERMINATION_SCHEDULED',
    ]);
    const firstCharge = (await chargesOf(s.id)).find((c) => c.externalId === `period-bill-${first.id}`)!;
    expect(await paidAmount(firstCharge)).toBe(4);
    await advance('PT6H');
    await reportUsage(s.id, 2, 'end-scheduled-2');

    const happened = await advancePast(new Date(Date.parse(plannedEnd) + 10 * DAY));
    expect(mine(happened, [s.id, last.id, later.id])).toEqual([
      ['termination period ended', s.id, plannedEnd],
    ]);
    const ended = await subscription(s.id);
    expect([ended.state, ended.terminatedOn, (await version(s.versionId)).state]).toEqual([
      'TERMINATED',
      plannedEnd,
      'TERMINATED',
    ]);
    const bills = await billsOf(s.versionId);
    expect(bills.map((b) => [b.id, b.state, b.effectivePeriodEndDate])).toEqual([
      [first.id, 'BILLED', first.effectivePeriodEndDate],
      [last.id, 'BILLED', plannedEnd],
    ]);
    const charges = await chargesOf(s.id);
    expect(charges.map((c) => [c.externalId, c.state])).toEqual([
      [`initial-charge-${s.id}`, 'SUCCESSFUL'],
      ['end-later', 'DISCARDED'],
      [`period-bill-${first.id}`, 'SUCCESSFUL'],
      [`termination-${s.id}`, 'SUCCESSFUL'],
    ]);
    expect(await paidAmount(charges[3])).toBe(2); // the last period's usage, up to the planned date

    // Past the termination, nothing is billed or charged any more.
    const after = await advance('P40D');
    expect(mine(after, [s.id, s.versionId, ...bills.map((b) => b.id)])).toEqual([]);
    expect((await billsOf(s.versionId)).length).toBe(2);
    expect((await chargesOf(s.id)).length).toBe(4);
  });
});

describe('a version replaced while respecting the termination period', () => {
  it('runs out its period, ends at its planned date, and its usage is charged once, with no period after', async () => {
    const s = await activeSubscription('S-END-UPGRADE');
    await advance('PT1H');
    await reportUsage(s.id, 3, 'end-upgrade-old');
    await advance('P2D');
    const next = await ok200({
      method: 'POST',
      path: `/subscriptions/${s.id}/upgrade-product?respectTerminationPeriod=true`,
    });
    const old = await version(s.versionId);
    expect([old.state, next.state]).toEqual(['TERMINATING', 'ACTIVE']);
    const runOutOn: string = old.plannedTerminationDate;
    await advance('PT1H');
    await reportUsage(s.id, 5, 'end-upgrade-new');
    const [nextBill] = await billsOf(next.id);

    const happened = await advancePast(nextBill.plannedPeriodEndDate);
    const [oldFirst, oldLast, ...more] = await billsOf(s.versionId);
    expect(more).toEqual([]);
    expect(mine(happened, [s.versionId, oldFirst.id, oldLast.id, nextBill.id])).toEqual([
      ['period bill closed and charged', oldFirst.id, s.bill.plannedPeriodEndDate],
      ['version ran out its period', s.versionId, runOutOn],
      ['period bill closed and charged', nextBill.id, nextBill.plannedPeriodEndDate],
    ]);
    const ended = await version(s.versionId);
    expect([ended.state, ended.terminatedOn, oldLast.state, oldLast.effectivePeriodEndDate]).toEqual([
      'TERMINATED',
      runOutOn,
      'BILLED',
      runOutOn,
    ]);

    // Each version bills the usage reported while it was current, and every entry is paid by a charge.
    const entries = async (versionId: number) =>
      (await entriesOf(versionId)).map((e) => [e.quantity, e.feeType, e.state]);
    expect([await entries(s.versionId), await entries(next.id)]).toEqual([
      [[3, 'METERED_FEE', 'PAID']],
      [[5, 'METERED_FEE', 'PAID']],
    ]);
    const charges = await chargesOf(s.id);
    const paid = await Promise.all(
      [oldFirst, nextBill].map((b) =>
        paidAmount(charges.find((c) => c.externalId === `period-bill-${b.id}`)!),
      ),
    );
    expect(paid).toEqual([3, 5]);

    await advance('P40D');
    expect((await billsOf(s.versionId)).length).toBe(2);
  });

  it('charges what the ended version still owes with the next automatic charge', async () => {
    const s = await activeSubscription('S-END-OWED');
    await advance('P1D');
    const next = await ok200({
      method: 'POST',
      path: `/subscriptions/${s.id}/upgrade-product?respectTerminationPeriod=true`,
    });
    const runOutOn: string = (await version(s.versionId)).plannedTerminationDate;
    // Owed by the old version but not billed by its period: a manual entry whose charge is discarded.
    await addEntry(s.versionId, 'Setup', 'end-owed-setup', 7);
    const held = await planCharge(s.id, 'end-owed-held', new Date(Date.parse(runOutOn) + 90 * DAY));
    await advancePast(runOutOn);
    expect((await version(s.versionId)).state).toBe('TERMINATED');
    await ok200({ method: 'POST', path: `/subscriptions/charges/${held.id}/discard` });
    expect((await entriesOf(s.versionId)).map((e) => e.state)).toEqual(['OPEN']);

    await reportUsage(s.id, 6, 'end-owed-new');
    const [nextBill] = await billsOf(next.id);
    await advancePast(nextBill.plannedPeriodEndDate);
    const charge = (await chargesOf(s.id)).find((c) => c.externalId === `period-bill-${nextBill.id}`)!;
    expect(await paidAmount(charge)).toBe(13);
    expect([...(await entriesOf(s.versionId)), ...(await entriesOf(next.id))].map((e) => e.state)).toEqual([
      'PAID',
      'PAID',
    ]);
  });

  it('charges one currency at a time when a change of currency leaves both owed', async () => {
    const s = await activeSubscription('S-END-CURRENCY');
    await advance('P1D');
    const body = { currency: 'EUR', respectTerminationPeriod: true };
    const next = await ok200({ method: 'POST', path: `/subscriptions/${s.id}/apply-changes`, body });
    const old = await version(s.versionId);
    expect([old.state, next.billingCurrency]).toEqual(['TERMINATING', 'EUR']);
    // Owed in CHF by the old version once it has ended (held by a charge until then), in EUR by the new one.
    await addEntry(s.versionId, 'Setup', 'end-currency-setup', 7);
    const held = await planCharge(
      s.id,
      'end-currency-held',
      new Date(Date.parse(old.plannedTerminationDate) + 90 * DAY),
    );
    await advance('PT1H');
    await reportUsage(s.id, 6, 'end-currency-new');
    const [nextBill] = await billsOf(next.id);
    await advancePast(old.plannedTerminationDate);
    await ok200({ method: 'POST', path: `/subscriptions/charges/${held.id}/discard` });

    await advancePast(nextBill.plannedPeriodEndDate);
    const automatic = (await chargesOf(s.id)).find((c) => c.externalId === `period-bill-${nextBill.id}`)!;
    const paidFirst = await transaction(automatic.transaction.id);
    expect([paidFirst.currency, paidFirst.authorizationAmount]).toEqual(['CHF', 7]);
    expect((await entriesOf(next.id)).map((e) => e.state)).toEqual(['OPEN']);
    const manual = await planCharge(s.id, 'end-currency-rest', await sandboxNow());
    const paidRest = await transaction(manual.transaction.id);
    expect([manual.state, paidRest.currency, paidRest.authorizationAmount]).toEqual(['SUCCESSFUL', 'EUR', 6]);
  });
});

describe('the end of a termination period', () => {
  it('charges what the subscription owes in every currency before it terminates', async () => {
    const s = await activeSubscription('S-END-ALL-CURRENCIES');
    await advance('P1D');
    const body = { currency: 'EUR', respectTerminationPeriod: true };
    const next = await ok200({ method: 'POST', path: `/subscriptions/${s.id}/apply-changes`, body });
    const old = await version(s.versionId);
    // CHF owed by the old version, held by a charge until it has ended; EUR owed by the new one.
    await addEntry(s.versionId, 'Setup', 'end-all-setup', 7);
    const held = await planCharge(
      s.id,
      'end-all-held',
      new Date(Date.parse(old.plannedTerminationDate) + 90 * DAY),
    );
    // Terminated an hour later: its period ends an hour after the old version's.
    await advance('PT1H');
    await ok200(
      { method: 'POST', path: `/subscriptions/${s.id}/terminate?respectTerminationPeriod=true` },
      204,
    );
    const planned = (await subscription(s.id)).plannedTerminationDate as string;
    await advancePast(old.plannedTerminationDate);
    await ok200({ method: 'POST', path: `/subscriptions/charges/${held.id}/discard` });
    await addEntry(next.id, 'Seat', 'end-all-seat', 6);

    await advancePast(planned);
    expect((await subscription(s.id)).state).toBe('TERMINATED');
    const open = [...(await entriesOf(s.versionId)), ...(await entriesOf(next.id))].filter(
      (e) => e.state === 'OPEN',
    );
    expect(open).toEqual([]);
    const paid: [string, number][] = [];
    for (const charge of await chargesOf(s.id)) {
      if (charge.state !== 'SUCCESSFUL' || !charge.externalId.startsWith('termination-')) continue;
      const tx = await transaction(charge.transaction.id);
      paid.push([tx.currency, tx.authorizationAmount]);
    }
    expect(paid.map(([currency]) => currency).sort()).toEqual(['CHF', 'EUR']);
  });
});

describe('a subscription terminated at once', () => {
  it('closes its period bill uncharged, and what it owed stays unpaid', async () => {
    const s = await activeSubscription('S-END-AT-ONCE');
    await addEntry(s.versionId, 'Extra seat', 'end-at-once-seat', 9);
    await ok200(
      { method: 'POST', path: `/subscriptions/${s.id}/terminate?respectTerminationPeriod=false` },
      204,
    );
    const happened = await advancePast(s.bill.plannedPeriodEndDate);
    expect(mine(happened, [s.bill.id])).toEqual([
      ['period bill closed and charged', s.bill.id, s.bill.plannedPeriodEndDate],
    ]);
    expect((await billsOf(s.versionId)).map((b) => b.state)).toEqual(['BILLED']);
    expect((await chargesOf(s.id)).map((c) => c.externalId)).toEqual([`initial-charge-${s.id}`]);
    expect((await entriesOf(s.versionId)).map((e) => e.state)).toEqual(['OPEN']);
  });
});

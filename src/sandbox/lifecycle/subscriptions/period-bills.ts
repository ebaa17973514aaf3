// Period bills and metered usage: usage reports accumulate on a subscription version's PENDING bill,
// and closing the bill turns them into METERED_FEE ledger entries; a version bills only the usage
// reported while it was current.
import { unprocessable, conflict } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store, Stored } from '../../store';
import { createLedgerEntry } from './ledger';
import { assertTransition, applyTransition, defineLifecycle } from '../machine';
import { addMonths, iso, money } from './periods';
import { referenced } from '../references';
import { currentVersion } from './life-cycle';

/**
 * Metered fee tiers are not part of the API (SPEC "Gaps"): every consumed unit costs this, in the
 * billing currency.
 */
export const METERED_UNIT_PRICE = 1;

export const periodBillLifecycle = defineLifecycle({
  model: 'SubscriptionPeriodBill',
  field: 'state',
  actions: {
    close: { from: ['PENDING'], to: 'BILLED' },
  },
});

/** Subscription states in which usage may be reported. */
const METERED_STATES = ['ACTIVE', 'SUSPENDED', 'TERMINATION_SCHEDULED'];

/** A version's one PENDING bill, opened when it becomes active (or when usage is first reported). */
export function pendingBill(store: Store, space: number, versionId: number) {
  return store
    .where('SubscriptionPeriodBill', 'subscriptionVersion', versionId, space)
    .find((b) => b.state === 'PENDING');
}

/** Opens a PENDING bill for one monthly period starting at `start`. */
export function openPeriodBill(
  store: Store,
  space: number,
  version: Stored<'SubscriptionVersion'>,
  start: Date,
  now: Date,
) {
  return createObject(
    store,
    'SubscriptionPeriodBill',
    space,
    {
      subscriptionVersion: version.id,
      language: version.language,
      periodStartDate: iso(start),
      plannedPeriodEndDate: iso(addMonths(start, 1)),
      state: 'PENDING',
    },
    now,
  );
}

export interface UsageInput {
  subscription: number;
  metric: number;
  consumedUnits: number;
  externalId: string;
  description?: string;
}

/** Records a usage report on an active subscription, opening the period bill it feeds if needed. */
export function reportUsage(
  store: Store,
  space: number,
  input: UsageInput,
  now: Date,
  by: number | undefined,
) {
  if (!(input.consumedUnits > 0)) {
    throw unprocessable('consumedUnits must be greater than 0.', { consumedUnits: 'must be greater than 0' });
  }
  const subscription = referenced(store, 'Subscription', input.subscription, space, 'subscription');
  referenced(store, 'SubscriptionMetric', input.metric, space, 'metric');
  if (!METERED_STATES.includes(String(subscription.state))) {
    throw unprocessable(
      `Cannot report usage on Subscription ${input.subscription}: it is ${String(subscription.state)}; usage is accepted only when it is ${METERED_STATES.join(', ')}.`,
      { subscription: String(subscription.state) },
    );
  }
  const duplicate = store
    .where('SubscriptionMetricUsageReport', 'subscription', input.subscription, space)
    .find((r) => r.externalId === input.externalId);
  if (duplicate) {
    throw conflict(
      `A usage report with externalId ${input.externalId} exists already (id ${String(duplicate.id)}).`,
      {
        externalId: 'already used for this subscription',
      },
    );
  }
  const version = currentVersion(store, space, input.subscription);
  if (!pendingBill(store, space, Number(version.id))) openPeriodBill(store, space, version, now, now);
  return createObject(
    store,
    'SubscriptionMetricUsageReport',
    space,
    {
      subscription: input.subscription,
      metric: input.metric,
      consumedUnits: input.consumedUnits,
      externalId: input.externalId,
      description: input.description,
      ...(by !== undefined ? { createdByUserId: by } : {}),
    },
    now,
  );
}

/** Units consumed per metric by the subscription within [from, to]. */
function usageBetween(
  store: Store,
  space: number,
  subscriptionId: number,
  from: Date,
  to: Date,
): Map<number, number> {
  const units = new Map<number, number>();
  for (const report of store.where('SubscriptionMetricUsageReport', 'subscription', subscriptionId, space)) {
    const at = new Date(String(report.createdOn)).getTime();
    if (at < from.getTime() || at > to.getTime()) continue;
    const metric = Number(report.metric);
    units.set(metric, (units.get(metric) ?? 0) + Number(report.consumedUnits));
  }
  return units;
}

function metricTitle(store: Store, space: number, metricId: number): string {
  const name = store.get('SubscriptionMetric', metricId, space)?.name;
  return (name && Object.values(name)[0]) ?? `Metric ${metricId}`;
}

/**
 * The end of the usage a version's bill closing at `currentDate` bills: just before the version began
 * terminating, if earlier (usage reported from that instant on is its successor's, whose bill opens then).
 */
function usageEnd(version: Stored<'SubscriptionVersion'>, currentDate: Date): Date {
  const terminating = version.terminatingOn === undefined ? NaN : Date.parse(String(version.terminatingOn));
  return terminating <= currentDate.getTime() ? new Date(terminating - 1) : currentDate;
}

/** Whether the version (running out its period) or its subscription (scheduled to terminate) ends by `date`. */
function endsBy(store: Store, space: number, version: Stored<'SubscriptionVersion'>, date: Date): boolean {
  const subscription = store.get('Subscription', Number(version.subscription), space);
  const planned = [
    version.state === 'TERMINATING' ? version.plannedTerminationDate : undefined,
    subscription?.state === 'TERMINATION_SCHEDULED' ? subscription.plannedTerminationDate : undefined,
  ];
  return planned.some((at) => at !== undefined && Date.parse(String(at)) <= date.getTime());
}

/**
 * Closes a PENDING bill at `currentDate`: BILLED (effective end `currentDate`), the usage reported since
 * the period start billed as one METERED_FEE ledger entry per metric, and the next period opened at
 * `currentDate` if asked, unless the version or its subscription is planned to end by then.
 */
export function closePeriodBill(
  store: Store,
  space: number,
  billId: number,
  currentDate: Date,
  createNextPeriod: boolean,
  now: Date,
) {
  const bill = loadObject(store, 'SubscriptionPeriodBill', billId, space);
  assertTransition(periodBillLifecycle, bill, 'close');
  const start = new Date(String(bill.periodStartDate));
  if (currentDate.getTime() < start.getTime()) {
    throw unprocessable(`currentDate ${iso(currentDate)} is before the period start ${iso(start)}.`, {
      currentDate: 'must not be before the period start',
    });
  }
  const version = loadObject(store, 'SubscriptionVersion', Number(bill.subscriptionVersion), space);
  for (const [metric, units] of usageBetween(
    store,
    space,
    Number(version.subscription),
    start,
    usageEnd(version, currentDate),
  )) {
    createLedgerEntry(
      store,
      space,
      {
        subscriptionVersion: version.id,
        title: `${metricTitle(store, space, metric)} (${iso(start).slice(0, 10)} to ${iso(currentDate).slice(0, 10)})`,
        externalId: `period-bill-${billId}-metric-${metric}`,
        quantity: units,
        amountIncludingTax: money(units * METERED_UNIT_PRICE),
        subscriptionMetricId: metric,
        feeType: 'METERED_FEE',
      },
      now,
      undefined,
    );
  }
  const billed = applyTransition(store, periodBillLifecycle, billId, space, 'close', (b) => ({
    ...b,
    effectivePeriodEndDate: iso(currentDate),
  }));
  if (
    createNextPeriod &&
    ['ACTIVE', 'TERMINATING'].includes(String(version.state)) &&
    !endsBy(store, space, version, currentDate)
  ) {
    openPeriodBill(store, space, version, currentDate, now);
  }
  return billed;
}

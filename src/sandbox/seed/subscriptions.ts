// Subscriptions in every state with their subscriber, versions (one ACTIVE version while the
// subscription runs), charges (each successful or failed charge paid by a real transaction),
// ledger entries, period bills and metric usage reports.
import type { SubscriptionState } from '../lifecycle/subscriptions/life-cycle';
import type { Stored, StoredObject } from '../store';
import type { SeedContext, SpaceIds } from './context';
import { copy, idOf, make, makeLater } from './context';
import type { SeededCustomer } from './customers';
import { lineItem, money, taxRateFor, toMinor } from './line-items';
import { DAY, MINUTE, addMs, iso } from './random';
import type { SubscriptionSetup } from './subscription-setup';
import { seedTransaction, type TransactionOutcome } from './transactions';

export type { SubscriptionState };

const STATE_WEIGHTS: Record<SubscriptionState, number> = {
  ACTIVE: 45,
  TERMINATED: 18,
  SUSPENDED: 6,
  TERMINATION_SCHEDULED: 6,
  TERMINATING: 4,
  FAILED: 7,
  PENDING: 8,
  INITIALIZING: 6,
};
const VERSION_STATE: Record<SubscriptionState, string> = {
  ACTIVE: 'ACTIVE',
  SUSPENDED: 'ACTIVE',
  TERMINATION_SCHEDULED: 'ACTIVE',
  TERMINATING: 'TERMINATING',
  TERMINATED: 'TERMINATED',
  FAILED: 'FAILED',
  PENDING: 'PENDING',
  INITIALIZING: 'INITIALIZING',
};
const RUNNING: SubscriptionState[] = [
  'ACTIVE',
  'SUSPENDED',
  'TERMINATION_SCHEDULED',
  'TERMINATING',
  'TERMINATED',
];

export interface SubscriptionPlan {
  space: SpaceIds;
  state: SubscriptionState;
  /** Successful past charges. */
  paidPeriods: number;
}

export const planSubscriptionStates = (ctx: SeedContext, count: number): SubscriptionState[] =>
  ctx.rng.plan(STATE_WEIGHTS, count, ['PENDING', 'INITIALIZING']);

export function planSubscription(
  ctx: SeedContext,
  space: SpaceIds,
  state: SubscriptionState,
): SubscriptionPlan {
  return { space, state, paidPeriods: RUNNING.includes(state) ? ctx.rng.int(1, 3) : 0 };
}

/** How many transactions the subscription's charges will create. */
export const chargeTransactions = (plan: SubscriptionPlan): number =>
  plan.paidPeriods + (['SUSPENDED', 'FAILED', 'INITIALIZING'].includes(plan.state) ? 1 : 0);

interface SubStory {
  ctx: SeedContext;
  plan: SubscriptionPlan;
  customer: SeededCustomer;
  subscription: Stored<'Subscription'>;
  version: Stored<'SubscriptionVersion'>;
  fee: StoredObject;
  setup: SubscriptionSetup;
}

function ledgerEntry(story: SubStory, state: string, period: number): number {
  const { fee } = story;
  return idOf(
    makeLater(story.ctx, 'SubscriptionLedgerEntry', story.plan.space.id, MINUTE, {
      subscriptionVersion: story.version.id,
      title: fee.name,
      externalId: `led-${String(story.subscription.id)}-${period}`,
      feeType: 'PERIOD_FEE',
      componentReferenceName: fee.name,
      componentReferenceSku: fee.sku,
      quantity: 1,
      amountIncludingTax: fee.amountIncludingTax,
      amountExcludingTax: fee.amountExcludingTax,
      taxAmount: fee.taxAmount,
      discountIncludingTax: 0,
      aggregatedTaxRate: fee.aggregatedTaxRate,
      taxes: copy(fee.taxes as StoredObject[]),
      proRataCalculated: false,
      state,
      createdBy: 1,
    }),
  );
}

type ChargeState = 'SUCCESSFUL' | 'FAILED' | 'PROCESSING' | 'SCHEDULED' | 'DISCARDED';

function charge(story: SubStory, state: ChargeState, period: number): void {
  const { ctx, plan } = story;
  const txState = state === 'SUCCESSFUL' ? 'FULFILL' : state === 'FAILED' ? 'FAILED' : 'PROCESSING';
  let outcome: TransactionOutcome | undefined;
  if (state === 'SUCCESSFUL' || state === 'FAILED' || state === 'PROCESSING') {
    ctx.clock.advance(10 * MINUTE);
    outcome = seedTransaction(ctx, {
      space: plan.space,
      state: txState,
      customer: story.customer,
      useToken: true,
      salesChannel: 'recurring',
      items: [copy(story.fee)],
    });
  }
  const entry = ledgerEntry(
    story,
    state === 'SUCCESSFUL' ? 'PAID' : state === 'DISCARDED' ? 'OPEN' : 'SCHEDULED',
    period,
  );
  const created = ctx.clock.advance(MINUTE);
  const planned = state === 'SCHEDULED' ? addMs(ctx.now, ctx.rng.int(1, 28) * DAY) : created;
  make(ctx, 'SubscriptionCharge', plan.space.id, {
    subscription: story.subscription.id,
    ...(outcome ? { transaction: outcome.transaction.id } : {}),
    ledgerEntries: [entry],
    externalId: `chg-${String(story.subscription.id)}-${period}`,
    reference: `${String(story.subscription.reference)}-P${period}`,
    type: 'AUTOMATIC',
    processingType: 'SYNCHRONOUS',
    state,
    language: story.subscription.language,
    plannedExecutionDate: iso(planned),
    ...(state === 'SUCCESSFUL' ? { succeedOn: iso(created) } : {}),
    ...(state === 'FAILED' ? { failedOn: iso(created) } : {}),
    ...(state === 'DISCARDED' ? { discardedOn: iso(created), discardedBy: 1 } : {}),
  });
}

function periodBill(story: SubStory, state: 'BILLED' | 'PENDING', start: Date): void {
  const end = addMs(start, 30 * DAY);
  makeLater(story.ctx, 'SubscriptionPeriodBill', story.plan.space.id, MINUTE, {
    subscriptionVersion: story.version.id,
    state,
    language: story.subscription.language,
    periodStartDate: iso(start),
    plannedPeriodEndDate: iso(end),
    ...(state === 'BILLED' ? { effectivePeriodEndDate: iso(end) } : {}),
  });
}

function usageReports(story: SubStory): void {
  for (let i = story.ctx.rng.int(0, 3); i > 0; i--) {
    const serial = i;
    makeLater(story.ctx, 'SubscriptionMetricUsageReport', story.plan.space.id, MINUTE, {
      subscription: story.subscription.id,
      metric: story.ctx.rng.pick(story.setup.metrics),
      consumedUnits: story.ctx.rng.int(1, 5000),
      description: 'Usage reported by the shop backend',
      externalId: `usage-${String(story.subscription.id)}-${serial}`,
      createdByUserId: 1,
    });
  }
}

function subscriber(ctx: SeedContext, space: SpaceIds, customer: SeededCustomer) {
  const c = customer.customer;
  return makeLater(ctx, 'Subscriber', space.id, 10 * MINUTE, {
    reference: `SUB-${String(c.customerId)}-${ctx.rng.chars(4)}`,
    externalId: `subscriber-${ctx.rng.chars(10)}`,
    emailAddress: c.emailAddress,
    description: `${String(c.givenName)} ${String(c.familyName)}`,
    language: c.language,
    billingAddress: copy(customer.billingAddress),
    state: 'ACTIVE',
    metaData: { customerId: String(c.customerId) },
  });
}

function versionFields(
  plan: SubscriptionPlan,
  state: string,
  created: Date,
  product: StoredObject,
  lastPeriodEnd: Date,
) {
  const running = state !== 'PENDING' && state !== 'INITIALIZING' && state !== 'FAILED';
  return {
    state,
    language: plan.space.language,
    billingCurrency: plan.space.currency,
    productVersion: copy(product),
    billingCycleModel: copy(product.billingCycleModel as StoredObject),
    componentConfigurations: [],
    ...(running ? { activatedOn: iso(created), expectedLastPeriodEnd: iso(lastPeriodEnd) } : {}),
    ...(state === 'FAILED' ? { failedOn: iso(created) } : {}),
    ...(state === 'TERMINATING' ? { terminationIssuedOn: iso(created), terminatingOn: iso(created) } : {}),
    ...(state === 'TERMINATED'
      ? { terminationIssuedOn: iso(created), terminatedOn: iso(lastPeriodEnd) }
      : {}),
  };
}

/** Creates one subscription at the clock's time, with everything that belongs to it. */
export function seedSubscription(
  ctx: SeedContext,
  plan: SubscriptionPlan,
  customer: SeededCustomer,
  setup: SubscriptionSetup,
): number {
  const { space, state } = plan;
  const product = ctx.rng.pick(setup.products);
  const m = money(space.currency);
  const fee = lineItem(m, {
    uniqueId: 'period-fee',
    sku: String(product.version.reference),
    name: `${String((product.version.product as StoredObject).name)} (monthly)`,
    type: 'PRODUCT',
    unitMinor: toMinor(m, product.price),
    quantity: 1,
    taxRate: taxRateFor(space.country),
    shippingRequired: false,
  });
  const sub = subscriber(ctx, space, customer);
  const created = ctx.clock.advance(MINUTE);
  const periodsEnd = addMs(created, (plan.paidPeriods + 1) * 30 * DAY);
  const subscription = make(ctx, 'Subscription', space.id, {
    subscriber: sub.id,
    ...(customer.token ? { token: customer.token.id } : {}),
    ...(ctx.rng.chance(0.3) ? { affiliate: ctx.rng.pick(setup.affiliates) } : {}),
    reference: `S-${space.id}-${ctx.rng.chars(6)}`,
    description: `${String((product.version.product as StoredObject).name)} for ${String(sub.emailAddress)}`,
    language: space.language,
    currentProductVersion: copy(product.version),
    state,
    ...(state !== 'PENDING' ? { initializedOn: iso(created) } : {}),
    ...(RUNNING.includes(state) ? { activatedOn: iso(created) } : {}),
    ...(state === 'TERMINATION_SCHEDULED'
      ? { terminationScheduledOn: iso(created), plannedTerminationDate: iso(addMs(ctx.now, 30 * DAY)) }
      : {}),
    ...(state === 'TERMINATING' ? { terminatingOn: iso(created) } : {}),
    ...(state === 'TERMINATED'
      ? { terminatingOn: iso(created), terminatedOn: iso(periodsEnd), terminatedBy: 1 }
      : {}),
  });
  if (state === 'ACTIVE' && ctx.rng.chance(0.2)) {
    makeLater(ctx, 'SubscriptionVersion', space.id, MINUTE, {
      subscription: subscription.id,
      ...versionFields(plan, 'TERMINATED', created, product.version, created),
    });
  }
  const version = makeLater(ctx, 'SubscriptionVersion', space.id, MINUTE, {
    subscription: subscription.id,
    ...versionFields(plan, VERSION_STATE[state], created, product.version, periodsEnd),
  });
  const story: SubStory = { ctx, plan, customer, subscription, version, fee, setup };
  for (let p = 1; p <= plan.paidPeriods; p++) {
    charge(story, 'SUCCESSFUL', p);
    periodBill(story, 'BILLED', addMs(created, (p - 1) * 30 * DAY));
  }
  const next = plan.paidPeriods + 1;
  if (state === 'SUSPENDED' || state === 'FAILED') charge(story, 'FAILED', next);
  if (state === 'INITIALIZING') charge(story, 'PROCESSING', next);
  if (state === 'ACTIVE' || state === 'TERMINATION_SCHEDULED') charge(story, 'SCHEDULED', next);
  if (state === 'TERMINATED' && ctx.rng.chance(0.5)) charge(story, 'DISCARDED', next);
  if (['ACTIVE', 'SUSPENDED', 'TERMINATION_SCHEDULED', 'TERMINATING'].includes(state)) {
    periodBill(story, 'PENDING', addMs(created, plan.paidPeriods * 30 * DAY));
    usageReports(story);
  }
  return Number(subscription.id);
}

// Deterministic demo data for the sandbox: the same seed number (and `now`) always gives the same
// objects, ids and timestamps. Ids rise with creation time, so the seed creates objects in time
// order: reference data, tenants and configuration first, then customers, then a mixed stream of
// transactions and subscriptions over the past months, and finally dunning and manual tasks.
import type { Store, StoredObject } from '../store';
import { newContext, type SeedContext, type SpaceIds } from './context';
import { seedCustomers, type SeededCustomer } from './customers';
import { seedDunningCases, seedManualTasks, type ManualTaskState } from './followups';
import { seedCountries, seedCurrencies, seedLanguages } from './i18n';
import { seedPaymentConfiguration } from './payment-config';
import { DAY } from './random';
import { seedReferenceData } from './reference';
import { seedSpaceSetup } from './space-setup';
import { seedSubscriptionSetup, type SubscriptionSetup } from './subscription-setup';
import {
  chargeTransactions,
  planSubscription,
  planSubscriptionStates,
  seedSubscription,
  type SubscriptionPlan,
} from './subscriptions';
import { seedTenants } from './tenants';
import { compileTemplate, replicate, type Template } from './replicate';
import { SEED_COUNTS, type SeedCounts, type SeedSize } from './sizes';
import { TEST_CARDS } from './test-cards';
import { planStates, seedTransaction, type TransactionOutcome, type TransactionState } from './transactions';
import { groupUngroupedTransactions } from '../lifecycle/transactions/groups';

export { TEST_CARDS, isLuhnValid } from './test-cards';
export { SEED_SIZES, type SeedCounts, type SeedSize } from './sizes';
export type { TransactionState } from './transactions';

export interface SeedSummary {
  accounts: number[];
  spaces: number[];
  /** Per space id: ids an integration test needs to drive payments on demo data. */
  perSpace: Record<
    number,
    {
      cardPaymentMethodConfigurationId: number;
      paymentConnectorConfigurationId: number;
      sampleTransactionIds: Partial<Record<TransactionState, number>>;
      customerIds: number[];
      tokenIds: number[];
      subscriptionIds: number[];
    }
  >;
  testCards: { approve: string; decline: string; fail: string; threeDSecure: string };
}

/** The fixed default "now", so that a seed number alone determines the data. */
export const DEFAULT_SEED_NOW = new Date('2026-01-01T00:00:00Z');

type Event =
  | { kind: 'transaction'; space: number; state: TransactionState }
  | { kind: 'subscription'; plan: SubscriptionPlan };

/** Transactions and subscriptions of every space in one stream, so creation times mix spaces. */
function planEvents(ctx: SeedContext, counts: SeedCounts): Event[] {
  const perSpace: Event[][] = ctx.spaces.map((space, i) => {
    const plans = planSubscriptionStates(ctx, counts.subscriptions[i]).map((state) =>
      planSubscription(ctx, space, state),
    );
    const own = counts.transactions[i] - plans.reduce((sum, p) => sum + chargeTransactions(p), 0);
    const states = planStates(ctx, own);
    // Subscriptions are spread evenly among the space's transactions.
    const events: Event[] = states.map((state) => ({ kind: 'transaction', space: i, state }));
    plans.forEach((plan, k) =>
      events.splice(Math.floor(((k + 0.5) * events.length) / plans.length) + k, 0, {
        kind: 'subscription',
        plan,
      }),
    );
    return events;
  });
  const remaining = perSpace.map((e) => e.length);
  const cursor = perSpace.map(() => 0);
  const out: Event[] = [];
  while (remaining.some((n) => n > 0)) {
    const i = ctx.rng.bucket(remaining);
    remaining[i] -= 1;
    out.push(perSpace[i][cursor[i]++]);
  }
  return out;
}

function seedConfiguration(ctx: SeedContext): void {
  seedCountries(ctx.store);
  seedCurrencies(ctx.store);
  seedLanguages(ctx.store);
  seedReferenceData(ctx);
}

export interface SeedOptions {
  /** How much data (default `default`); see sizes.ts. Tests may give counts of their own. */
  size?: SeedSize | SeedCounts;
  /** Called now and then with the share of the business seeded so far (0 to 1), for a progress bar. */
  onProgress?: (done: number) => void;
}

/** Fills `store`; nothing is created after `now`. */
export function seedStore(
  store: Store,
  seed: number,
  now: Date = DEFAULT_SEED_NOW,
  options: SeedOptions = {},
): SeedSummary {
  const size = options.size ?? 'default';
  const counts = typeof size === 'string' ? SEED_COUNTS[size] : size;
  const ctx = newContext(store, seed, now);
  seedConfiguration(ctx);
  ctx.clock.scale = counts.timeScale;
  const { accounts } = seedTenants(ctx);
  const setups = ctx.spaces.map((space) => {
    seedPaymentConfiguration(ctx, space);
    seedSpaceSetup(ctx, space);
    return seedSubscriptionSetup(ctx, space);
  });

  ctx.clock.moveTo(new Date(now.getTime() - 365 * DAY));
  const customers = seedCustomers(ctx, counts.customers);
  const bySpace = ctx.spaces.map((space) => customers.filter((c) => c.space === space));
  const summary = emptySummary(ctx, accounts, bySpace);

  const { invoices, tasks } = seedActivity(ctx, {
    bySpace,
    setups,
    summary,
    counts,
    onProgress: options.onProgress,
  });

  ctx.clock.moveTo(new Date(now.getTime() - 2 * DAY));
  seedDunningCases(ctx, invoices);
  seedManualTasks(ctx, tasks);
  groupUngroupedTransactions(store);
  if (ctx.clock.current() >= now)
    throw new Error(`the seed ran past its "now" (${now.toISOString()}): the time slots are too small`);
  return summary;
}

interface Followups {
  invoices: { space: SpaceIds; invoice: StoredObject }[];
  tasks: { space: SpaceIds; transactionId: number; state: ManualTaskState }[];
}

/** The past months of business: transactions and subscriptions of all spaces, one time slot each. */
interface Activity {
  bySpace: SeededCustomer[][];
  setups: SubscriptionSetup[];
  summary: SeedSummary;
  counts: SeedCounts;
  onProgress?: (done: number) => void;
}

const PROGRESS_STEPS = 100;

function seedActivity(
  ctx: SeedContext,
  { bySpace, setups, summary, counts, onProgress }: Activity,
): Followups {
  const events = planEvents(ctx, counts);
  const every = Math.max(1, Math.ceil(events.length / PROGRESS_STEPS));
  const now = ctx.now.getTime();
  const start = Math.max(ctx.clock.current().getTime(), now - 180 * DAY);
  const slot = (now - 3 * DAY - start) / events.length;
  const followups: Followups = { invoices: [], tasks: [] };
  const templates = new Map<string, Template>();
  const subscribers = bySpace.map(withToken);
  events.forEach((event, n) => {
    if (onProgress && n % every === 0) onProgress(n / events.length);
    ctx.clock.moveTo(new Date(start + (n + ctx.rng.next() * 0.3) * slot));
    if (event.kind === 'subscription') {
      const index = ctx.spaces.indexOf(event.plan.space);
      const id = seedSubscription(ctx, event.plan, ctx.rng.pick(subscribers[index]), setups[index]);
      summary.perSpace[event.plan.space.id].subscriptionIds.push(id);
      return;
    }
    const space = ctx.spaces[event.space];
    const outcome = transaction(
      ctx,
      { space, state: event.state, customers: bySpace[event.space], told: counts.told },
      templates,
    );
    // The latest transaction of each state is the space's sample of it.
    summary.perSpace[space.id].sampleTransactionIds[event.state] = Number(outcome.transaction.id);
    for (const invoice of outcome.invoices) followups.invoices.push({ space, invoice });
    const taskState = taskFor(outcome, ctx);
    if (taskState)
      followups.tasks.push({ space, transactionId: Number(outcome.transaction.id), state: taskState });
  });
  onProgress?.(1);
  return followups;
}

/**
 * One transaction of the stream: its story told (always, unless the size tells only a share), or a
 * copy of the last told one of its space and state, which brings no follow-ups.
 */
function transaction(
  ctx: SeedContext,
  o: { space: SpaceIds; state: TransactionState; customers: SeededCustomer[]; told: number },
  templates: Map<string, Template>,
): TransactionOutcome {
  const key = `${o.space.id}:${o.state}`;
  const template = templates.get(key);
  if (template && !ctx.rng.chance(o.told)) return { transaction: replicate(ctx, template), invoices: [] };
  const start = ctx.clock.current().getTime();
  if (o.told < 1) ctx.recording = [];
  const customer = ctx.rng.chance(0.85) ? ctx.rng.pick(o.customers) : undefined;
  const salesChannel = ctx.rng.weighted({ web: 80, mobile: 12, moto: 8 });
  const outcome = seedTransaction(ctx, { space: o.space, state: o.state, customer, salesChannel });
  if (ctx.recording) templates.set(key, compileTemplate(ctx.recording, start));
  ctx.recording = undefined;
  return outcome;
}

function withToken(customers: SeededCustomer[]): SeededCustomer[] {
  const tokened = customers.filter((c) => c.token);
  return tokened.length ? tokened : customers;
}

/** A delivery check task: open while a manual decision is due; some decided ones as DONE/EXPIRED. */
function taskFor(outcome: TransactionOutcome, ctx: SeedContext): ManualTaskState | undefined {
  if (outcome.decision === 'MANUAL_CHECK_REQUIRED') return 'OPEN';
  if (outcome.decision === 'SUITABLE' && ctx.rng.chance(0.02)) return 'DONE';
  if (outcome.decision === 'NOT_SUITABLE' && ctx.rng.chance(0.2)) return 'EXPIRED';
  return undefined;
}

function emptySummary(ctx: SeedContext, accounts: number[], bySpace: SeededCustomer[][]): SeedSummary {
  const perSpace: SeedSummary['perSpace'] = {};
  ctx.spaces.forEach((space, i) => {
    perSpace[space.id] = {
      cardPaymentMethodConfigurationId: space.methodConfigurations.card!,
      paymentConnectorConfigurationId: space.connectorConfigurations['card-visa'],
      sampleTransactionIds: {},
      customerIds: bySpace[i].map((c) => Number(c.customer.id)),
      tokenIds: bySpace[i].flatMap((c) => (c.token ? [c.token.id] : [])),
      subscriptionIds: [],
    };
  });
  return { accounts, spaces: ctx.spaces.map((s) => s.id), perSpace, testCards: { ...TEST_CARDS } };
}

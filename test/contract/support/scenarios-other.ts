// Scenarios of the account, customer, subscription and back-office operations that need real
// meaning, and the create bodies (per model) that the generic minimal body cannot guess.
import type { StoredObject } from '../../../src/sandbox/store';
import type { Scenario } from './plan';
import { lineItem, spaceCurrency, unique } from './test-data';
import type { CreateExtras, World } from './world';

const id = (o: StoredObject | undefined) => o?.id as number;

/** The product of a seeded subscription (subscription products have no base of their own). */
function subscriptionProduct(world: World): number {
  const version = world.any('SubscriptionVersion', {
    where: (v) => !!(v.productVersion as { product?: unknown } | undefined)?.product,
  });
  const product = (version.productVersion as { product: number | { id: number } }).product;
  return typeof product === 'number' ? product : product.id;
}

function subscriptionCurrency(world: World): string {
  const version = world.any('SubscriptionVersion', { where: (v) => typeof v.billingCurrency === 'string' });
  return String(version.billingCurrency);
}

/** A new subscription (PENDING until initialized). */
async function pendingSubscription(world: World): Promise<StoredObject> {
  const version = await world.expectOk<StoredObject>('createSubscription', {
    body: { product: subscriptionProduct(world), currency: subscriptionCurrency(world) },
  });
  const subscription = version.subscription as number | StoredObject | undefined;
  if (subscription === undefined)
    throw new Error(`createSubscription answered a version without subscription: ${JSON.stringify(version)}`);
  return world.stored('Subscription', typeof subscription === 'number' ? subscription : id(subscription));
}

export const createExtras: Record<string, CreateExtras> = {
  Transaction: (w) => ({ currency: spaceCurrency(w), lineItems: [lineItem(25)] }),
  TransactionLineItemVersion: () => ({ lineItems: [lineItem(20)] }),
  Account: () => ({ name: unique('account') }),
  Space: () => ({ name: unique('space') }),
  Customer: () => ({
    customerId: unique('customer'),
    emailAddress: 'contract@example.com',
    givenName: 'Contract',
    familyName: 'Tester',
  }),
  Token: () => ({ externalId: unique('token') }),
  Subscriber: () => ({ externalId: unique('subscriber'), reference: unique('subscriber-ref') }),
  SubscriptionAffiliate: () => ({ externalId: unique('affiliate'), reference: unique('affiliate-ref') }),
  SubscriptionMetric: (w) => ({ name: { 'en-US': 'Contract metric' }, type: metricType(w) }),
  PaymentLink: () => ({ externalId: unique('link'), protectionMode: 'NO_PROTECTION' }),
  SubscriptionCharge: (w) => ({
    externalId: unique('charge'),
    subscription: id(w.any('Subscription', { state: 'ACTIVE' })),
    processingType: 'SYNCHRONOUS',
  }),
  SubscriptionLedgerEntry: (w) => ({
    externalId: unique('ledger'),
    subscriptionVersion: id(w.any('SubscriptionVersion', { state: 'ACTIVE' })),
    title: 'Contract charge',
    quantity: 1,
    amountIncludingTax: 5,
  }),
  SubscriptionMetricUsageReport: (w) => ({
    externalId: unique('usage'),
    metric: id(w.any('SubscriptionMetric')),
    subscription: id(w.any('Subscription', { state: 'ACTIVE' })),
    consumedUnits: 3,
  }),
};

function metricType(world: World): number {
  const metric = world.any('SubscriptionMetric');
  const type = metric.type as number | { id: number } | undefined;
  return typeof type === 'object' && type ? type.id : (type ?? 1);
}

async function twoCustomers(world: World) {
  return [await world.create('Customer'), await world.create('Customer')];
}

export const otherScenarios: Record<string, Scenario> = {
  // Accounts: a new account starts ACTIVE; activation needs a deactivated one.
  deactivateAccount: { subject: { fresh: true } },
  activateAccount: {
    subject: {
      fresh: async (w) => {
        const account = await w.create('Account');
        await w.expectOk('deactivateAccount', { params: { id: id(account) } });
        return account;
      },
    },
  },
  listStatesOfCountry: {
    params: (w) => ({
      countryCode: String(
        w.any('RestCountry', { where: (c) => ((c.stateCodes as unknown[]) ?? []).length > 0 }).isoCode2,
      ),
    }),
  },

  createCustomersBulk: { body: (w) => [w.createBody('Customer'), w.createBody('Customer')] },
  updateCustomersBulk: {
    body: async (w) =>
      (await twoCustomers(w)).map((c) => ({ id: id(c), version: c.version, givenName: 'Bulk' })),
  },
  deleteCustomersBulk: { body: async (w) => (await twoCustomers(w)).map(id) },
  mergeCustomers: {
    subject: { fresh: true },
    params: async (w) => ({ other: id(await w.create('Customer')) }),
  },

  processManualTaskAction: {
    subject: { state: 'OPEN', where: (t) => ((t.actions as unknown[]) ?? []).length > 0 },
    params: (w, task) => ({ actionId: id((task?.actions as StoredObject[])[0]) }),
  },

  createSubscription: {
    body: (w) => ({ product: subscriptionProduct(w), currency: subscriptionCurrency(w) }),
  },
  initializeSubscription: { subject: { fresh: pendingSubscription } },
  initializeSubscriptionSubscriberPresent: {
    subject: { fresh: pendingSubscription },
    body: () => ({ successUrl: 'https://example.com/success', failureUrl: 'https://example.com/failure' }),
  },
  applySubscriptionChanges: {
    subject: { state: 'ACTIVE' },
    body: () => ({ respectTerminationPeriod: false }),
  },
  upgradeSubscriptionProduct: {
    subject: { state: 'ACTIVE' },
    query: () => ({ respectTerminationPeriod: false }),
  },
  suspendSubscription: {
    subject: { state: 'ACTIVE' },
    body: (w) => ({
      note: 'contract',
      endAction: 'REACTIVATE',
      plannedEndDate: new Date(w.now.getTime() + 30 * 86_400_000).toISOString(),
    }),
  },
  reactivateSubscription: { subject: { state: 'SUSPENDED' } },
  terminateSubscription: { subject: { state: 'ACTIVE' }, query: () => ({ respectTerminationPeriod: false }) },
  discardSubscriptionCharge: { subject: { state: 'SCHEDULED' } },
  closeSubscriptionPeriodBill: {
    subject: { state: 'PENDING' },
    query: (w) => ({ currentDate: w.now.toISOString(), createNextPeriod: false }),
  },

  lookupIban: { body: () => ({ iban: 'CH93 0076 2011 6238 5295 7' }) },
};

// Contract rows of the mutations beyond payments: accounts and spaces, customers (single and bulk,
// addresses, comments, merge), manual tasks, and subscriptions with their subscribers, affiliates,
// metrics, charges, ledger entries, usage reports and period bills. Objects an action changes for
// good are made fresh over REST; demo objects are only found.
import { act, create, update, type ContractTable } from './contract-case';
import { idOf, type Fixtures, type Input, type Obj } from './contract-fixtures';

const madeBy =
  (op: string, body: (f: Fixtures) => Input | Promise<Input>, space?: null) =>
  async (f: Fixtures): Promise<Obj> =>
    f.call(op, { body: await body(f), ...(space === null ? { space } : {}) });

const accountBody = async (f: Fixtures, global = false): Promise<Input> => {
  const [parent] = await f.search('Account', 'type:MASTER');
  return {
    name: f.externalId('account'),
    scope: 1,
    parentAccount: global ? f.gid('Account', parent) : parent.id,
  };
};
const newAccount = madeBy('createAccount', (f) => accountBody(f), null);
const spaceBody = async (f: Fixtures, global = false): Promise<Input> => {
  const account = (await f.find('Space')).account;
  return { name: f.externalId('space'), account: global ? f.link('Account', account) : idOf(account) };
};
const newSpace = madeBy('createSpace', (f) => spaceBody(f), null);

const newCustomer = (f: Fixtures): Promise<Obj> => f.customer();
const address = {
  givenName: 'Ada',
  familyName: 'Muster',
  street: 'Bahnhofstrasse 1',
  postcode: '8001',
  city: 'Zürich',
  country: 'CH',
};
const newAddress = async (f: Fixtures): Promise<Obj> => {
  const c = await f.customer();
  return f.call('createCustomerAddress', {
    path: { customerId: c.id },
    body: { customer: c.id, address, addressType: 'BILLING' },
  });
};
const newComment = async (f: Fixtures): Promise<Obj> => {
  const c = await f.customer();
  return f.call('createCustomerComment', {
    path: { customerId: c.id },
    body: { customer: c.id, content: 'contract comment' },
  });
};

/** A new PENDING subscription of a demo subscriber, on the product and token of an ACTIVE demo subscription. */
async function pendingSubscription(f: Fixtures): Promise<Obj> {
  const demo = await f.find('Subscription', 'state:ACTIVE');
  const product = idOf((demo.currentProductVersion as Obj).product);
  const version = await f.call('createSubscription', {
    body: {
      product,
      currency: 'CHF',
      subscription: { subscriber: idOf(demo.subscriber), token: idOf(demo.token) },
    },
  });
  return f.get('Subscription', idOf(version.subscription));
}
async function activeSubscription(f: Fixtures): Promise<Obj> {
  const pending = await pendingSubscription(f);
  await f.call('initializeSubscription', { path: { id: pending.id } });
  return f.get('Subscription', pending.id);
}
const activeVersion = (f: Fixtures): Promise<Obj> => f.find('SubscriptionVersion', 'state:ACTIVE');
const metricBody = async (f: Fixtures): Promise<Input> => ({
  name: { 'en-US': f.externalId('metric') },
  type: idOf((await f.find('SubscriptionMetric')).type),
});

export const otherCases: ContractTable = {
  createAccount: { input: (f) => accountBody(f, true) },
  updateAccount: update('Account', newAccount, { name: 'contract account' }),
  deleteAccount: act('Account', newAccount),
  activateAccount: act('Account', async (f) => {
    const account = await newAccount(f);
    await f.call('deactivateAccount', { path: { id: account.id }, space: null });
    return account;
  }),
  deactivateAccount: act('Account', newAccount),
  createSpace: { input: (f) => spaceBody(f, true) },
  updateSpace: update('Space', newSpace, { name: 'contract space' }),
  deleteSpace: act('Space', newSpace),

  createCustomer: create(() => ({
    givenName: 'Ada',
    familyName: 'Lovelace',
    emailAddress: 'ada@example.com',
  })),
  updateCustomer: update('Customer', newCustomer, { givenName: 'Changed' }),
  deleteCustomer: act('Customer', newCustomer),
  mergeCustomers: act('Customer', newCustomer, async (f) => ({
    other: f.gid('Customer', await f.customer()),
  })),
  createCustomers: create(() => ({ customers: [{ givenName: 'Bulk 1' }, { givenName: 'Bulk 2' }] })),
  updateCustomers: create(async (f) => {
    const [a, b] = [await f.customer(), await f.customer()];
    return { customers: [a, b].map((c) => ({ ...f.versioned('Customer', c), givenName: 'Bulk changed' })) };
  }),
  deleteCustomers: create(async (f) => ({
    ids: [f.gid('Customer', await f.customer()), f.gid('Customer', await f.customer())],
  })),
  createCustomerAddress: create(async (f) => ({
    customer: f.gid('Customer', await f.customer()),
    address,
    addressType: 'SHIPPING',
  })),
  updateCustomerAddress: update('CustomerAddress', newAddress, { addressType: 'SHIPPING' }),
  deleteCustomerAddress: act('CustomerAddress', newAddress),
  setDefaultCustomerAddress: act('CustomerAddress', newAddress),
  createCustomerComment: create(async (f) => ({
    customer: f.gid('Customer', await f.customer()),
    content: 'hello',
  })),
  updateCustomerComment: update('CustomerComment', newComment, { content: 'changed' }),
  deleteCustomerComment: act('CustomerComment', newComment),
  pinCustomerComment: act('CustomerComment', newComment),
  unpinCustomerComment: act('CustomerComment', newComment),

  processManualTaskAction: act('ManualTask', 'state:OPEN', (_f, task) => ({
    actionId: (task.actions as Obj[])[0].id,
  })),

  createSubscription: create(async (f) => {
    const demo = await f.find('Subscription', 'state:ACTIVE');
    return {
      product: idOf((demo.currentProductVersion as Obj).product),
      currency: 'CHF',
      // Links inside a nested body object take global IDs too; REST wants `version` there as well.
      subscription: {
        subscriber: f.link('Subscriber', demo.subscriber),
        token: f.link('Token', demo.token),
        version: 1,
      },
    };
  }),
  // REST's SubscriptionUpdateRequest has no `version`, but SPEC's optimistic locking wants one: the input asks for it.
  updateSubscription: update('Subscription', activeSubscription, { currency: 'CHF' }),
  initializeSubscription: act('Subscription', pendingSubscription),
  initializeSubscriptionSubscriberPresent: act('Subscription', pendingSubscription, {
    successUrl: 'https://shop.example/ok',
  }),
  applySubscriptionChanges: act('Subscription', activeSubscription, { currency: 'CHF' }),
  upgradeSubscriptionProduct: act('Subscription', activeSubscription, { respectTerminationPeriod: false }),
  suspendSubscription: act('Subscription', activeSubscription, { note: 'contract', endAction: 'REACTIVATE' }),
  reactivateSubscription: act('Subscription', async (f) => {
    const s = await activeSubscription(f);
    await f.call('suspendSubscription', { path: { id: s.id }, body: { endAction: 'REACTIVATE' } });
    return s;
  }),
  terminateSubscription: act('Subscription', activeSubscription, { respectTerminationPeriod: false }),
  createSubscriptionCharge: create(async (f) => ({
    subscription: f.gid('Subscription', await activeSubscription(f)),
    processingType: 'SYNCHRONOUS',
    externalId: f.externalId('charge'),
  })),
  discardSubscriptionCharge: act('SubscriptionCharge', 'state:SCHEDULED'),
  createSubscriptionLedgerEntry: create(async (f) => ({
    subscriptionVersion: f.link('SubscriptionVersion', await activeVersion(f)),
    externalId: f.externalId('ledger'),
    title: 'Extra seat',
    quantity: 1,
    amountIncludingTax: 10,
  })),
  createSubscriptionMetricUsageReport: create(async (f) => ({
    subscription: f.link('Subscription', await f.find('Subscription', 'state:ACTIVE')),
    metric: f.link('SubscriptionMetric', await f.find('SubscriptionMetric')),
    externalId: f.externalId('usage'),
    consumedUnits: 3,
  })),
  closeSubscriptionPeriodBill: act('SubscriptionPeriodBill', 'state:PENDING', (_f, bill) => ({
    currentDate: bill.plannedPeriodEndDate,
    createNextPeriod: true,
  })),
  createSubscriptionMetric: create(metricBody),
  updateSubscriptionMetric: update('SubscriptionMetric', madeBy('createSubscriptionMetric', metricBody), {
    description: { 'en-US': 'x' },
  }),
  deleteSubscriptionMetric: act('SubscriptionMetric', madeBy('createSubscriptionMetric', metricBody)),
  createSubscriber: create((f) => ({
    externalId: f.externalId('subscriber'),
    emailAddress: 'sub@example.com',
  })),
  updateSubscriber: update(
    'Subscriber',
    madeBy('createSubscriber', (f) => ({ externalId: f.externalId('subscriber') })),
    {
      reference: 'contract',
    },
  ),
  deleteSubscriber: act(
    'Subscriber',
    madeBy('createSubscriber', (f) => ({ externalId: f.externalId('subscriber') })),
  ),
  createSubscriptionAffiliate: create((f) => ({
    externalId: f.externalId('affiliate'),
    reference: f.externalId('ref'),
  })),
  updateSubscriptionAffiliate: update(
    'SubscriptionAffiliate',
    madeBy('createSubscriptionAffiliate', (f) => ({
      externalId: f.externalId('affiliate'),
      reference: f.externalId('ref'),
    })),
    { name: 'contract' },
  ),
  deleteSubscriptionAffiliate: act(
    'SubscriptionAffiliate',
    madeBy('createSubscriptionAffiliate', (f) => ({
      externalId: f.externalId('affiliate'),
      reference: f.externalId('ref'),
    })),
  ),
};

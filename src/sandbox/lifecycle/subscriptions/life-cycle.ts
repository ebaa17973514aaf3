// Life cycles of subscriptions and their versions, and the actions that move them. The choices made
// where the specification states no transitions are in src/sandbox/handlers/areas/README.md.
import { badRequest } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store, Stored, StoredObject } from '../../store';
import { applyTransition, assertTransition, defineLifecycle } from '../machine';
import { addMonths, iso } from './periods';

/** The API's SubscriptionState enum: every state the table below may reach. */
export type SubscriptionState =
  | 'PENDING'
  | 'INITIALIZING'
  | 'FAILED'
  | 'ACTIVE'
  | 'SUSPENDED'
  | 'TERMINATION_SCHEDULED'
  | 'TERMINATING'
  | 'TERMINATED';

export const subscriptionLifecycle = defineLifecycle<SubscriptionState, 'Subscription'>({
  model: 'Subscription',
  field: 'state',
  actions: {
    initialize: { from: ['PENDING'], to: 'INITIALIZING' },
    activate: { from: ['INITIALIZING'], to: 'ACTIVE' },
    fail: { from: ['INITIALIZING'], to: 'FAILED' },
    suspend: { from: ['ACTIVE'], to: 'SUSPENDED' },
    reactivate: { from: ['SUSPENDED'], to: 'ACTIVE' },
    applyChanges: { from: ['ACTIVE'], to: 'ACTIVE' },
    upgradeProduct: { from: ['ACTIVE'], to: 'ACTIVE' },
    scheduleTermination: { from: ['ACTIVE', 'SUSPENDED'], to: 'TERMINATION_SCHEDULED' },
    terminate: { from: ['ACTIVE', 'SUSPENDED', 'TERMINATION_SCHEDULED'], to: 'TERMINATING' },
    completeTermination: { from: ['TERMINATING'], to: 'TERMINATED' },
  },
});

export const subscriptionVersionLifecycle = defineLifecycle({
  model: 'SubscriptionVersion',
  field: 'state',
  actions: {
    initialize: { from: ['PENDING'], to: 'INITIALIZING' },
    activate: { from: ['INITIALIZING'], to: 'ACTIVE' },
    fail: { from: ['INITIALIZING'], to: 'FAILED' },
    terminate: { from: ['PENDING', 'ACTIVE'], to: 'TERMINATING' },
    completeTermination: { from: ['TERMINATING'], to: 'TERMINATED' },
  },
});

const LIVE_VERSION_STATES = ['PENDING', 'INITIALIZING', 'ACTIVE'];

/** The subscription's current version: the newest one that is not terminating, ended or failed. */
export function currentVersion(store: Store, space: number, subscriptionId: number) {
  const versions = store
    .where('SubscriptionVersion', 'subscription', subscriptionId, space)
    .filter((v) => LIVE_VERSION_STATES.includes(String(v.state)));
  const newest = versions.sort((a, b) => Number(b.id) - Number(a.id))[0];
  if (!newest) throw badRequest(`Subscription ${subscriptionId} has no current version.`);
  return newest;
}

export interface VersionTerms {
  product: number;
  currency: string;
  componentConfigurations: { productComponentReferenceId?: number; quantity?: number }[];
  /** Raised by one on every upgrade of the same product. */
  incrementNumber: number;
}

/**
 * The product version a subscription version is made under. Products are not a REST base of their
 * own: a product is known from the versions that already use it (seeded ones included). The same
 * product and increment reuse that product version; a new increment (an upgrade) derives one from it.
 */
function productVersion(store: Store, space: number, terms: VersionTerms, now: Date) {
  type PV = StoredObject & { product?: { id?: number }; incrementNumber?: number };
  const known = store
    .list('SubscriptionVersion', space)
    .map((v) => v.productVersion as PV | undefined)
    .filter((pv): pv is PV => pv?.product?.id === terms.product);
  const same = known.find((pv) => pv.incrementNumber === terms.incrementNumber);
  if (same) return same;
  const template: StoredObject = known[0] ?? {
    product: { id: terms.product, linkedSpaceId: space, state: 'ACTIVE' },
    billingCycle: 'P1M',
    billingCycleModel: { billingCycleType: 'MONTHLY', numberOfPeriods: 1 },
    state: 'ACTIVE',
    linkedSpaceId: space,
    version: 1,
  };
  const currencies = new Set([
    ...((template.enabledCurrencies as string[] | undefined) ?? []),
    terms.currency,
  ]);
  return {
    ...template,
    id: store.nextId(),
    incrementNumber: terms.incrementNumber,
    defaultCurrency: template.defaultCurrency ?? terms.currency,
    enabledCurrencies: [...currencies],
    createdOn: iso(now),
    activatedOn: iso(now),
  };
}

function componentConfigurations(store: Store, space: number, terms: VersionTerms) {
  return terms.componentConfigurations.map((c) => ({
    id: store.nextId(),
    component: c.productComponentReferenceId,
    quantity: c.quantity ?? 1,
    linkedSpaceId: space,
    version: 1,
  }));
}

/** Stores a version of `subscription` under `terms` in `state`. */
export function createVersion(
  store: Store,
  space: number,
  subscription: Stored<'Subscription'>,
  terms: VersionTerms,
  state: 'PENDING' | 'ACTIVE',
  now: Date,
) {
  return createObject(
    store,
    'SubscriptionVersion',
    space,
    {
      subscription: subscription.id,
      state,
      language: subscription.language,
      billingCurrency: terms.currency,
      productVersion: productVersion(store, space, terms, now),
      componentConfigurations: componentConfigurations(store, space, terms),
      billingCycleModel: { billingCycleType: 'MONTHLY', numberOfPeriods: 1 },
      ...(state === 'ACTIVE' ? { activatedOn: iso(now) } : {}),
    },
    now,
  );
}

/** The terms a version was made under, to derive the next version's terms from. */
export function termsOf(version: Stored<'SubscriptionVersion'>): VersionTerms {
  const pv = (version.productVersion ?? {}) as { product?: { id?: number }; incrementNumber?: number };
  const configs = (version.componentConfigurations ?? []) as { component?: number; quantity?: number }[];
  return {
    product: Number(pv.product?.id),
    currency: String(version.billingCurrency),
    incrementNumber: Number(pv.incrementNumber ?? 1),
    componentConfigurations: configs.map((c) => ({
      productComponentReferenceId: c.component,
      quantity: c.quantity,
    })),
  };
}

/** Moves a version to TERMINATING, and on to TERMINATED unless it is to run out its period. */
export function endVersion(
  store: Store,
  space: number,
  version: Stored<'SubscriptionVersion'>,
  now: Date,
  runOut: boolean,
) {
  const terminating = applyTransition(
    store,
    subscriptionVersionLifecycle,
    Number(version.id),
    space,
    'terminate',
    (v) => ({
      ...v,
      terminatingOn: iso(now),
      terminationIssuedOn: iso(now),
      plannedTerminationDate: iso(runOut ? addMonths(now, 1) : now),
    }),
  );
  return runOut ? terminating : completeVersionTermination(store, space, Number(version.id), now);
}

/** TERMINATING -> TERMINATED: the version has ended (at once, or when it ran out its period). */
export function completeVersionTermination(store: Store, space: number, versionId: number, at: Date) {
  return applyTransition(
    store,
    subscriptionVersionLifecycle,
    versionId,
    space,
    'completeTermination',
    (v) => ({
      ...v,
      terminatedOn: iso(at),
    }),
  );
}

/**
 * apply-changes and upgrade-product: checks the action is allowed, then replaces the current version
 * by a new ACTIVE one. The subscription's own state does not change, but its version rises.
 */
export function replaceVersion(
  store: Store,
  space: number,
  subscriptionId: number,
  action: 'applyChanges' | 'upgradeProduct',
  nextTerms: (current: VersionTerms) => VersionTerms,
  respectTerminationPeriod: boolean,
  now: Date,
) {
  const subscription = loadObject(store, 'Subscription', subscriptionId, space);
  assertTransition(subscriptionLifecycle, subscription, action);
  const previous = currentVersion(store, space, subscriptionId);
  const terms = nextTerms(termsOf(previous));
  endVersion(store, space, previous, now, respectTerminationPeriod);
  const next = createVersion(store, space, subscription, terms, 'ACTIVE', now);
  applyTransition(store, subscriptionLifecycle, subscriptionId, space, action, (s) => ({
    ...s,
    currentProductVersion: next.productVersion,
  }));
  return next;
}

/** Terminates now (TERMINATING then TERMINATED) or schedules the termination a period ahead. */
export function terminateSubscription(
  store: Store,
  space: number,
  subscriptionId: number,
  respectTerminationPeriod: boolean,
  now: Date,
  by: number | undefined,
) {
  if (respectTerminationPeriod) {
    return applyTransition(
      store,
      subscriptionLifecycle,
      subscriptionId,
      space,
      'scheduleTermination',
      (s) => ({
        ...s,
        terminationScheduledOn: iso(now),
        plannedTerminationDate: iso(addMonths(now, 1)),
      }),
    );
  }
  const subscription = loadObject(store, 'Subscription', subscriptionId, space);
  assertTransition(subscriptionLifecycle, subscription, 'terminate');
  for (const version of store.where('SubscriptionVersion', 'subscription', subscriptionId, space)) {
    if (version.state === 'TERMINATING') {
      completeVersionTermination(store, space, version.id, now);
    } else if (LIVE_VERSION_STATES.includes(String(version.state)) && version.state !== 'INITIALIZING') {
      endVersion(store, space, version, now, false);
    }
  }
  applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'terminate', (s) => ({
    ...s,
    terminatingOn: iso(now),
  }));
  return applyTransition(store, subscriptionLifecycle, subscriptionId, space, 'completeTermination', (s) => ({
    ...s,
    terminatedOn: iso(now),
    ...(by !== undefined ? { terminatedBy: by } : {}),
  }));
}

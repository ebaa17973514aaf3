// Subscription operations: create, initialize, apply changes, suspend, reactivate, terminate, upgrade,
// and the subscription's invoices. The life cycle rules live in ../../lifecycle/subscription*.ts.
import { code as currencyByCode } from 'currency-codes';
import { noContent } from '../../context';
import { unprocessable } from '../../errors';
import { loadObject } from '../../objects';
import {
  createSubscription,
  initializeSubscription,
  reactivateSubscription,
  suspendSubscription,
  terminate,
} from '../../lifecycle/subscriptions/flows';
import { replaceVersion, type VersionTerms } from '../../lifecycle/subscriptions/life-cycle';
import { defineHandlers } from '../registry';
import { searchObjects } from '../standard';
import { actingUserId, bodyObject, booleanQuery, idParam, rendered, spaceOf } from './support';

type Configs = VersionTerms['componentConfigurations'];

function currencyOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || !currencyByCode(value)) {
    throw unprocessable(`${field} must be an ISO 4217 currency code (got ${JSON.stringify(value)}).`, {
      [field]: 'is not an ISO 4217 currency code',
    });
  }
  return value;
}

function productOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw unprocessable('product must be the id of a subscription product.', { product: 'required' });
  }
  return value;
}

const optionalNumber = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;
const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

defineHandlers({
  createSubscription: (req, sandbox) => {
    const space = spaceOf(req);
    const body = bodyObject(req);
    const pending = (body.subscription ?? {}) as Record<string, unknown>;
    const version = createSubscription(
      sandbox.store,
      space,
      {
        terms: {
          product: productOf(body.product),
          currency: currencyOf(body.currency, 'currency'),
          componentConfigurations: (body.componentConfigurations ?? []) as Configs,
          incrementNumber: 1,
        },
        subscriber: optionalNumber(pending.subscriber),
        token: optionalNumber(pending.token),
        affiliate: optionalNumber(pending.affiliate),
        reference: optionalString(pending.reference),
        description: optionalString(pending.description),
        plannedTerminationDate: optionalString(pending.plannedTerminationDate),
      },
      sandbox.now(),
    );
    return rendered(sandbox, req, 'SubscriptionVersion', version);
  },

  initializeSubscription: (req, sandbox) => {
    const charge = initializeSubscription(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      { subscriberPresent: false },
      sandbox.now(),
    );
    return rendered(sandbox, req, 'SubscriptionCharge', charge);
  },

  initializeSubscriptionSubscriberPresent: (req, sandbox) => {
    const body = bodyObject(req);
    const charge = initializeSubscription(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      {
        subscriberPresent: true,
        successUrl: optionalString(body.successUrl),
        failedUrl: optionalString(body.failureUrl),
      },
      sandbox.now(),
    );
    return rendered(sandbox, req, 'SubscriptionCharge', charge);
  },

  applySubscriptionChanges: (req, sandbox) => {
    const body = bodyObject(req);
    const version = replaceVersion(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      'applyChanges',
      (current) => {
        const product = body.product === undefined ? current.product : productOf(body.product);
        return {
          product,
          currency: body.currency === undefined ? current.currency : currencyOf(body.currency, 'currency'),
          componentConfigurations:
            (body.componentConfigurations as Configs | undefined) ?? current.componentConfigurations,
          incrementNumber: product === current.product ? current.incrementNumber : 1,
        };
      },
      body.respectTerminationPeriod === true,
      sandbox.now(),
    );
    return rendered(sandbox, req, 'SubscriptionVersion', version);
  },

  upgradeSubscriptionProduct: (req, sandbox) => {
    const version = replaceVersion(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      'upgradeProduct',
      (current) => ({ ...current, incrementNumber: current.incrementNumber + 1 }),
      booleanQuery(req, 'respectTerminationPeriod'),
      sandbox.now(),
    );
    return rendered(sandbox, req, 'SubscriptionVersion', version);
  },

  suspendSubscription: (req, sandbox) => {
    const space = spaceOf(req);
    const suspension = suspendSubscription(
      sandbox.store,
      space,
      idParam(req),
      bodyObject(req),
      sandbox.now(),
    );
    // SubscriptionSuspension has no base of its own; its link to the subscription renders like any link.
    return rendered(sandbox, req, 'SubscriptionSuspension', suspension);
  },

  reactivateSubscription: (req, sandbox) => {
    reactivateSubscription(sandbox.store, spaceOf(req), idParam(req), sandbox.now());
    return noContent();
  },

  terminateSubscription: (req, sandbox) => {
    const respect = booleanQuery(req, 'respectTerminationPeriod');
    terminate(sandbox.store, spaceOf(req), idParam(req), respect, sandbox.now(), actingUserId(req));
    return noContent();
  },

  /** The invoices of the transactions the subscription's charges created, searchable as usual. */
  searchSubscriptionInvoices: (req, sandbox) => {
    const space = spaceOf(req);
    const id = idParam(req);
    loadObject(sandbox.store, 'Subscription', id, space);
    const transactions = new Set(
      sandbox.store
        .where('SubscriptionCharge', 'subscription', id, space)
        .filter((c) => c.transaction !== undefined)
        .map((c) => c.transaction),
    );
    const invoices = sandbox.store.whereIn('TransactionInvoice', 'linkedTransaction', transactions, space);
    return { status: 200, body: searchObjects('TransactionInvoice', invoices, req, sandbox) };
  },
});

// Subscription billing operations: charges (create, run at once when due; discard), ledger entries,
// metric usage reports and closing period bills.
import { createLedgerEntry } from '../../lifecycle/subscriptions/ledger';
import { closePeriodBill, reportUsage } from '../../lifecycle/subscriptions/period-bills';
import { referenced } from '../../lifecycle/references';
import { createCharge, discardCharge } from '../../lifecycle/subscriptions/charges';
import { badRequest } from '../../errors';
import { defineHandlers } from '../registry';
import { actingUserId, booleanQuery, dateQuery, idParam, rendered, requestBody, spaceOf } from './support';

defineHandlers({
  createSubscriptionCharge: (req, sandbox) => {
    const space = spaceOf(req);
    const body = requestBody(req, 'createSubscriptionCharge');
    referenced(sandbox.store, 'Subscription', body.subscription, space, 'subscription');
    if (body.plannedExecutionDate !== undefined && Number.isNaN(Date.parse(body.plannedExecutionDate))) {
      throw badRequest('plannedExecutionDate must be an ISO 8601 date-time.', {
        plannedExecutionDate: 'invalid date-time',
      });
    }
    const charge = createCharge(sandbox.store, space, { ...body, type: 'MANUAL' }, sandbox.now());
    return rendered(sandbox, req, 'SubscriptionCharge', charge);
  },

  discardSubscriptionCharge: (req, sandbox) => {
    const charge = discardCharge(sandbox.store, spaceOf(req), idParam(req), sandbox.now(), actingUserId(req));
    return rendered(sandbox, req, 'SubscriptionCharge', charge);
  },

  createSubscriptionLedgerEntry: (req, sandbox) => {
    const space = spaceOf(req);
    const body = requestBody(req, 'createSubscriptionLedgerEntry');
    referenced(sandbox.store, 'SubscriptionVersion', body.subscriptionVersion, space, 'subscriptionVersion');
    if (body.subscriptionMetricId !== undefined) {
      referenced(
        sandbox.store,
        'SubscriptionMetric',
        body.subscriptionMetricId,
        space,
        'subscriptionMetricId',
      );
    }
    const entry = createLedgerEntry(sandbox.store, space, body, sandbox.now(), actingUserId(req));
    return rendered(sandbox, req, 'SubscriptionLedgerEntry', entry);
  },

  createSubscriptionMetricUsageReport: (req, sandbox) => {
    const body = requestBody(req, 'createSubscriptionMetricUsageReport');
    const report = reportUsage(sandbox.store, spaceOf(req), body, sandbox.now(), actingUserId(req));
    return rendered(sandbox, req, 'SubscriptionMetricUsageReport', report);
  },

  /** `createNextPeriod` (required by the API) opens the following period at currentDate. */
  closeSubscriptionPeriodBill: (req, sandbox) => {
    const currentDate = dateQuery(req, 'currentDate', true)!;
    const createNext = booleanQuery(req, 'createNextPeriod');
    const bill = closePeriodBill(
      sandbox.store,
      spaceOf(req),
      idParam(req),
      currentDate,
      createNext,
      sandbox.now(),
    );
    return rendered(sandbox, req, 'SubscriptionPeriodBill', bill);
  },
});

// Every refused transition, driven by the transition tables: for each HTTP action and each state the
// demo data holds an object in, an action the table does not allow from that state must answer 422
// naming the state and the action, and leave the object as it was.
import { subscriptionLifecycle } from '../../src/sandbox/lifecycle/subscriptions/life-cycle';
import { subscriptionChargeLifecycle } from '../../src/sandbox/lifecycle/subscriptions/charges';
import { periodBillLifecycle } from '../../src/sandbox/lifecycle/subscriptions/period-bills';
import { dunningCaseLifecycle } from '../../src/sandbox/lifecycle/after-sales/dunning';
import { manualTaskLifecycle } from '../../src/sandbox/lifecycle/manual-tasks/life-cycle';
import { describeRefusals, type RefusalCase } from './support/refusals';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
const future = () => new Date(Date.now() + 30 * 864e5).toISOString();

const cases: RefusalCase[] = [
  {
    table: subscriptionLifecycle,
    base: '/subscriptions',
    actions: [
      {
        action: 'initialize',
        request: (o) => ({ method: 'POST', path: `/subscriptions/${o.id}/initialize` }),
      },
      {
        action: 'initialize',
        request: (o) => ({
          method: 'POST',
          path: `/subscriptions/${o.id}/initialize-subscriber-present`,
          body: {},
        }),
      },
      {
        action: 'suspend',
        request: (o) => ({
          method: 'POST',
          path: `/subscriptions/${o.id}/suspend`,
          body: { plannedEndDate: future() },
        }),
      },
      {
        action: 'reactivate',
        request: (o) => ({ method: 'POST', path: `/subscriptions/${o.id}/reactivate` }),
      },
      {
        action: 'applyChanges',
        request: (o) => ({ method: 'POST', path: `/subscriptions/${o.id}/apply-changes`, body: {} }),
      },
      {
        action: 'upgradeProduct',
        request: (o) => ({
          method: 'POST',
          path: `/subscriptions/${o.id}/upgrade-product?respectTerminationPeriod=false`,
        }),
      },
      {
        action: 'scheduleTermination',
        request: (o) => ({
          method: 'POST',
          path: `/subscriptions/${o.id}/terminate?respectTerminationPeriod=true`,
        }),
      },
      {
        action: 'terminate',
        request: (o) => ({
          method: 'POST',
          path: `/subscriptions/${o.id}/terminate?respectTerminationPeriod=false`,
        }),
      },
    ],
  },
  {
    table: subscriptionChargeLifecycle,
    base: '/subscriptions/charges',
    actions: [
      {
        action: 'discard',
        request: (o) => ({ method: 'POST', path: `/subscriptions/charges/${o.id}/discard` }),
      },
    ],
  },
  {
    table: periodBillLifecycle,
    base: '/subscriptions/period-bills',
    actions: [
      {
        action: 'close',
        request: (o) => ({
          method: 'POST',
          path: `/subscriptions/period-bills/${o.id}/close?currentDate=${future()}&createNextPeriod=true`,
        }),
      },
    ],
  },
  {
    table: dunningCaseLifecycle,
    base: '/payment/dunning-cases',
    actions: [
      {
        action: 'suspend',
        request: (o) => ({ method: 'POST', path: `/payment/dunning-cases/${o.id}/suspend` }),
      },
    ],
  },
  {
    table: manualTaskLifecycle,
    base: '/manual-tasks',
    actions: [
      {
        action: 'process',
        request: (o) => ({ method: 'POST', path: `/manual-tasks/${o.id}/action/${o.actions?.[0]?.id ?? 1}` }),
      },
    ],
  },
];

describeRefusals(f, cases);

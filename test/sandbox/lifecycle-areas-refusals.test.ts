// Every refused transition, driven by the transition tables: for each HTTP action and each state the
// demo data holds an object in, an action the table does not allow from that state must answer 422
// naming the state and the action, and leave the object as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import type { TransitionTable } from '../../src/sandbox/lifecycle/machine';
import { subscriptionLifecycle } from '../../src/sandbox/lifecycle/subscriptions';
import { subscriptionChargeLifecycle } from '../../src/sandbox/lifecycle/subscription-charges';
import { periodBillLifecycle } from '../../src/sandbox/lifecycle/period-bills';
import { dunningCaseLifecycle } from '../../src/sandbox/lifecycle/dunning';
import { manualTaskLifecycle } from '../../src/sandbox/lifecycle/manual-tasks';
import { client, type CallOptions, type CallResult } from './support/signed-fetch';

type Obj = Record<string, any>;
let sandbox: RunningSandbox;
let space: number;
let call: <T = Obj>(c: CallOptions) => Promise<CallResult<T>>;

beforeAll(async () => {
  sandbox = await startSandbox();
  space = sandbox.spaces[0];
  call = client(sandbox.origin, { userId: sandbox.users[0].id, key: sandbox.users[0].key });
});
afterAll(() => sandbox?.close());

interface HttpAction {
  action: string;
  request: (o: Obj) => CallOptions;
}

interface Case {
  table: TransitionTable;
  base: string;
  actions: HttpAction[];
}

const future = () => new Date(Date.now() + 30 * 864e5).toISOString();

const cases: Case[] = [
  {
    table: subscriptionLifecycle,
    base: '/subscriptions',
    actions: [
      { action: 'initialize', request: (o) => ({ path: `/subscriptions/${o.id}/initialize` }) },
      { action: 'initialize', request: (o) => ({ path: `/subscriptions/${o.id}/initialize-subscriber-present`, body: {} }) },
      { action: 'suspend', request: (o) => ({ path: `/subscriptions/${o.id}/suspend`, body: { plannedEndDate: future() } }) },
      { action: 'reactivate', request: (o) => ({ path: `/subscriptions/${o.id}/reactivate` }) },
      { action: 'applyChanges', request: (o) => ({ path: `/subscriptions/${o.id}/apply-changes`, body: {} }) },
      { action: 'upgradeProduct', request: (o) => ({ path: `/subscriptions/${o.id}/upgrade-product?respectTerminationPeriod=false` }) },
      { action: 'scheduleTermination', request: (o) => ({ path: `/subscriptions/${o.id}/terminate?respectTerminationPeriod=true` }) },
      { action: 'terminate', request: (o) => ({ path: `/subscriptions/${o.id}/terminate?respectTerminationPeriod=false` }) },
    ],
  },
  {
    table: subscriptionChargeLifecycle,
    base: '/subscriptions/charges',
    actions: [{ action: 'discard', request: (o) => ({ path: `/subscriptions/charges/${o.id}/discard` }) }],
  },
  {
    table: periodBillLifecycle,
    base: '/subscriptions/period-bills',
    actions: [{ action: 'close', request: (o) => ({ path: `/subscriptions/period-bills/${o.id}/close?currentDate=${future()}&createNextPeriod=true` }) }],
  },
  {
    table: dunningCaseLifecycle,
    base: '/payment/dunning-cases',
    actions: [{ action: 'suspend', request: (o) => ({ path: `/payment/dunning-cases/${o.id}/suspend` }) }],
  },
  {
    table: manualTaskLifecycle,
    base: '/manual-tasks',
    actions: [{ action: 'process', request: (o) => ({ path: `/manual-tasks/${o.id}/action/${o.actions?.[0]?.id ?? 1}` }) }],
  },
];

async function sampleIn(base: string, state: string): Promise<Obj | undefined> {
  const r = await call<{ data: Obj[] }>({ space, path: `${base}/search?query=state:${state}&limit=1` });
  expect(r.status, r.text).toBe(200);
  return r.body.data[0];
}

describe.each(cases)('refused transitions of $table.model', ({ table, base, actions }) => {
  it('refuses every action the table does not allow from each state, changing nothing', async () => {
    const states = [...new Set(Object.values(table.actions).flatMap((a) => [...a.from, a.to]))];
    let refusals = 0;
    for (const state of states) {
      const object = await sampleIn(base, state);
      if (!object) continue;
      for (const { action, request } of actions) {
        if (table.actions[action].from.includes(state)) continue;
        const r = await call<Obj>({ space, method: 'POST', ...request(object) });
        expect(r.status, `${action} from ${state}: ${r.text}`).toBe(422);
        expect(r.body.message).toContain(state);
        expect(r.body.message).toContain(action);
        const after = await call<Obj>({ space, path: `${base}/${object.id}` });
        expect([after.body.state, after.body.version]).toEqual([object.state, object.version]);
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThan(0);
  });
});

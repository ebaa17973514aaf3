// Fair use of the REST queue, attacked: one caller floods paygraph with a query of many REST calls
// while the REST API is slow; another caller's query is sent at the next free slot, not behind the
// flood. Order is read from the calls as they reach the REST client (no timing is asserted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import {
  apiKeyAuthenticator,
  generateApiKey,
  hashApiKey,
  parseKeysFile,
} from '../../src/server/auth/api-keys';
import { FairScheduler } from '../../src/server/context/fair-scheduler';
import { appOver, gql } from './support';
import { startWorld, type TestWorld } from '../support/world';

class StartOrder implements RestCaller {
  started: string[] = [];
  constructor(private readonly inner: RestCaller) {}
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    this.started.push(operationId);
    return this.inner.call(operationId, options);
  }
}

let world: TestWorld;
let faults: string;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  faults = `${new URL(world.sandbox.baseUrl).origin}/__admin/faults`;
});

afterAll(async () => {
  await world?.close();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the REST queue', () => {
  it("serves another caller's call at the next free slot while one caller floods it", async () => {
    const [flood, calm] = [generateApiKey(), generateApiKey()];
    const entries = parseKeysFile(
      JSON.stringify({
        keys: [
          { name: 'flood', hash: hashApiKey(flood), spaces: '*', scopes: ['read'] },
          { name: 'calm', hash: hashApiKey(calm), spaces: '*', scopes: ['read'] },
        ],
      }),
    );
    const order = new StartOrder(world.rest);
    const app = appOver(order, {
      authenticator: apiKeyAuthenticator(entries),
      env: { PAYGRAPH_REST_CONCURRENCY: '4' },
    });
    const space = world.sandbox.spaces[0];
    const fields = Array.from(
      { length: 25 },
      (_, i) => `t${i}: transactions(first: ${i + 1}) { nodes { restId } }`,
    ).join(' ');
    await fetch(faults, {
      method: 'PUT',
      body: JSON.stringify({
        latencyMs: 400,
        errorRate: 0,
        errorStatus: 503,
        errorCount: 0,
        dropRate: 0,
        dropCount: 0,
      }),
    });
    try {
      const flooding = gql(app, `{ space(id: ${space}) { ${fields} } }`, { headers: { 'x-api-key': flood } });
      await until(() => order.started.length >= 4);
      const calmAnswer = await gql(app, '{ countries { isoCode2 } }', { headers: { 'x-api-key': calm } });
      expect(calmAnswer.body.errors).toBeUndefined();
      const calmIndex = order.started.findIndex(
        (op) => !op.startsWith('searchTransactions') && !op.startsWith('listTransactions'),
      );
      // Four flood calls were in flight when the calm query arrived; it took one of the next slots
      // that came free (in FIFO order it would have started last, at 25).
      expect(calmIndex).toBeGreaterThanOrEqual(4);
      expect(calmIndex).toBeLessThan(10);
      expect((await flooding).body.errors).toBeUndefined();
      expect(order.started).toHaveLength(26);
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
  });

  it('answers calls still waiting for their turn at the deadline as TIMEOUT, not as unexpected errors', async () => {
    const app = appOver(world.rest, {
      env: { PAYGRAPH_REST_CONCURRENCY: '1', PAYGRAPH_REQUEST_TIMEOUT_MS: '300' },
    });
    const space = world.sandbox.spaces[0];
    const fields = [1, 2, 3].map((n) => `c${n}: customers(first: ${n}) { nodes { restId } }`).join(' ');
    await fetch(faults, {
      method: 'PUT',
      body: JSON.stringify({
        latencyMs: 1_000,
        errorRate: 0,
        errorStatus: 503,
        errorCount: 0,
        dropRate: 0,
        dropCount: 0,
      }),
    });
    try {
      const answer = await gql(app, `{ space(id: ${space}) { ${fields} } }`);
      const codes = new Set((answer.body.errors ?? []).map((e) => e.extensions?.code));
      expect(codes.has('TIMEOUT')).toBe(true);
      expect(codes.has('INTERNAL_SERVER_ERROR')).toBe(false);
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
  });

  it('admits callers in turn and never more than its bound at once', async () => {
    const scheduler = new FairScheduler(1);
    const started: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const work = (name: string) => async () => {
      started.push(name);
      await gate;
    };
    const all = [
      scheduler.run('a', work('a1')),
      scheduler.run('a', work('a2')),
      scheduler.run('a', work('a3')),
      scheduler.run('b', work('b1')),
      scheduler.run('c', work('c1')),
    ];
    expect(started).toEqual(['a1']);
    expect(scheduler.waiting).toBe(4);
    release();
    await Promise.all(all);
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3']);
  });

  it('gives the next slot to a caller with nothing running before one already running', async () => {
    const scheduler = new FairScheduler(2);
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const work = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name);
        gates.set(name, resolve);
      });
    const all = [
      scheduler.run('a', work('a1')),
      scheduler.run('a', work('a2')),
      scheduler.run('a', work('a3')),
    ];
    all.push(scheduler.run('b', work('b1')));
    expect(started).toEqual(['a1', 'a2']);
    gates.get('a1')!();
    await until(() => started.length === 3);
    // `a` still has a2 running and was first in turn; `b` has nothing running.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    gates.get('a2')!();
    await until(() => started.length === 4);
    for (const name of ['b1', 'a3']) gates.get(name)!();
    await Promise.all(all);
  });

  it('lets a waiting call leave when its request is aborted', async () => {
    const scheduler = new FairScheduler(1);
    let release: () => void = () => {};
    const busy = scheduler.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const waiting = scheduler.run('b', () => Promise.resolve('ran'), controller.signal);
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    expect(scheduler.waiting).toBe(0);
    release();
    await busy;
  });
});

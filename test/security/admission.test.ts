// Operation admission per caller: one caller's operations beyond PAYGRAPH_MAX_OPERATIONS_PER_CALLER
// wait in its own queue, beyond PAYGRAPH_OPERATION_QUEUE_PER_CALLER they are refused before their
// body is read, and another caller is answered meanwhile. The flood's REST calls are held at a gate
// in front of the real REST client until the test lets them go, so nothing here depends on timing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import { CallerConcurrency } from '../../src/server/admission/caller-concurrency';
import type { App } from '../../src/server/app';
import { appOver, gql, readCallers, send, until, type Answer } from './support';
import { startWorld, type TestWorld } from '../support/world';

/** Holds every call of a customer operation until `open()`; counts the calls it has seen start. */
class CustomerGate implements RestCaller {
  started: string[] = [];
  private opened = false;
  private readonly held: (() => void)[] = [];
  constructor(private readonly inner: RestCaller) {}
  async call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    this.started.push(operationId);
    const signal = options?.signal;
    if (!this.opened && /customer/i.test(operationId)) {
      // A held call ends when its request does, as a real one would.
      await new Promise<void>((resolve, reject) => {
        this.held.push(resolve);
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    }
    return this.inner.call(operationId, options);
  }
  /** Calls held (including ones whose request has ended since). */
  get holding(): number {
    return this.held.length;
  }
  open(): void {
    this.opened = true;
    for (const go of this.held.splice(0)) go();
  }
}

let world: TestWorld;

beforeAll(async () => {
  world = await startWorld({ graph: false });
});

afterAll(async () => {
  await world?.close();
});

/** A GraphQL POST whose body is a stream, so the test sees whether paygraph read it. */
function streamedRequest(
  app: App,
  query: string,
  key: string,
): { answer: Promise<Answer>; bodyRead: () => boolean } {
  let read = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ query })));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const answer = send(app, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': key },
    body,
    duplex: 'half',
  } as RequestInit);
  return { answer, bodyRead: () => read };
}

describe('operation admission per caller', () => {
  it("queues a caller's operations past its limit, refuses past its queue before reading the body, and answers another caller meanwhile", async () => {
    const { authenticator, keys } = readCallers('flood', 'calm');
    const [flood, calm] = [keys.flood, keys.calm];
    const gate = new CustomerGate(world.rest);
    const app = appOver(gate, {
      authenticator,
      env: { PAYGRAPH_MAX_OPERATIONS_PER_CALLER: '2', PAYGRAPH_OPERATION_QUEUE_PER_CALLER: '1' },
    });
    const floodQuery = `{ space(id: "${world.sandbox.spaces[0]}") { customers(first: 1) { nodes { restId } } } }`;
    const asFlood = { headers: { 'x-api-key': flood } };
    const running = [gql(app, floodQuery, asFlood), gql(app, floodQuery, asFlood)];
    await until(() => gate.holding === 2);
    // The third waits in the caller's queue, the fourth finds it full; which is which depends on
    // which reaches the door first. Their bodies are streams the test sees being read.
    const [third, fourth] = [
      streamedRequest(app, floodQuery, flood),
      streamedRequest(app, floodQuery, flood),
    ];
    const first = await Promise.race([third, fourth].map((r) => r.answer.then((answer) => ({ r, answer }))));
    const [refused, refusedOne, queuedOne] = [first.answer, first.r, first.r === third ? fourth : third];
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 1,
    });
    expect(refusedOne.bodyRead()).toBe(false);
    expect(queuedOne.bodyRead()).toBe(false);
    const queued = queuedOne.answer;

    // Another caller is admitted and answered while the flood's two run and its third waits.
    const calmAnswer = await gql(app, '{ countries { isoCode2 } }', { headers: { 'x-api-key': calm } });
    expect(calmAnswer.body.errors).toBeUndefined();
    expect(calmAnswer.body.data?.countries.length).toBeGreaterThan(0);
    expect(gate.holding).toBe(2);
    expect(gate.started.filter((op) => /customer/i.test(op))).toHaveLength(2);

    // Let the flood go: its queued operation runs after one of the first two ends.
    gate.open();
    for (const answer of await Promise.all([...running, queued])) {
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
    }
    expect(gate.started.filter((op) => /customer/i.test(op))).toHaveLength(3);
  });

  it('gives the slot of an operation whose client left to the next of its requests', async () => {
    const { authenticator, keys } = readCallers('leaver');
    const gate = new CustomerGate(world.rest);
    const app = appOver(gate, { authenticator, env: { PAYGRAPH_MAX_OPERATIONS_PER_CALLER: '1' } });
    const query = `{ space(id: "${world.sandbox.spaces[0]}") { customers(first: 1) { nodes { restId } } } }`;
    const leaving = new AbortController();
    const left = send(app, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': keys.leaver },
      body: JSON.stringify({ query }),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await until(() => gate.holding === 1);
    const next = gql(app, query, { headers: { 'x-api-key': keys.leaver } });
    leaving.abort(new Error('client went away'));
    // The next request reaches the REST API only once the first one's slot is back.
    await until(() => gate.started.filter((op) => /customer/i.test(op)).length === 2);
    gate.open();
    expect((await next).body.errors).toBeUndefined();
    await left;
  });

  it("admits a caller's queued operations in arrival order, one per slot given back", async () => {
    const admission = new CallerConcurrency({ perCaller: 1, queuePerCaller: 2 });
    const order: string[] = [];
    const first = await admission.admit('a')!;
    const second = admission.admit('a')!.then((release) => (order.push('second'), release));
    const third = admission.admit('a')!.then((release) => (order.push('third'), release));
    expect(admission.admit('a')).toBeNull();
    expect(admission.load('a')).toEqual({ running: 1, waiting: 2 });
    // Another caller is not behind `a`.
    (await admission.admit('b')!)();
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(admission.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('hands a released slot straight to the first waiter: a request arriving meanwhile queues behind it', async () => {
    const admission = new CallerConcurrency({ perCaller: 1, queuePerCaller: 2 });
    const first = await admission.admit('a')!;
    const woken = admission.admit('a')!;
    const controller = new AbortController();
    const leaving = admission.admit('a', controller.signal)!;
    first();
    // Before the woken request has run a line of its own, the slot is already its.
    expect(admission.admitNow('a')).toBeNull();
    controller.abort(new Error('gone'));
    await expect(leaving).rejects.toThrow('gone');
    expect(admission.load('a')).toEqual({ running: 1, waiting: 0 });
    (await woken)();
    expect(admission.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a waiting request leave when its client goes away, and a released slot is given back once', async () => {
    const admission = new CallerConcurrency({ perCaller: 1, queuePerCaller: 1 });
    const release = await admission.admit('a')!;
    const controller = new AbortController();
    const waiting = admission.admit('a', controller.signal)!;
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    release();
    release();
    expect(admission.load('a')).toEqual({ running: 0, waiting: 0 });
  });
});

// Every fault the sandbox can inject, seen through the client: timeouts, retried GETs, POSTs sent at
// most once, Retry-After, dropped connections, and abort propagation.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RestAbortedError, RestConnectionError, RestHttpError, RestTimeoutError } from '../../src/rest';
import { clientFor, putFaults, startSandbox, type RunningSandbox, type TestClient } from './helpers';

let sandbox: RunningSandbox;
let tc: TestClient;
let space: number;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seedSize: 'small' });
  tc = clientFor(sandbox);
  space = sandbox.spaces[0];
});

beforeEach(() => sandbox.requests.reset());
afterEach(() => sandbox.faults.clear());

/** How many requests for an operation reached the sandbox since the test began. */
const received = (operationId: string) => sandbox.requests.byOperation.get(operationId) ?? 0;

afterAll(async () => {
  await tc?.client.close();
  await sandbox?.close();
});

const lastEvent = () => tc.events.at(-1)!;
const marker = () => `faults-${process.pid}-${Math.random().toString(36).slice(2)}`;
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

/**
 * Aborts once the sandbox has the request (it is then held for its latency): a fixed delay from the
 * start could fall before the request left on a busy machine, or after the latency ran out.
 */
async function abortOnArrival(controller: AbortController, operationId: string): Promise<void> {
  while (received(operationId) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  controller.abort();
}

async function customersWith(customerId: string): Promise<number> {
  const found = await tc.client.call('searchCustomers', {
    space,
    query: { query: `customerId:"${customerId}"` },
  });
  return found.data?.length ?? 0;
}

describe('latency past the timeout', () => {
  it('ends in a headers timeout error, not retried', async () => {
    const slow = clientFor(sandbox, { timeouts: { headersMs: 100 } });
    sandbox.faults.set({ latencyMs: 300, match: { operationId: 'listSpaces' } });
    try {
      const err = await failureOf(slow.client.call('listSpaces'));
      expect(err).toBeInstanceOf(RestTimeoutError);
      expect(err).toMatchObject({
        code: 'REST_TIMEOUT',
        phase: 'headers',
        timeoutMs: 100,
        mayHaveReachedServer: true,
        attempts: 1,
      });
      expect(slow.events[0]).toMatchObject({ ok: false, attempts: 1, retries: 0, errorCode: 'REST_TIMEOUT' });
    } finally {
      await slow.client.close();
      sandbox.faults.clear();
    }
  });

  it('a retry gets at most what is left of the time budget', async () => {
    const budgeted = clientFor(sandbox, {
      timeouts: { headersMs: 5_000 },
      retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 3, maxRetryAfterMs: 1_000, budgetMs: 1_800 },
    });
    // The first answer (a 503) comes after 1.5 s; the retry would wait as long, past the budget.
    sandbox.faults.set({
      latencyMs: 1_500,
      errorCount: 1,
      errorStatus: 503,
      match: { operationId: 'listSpaces' },
    });
    try {
      const err = await failureOf(budgeted.client.call('listSpaces'));
      expect(err).toMatchObject({ code: 'REST_TIMEOUT', phase: 'headers', attempts: 2 });
      expect((err as RestTimeoutError).timeoutMs).toBeLessThan(1_800);
    } finally {
      await budgeted.client.close();
      sandbox.faults.clear();
    }
  });
});

describe('503', () => {
  it('on GET is retried and then succeeds (errorCount 2)', async () => {
    await putFaults(sandbox, { errorStatus: 503, errorCount: 2, match: { method: 'GET' } });
    const spaces = await tc.client.call('listSpaces', { query: { limit: 1 } });
    expect(spaces.data).toHaveLength(1);
    expect(lastEvent()).toMatchObject({ ok: true, status: 200, attempts: 3, retries: 2 });
    expect(received('listSpaces')).toBe(3);
  });

  it('on GET is reported after the last attempt', async () => {
    sandbox.faults.set({ errorStatus: 503, errorCount: 10, match: { method: 'GET' } });
    const err = await failureOf(tc.client.call('listSpaces'));
    expect(err).toBeInstanceOf(RestHttpError);
    expect(err).toMatchObject({ status: 503, attempts: 3 });
    expect(lastEvent()).toMatchObject({ ok: false, status: 503, attempts: 3, retries: 2 });
  });

  it('on POST is not retried and is reported; nothing is created', async () => {
    const customerId = marker();
    sandbox.faults.set({ errorStatus: 503, errorCount: 1, match: { method: 'POST' } });
    const err = await failureOf(tc.client.call('createCustomer', { space, body: { customerId } }));
    expect(err).toBeInstanceOf(RestHttpError);
    expect(err).toMatchObject({ status: 503, attempts: 1, operationId: 'createCustomer' });
    expect(lastEvent()).toMatchObject({ attempts: 1, retries: 0 });
    expect(received('createCustomer')).toBe(1);
    sandbox.faults.clear();
    // Had the client sent it again, the second send (no fault left) would have created it.
    expect(await customersWith(customerId)).toBe(0);
  });
});

describe('429 with Retry-After', () => {
  it('is waited for, then the GET succeeds', async () => {
    sandbox.faults.set({
      errorStatus: 429,
      errorCount: 1,
      retryAfterSeconds: 1,
      match: { operationId: 'listSpaces' },
    });
    await tc.client.call('listSpaces', { query: { limit: 1 } });
    expect(lastEvent()).toMatchObject({ ok: true, attempts: 2, retries: 1 });
    // The wait came from the header (1 s), not from the 5-20 ms backoff configured for tests.
    expect(lastEvent().durationMs).toBeGreaterThanOrEqual(990);
  });

  it('longer than the cap is reported with its retryAfterMs instead of waited for', async () => {
    sandbox.faults.set({
      errorStatus: 429,
      errorCount: 1,
      retryAfterSeconds: 30,
      match: { operationId: 'listSpaces' },
    });
    const err = await failureOf(tc.client.call('listSpaces'));
    expect(err).toMatchObject({ status: 429, retryAfterMs: 30_000, attempts: 1 });
  });
});

describe('dropped connection', () => {
  it('on GET is retried', async () => {
    sandbox.faults.set({ dropCount: 1, match: { method: 'GET' } });
    const spaces = await tc.client.call('listSpaces', { query: { limit: 1 } });
    expect(spaces.data).toHaveLength(1);
    expect(lastEvent()).toMatchObject({ ok: true, attempts: 2, retries: 1 });
    expect(received('listSpaces')).toBe(2);
  });

  it('on POST is not retried: reported as a connection error whose outcome is unknown', async () => {
    const customerId = marker();
    sandbox.faults.set({ dropCount: 1, match: { method: 'POST' } });
    const err = await failureOf(tc.client.call('createCustomer', { space, body: { customerId } }));
    expect(err).toBeInstanceOf(RestConnectionError);
    expect(err).toMatchObject({ code: 'REST_CONNECTION', mayHaveReachedServer: true, attempts: 1 });
    expect(lastEvent()).toMatchObject({ attempts: 1, retries: 0, errorCode: 'REST_CONNECTION' });
    expect(received('createCustomer')).toBe(1);
    sandbox.faults.clear();
    expect(await customersWith(customerId)).toBeLessThanOrEqual(1);
  });
});

describe('abort', () => {
  it('mid-latency ends the call at once with an aborted error and frees its slot', async () => {
    const customerId = marker();
    sandbox.faults.set({ latencyMs: 5_000, match: { method: 'POST' } });
    const controller = new AbortController();
    const pending = failureOf(
      tc.client.call('createCustomer', { space, body: { customerId }, signal: controller.signal }),
    );
    void abortOnArrival(controller, 'createCustomer');
    const err = await pending;
    expect(err).toBeInstanceOf(RestAbortedError);
    expect(err).toMatchObject({ code: 'REST_ABORTED', attempts: 1 });
    expect(tc.client.load).toEqual({ inFlight: 0, waiting: 0 });
    expect(received('createCustomer')).toBe(1);
  });

  it('mid-latency stops the request in the sandbox too: the abandoned create never happens', async () => {
    const customerId = marker();
    sandbox.faults.set({ latencyMs: 1_000, match: { method: 'POST' } });
    const controller = new AbortController();
    const pending = failureOf(
      tc.client.call('createCustomer', { space, body: { customerId }, signal: controller.signal }),
    );
    void abortOnArrival(controller, 'createCustomer');
    expect(await pending).toBeInstanceOf(RestAbortedError);
    sandbox.faults.clear();
    await new Promise((resolve) => setTimeout(resolve, 1_300)); // past the latency the request was held for
    expect(await customersWith(customerId)).toBe(0);
  });

  it('while waiting for a retry stops the retries', async () => {
    sandbox.faults.set({
      errorStatus: 429,
      errorCount: 1,
      retryAfterSeconds: 2,
      match: { operationId: 'listSpaces' },
    });
    const controller = new AbortController();
    // Aborted well inside the 2 s wait: 300 ms after the 429's headers arrived (a fixed delay from the
    // start would land in the first attempt on a busy machine).
    const answered = new Promise<void>((resolve) => {
      const onHeaders = () => {
        unsubscribe('undici:request:headers', onHeaders);
        resolve();
      };
      subscribe('undici:request:headers', onHeaders);
    });
    const pending = failureOf(tc.client.call('listSpaces', { signal: controller.signal }));
    void answered.then(() => setTimeout(() => controller.abort(), 300));
    expect(await pending).toMatchObject({ code: 'REST_ABORTED', attempts: 1 });
    expect(lastEvent()).toMatchObject({ attempts: 1, retries: 1, errorCode: 'REST_ABORTED' });
  });

  it("one operation's signal shared by many calls ends every call in flight, and only those", async () => {
    const operation = new AbortController();
    // A call finished before the abort is not touched by it.
    expect(
      await tc.client.call('listSpaces', { query: { limit: 1 }, signal: operation.signal }),
    ).toBeDefined();
    sandbox.faults.set({ latencyMs: 5_000, match: { operationId: 'listSpaces' } });
    const other = new AbortController();
    const unrelated = tc.client.call('listSpaces', { query: { limit: 1 }, signal: other.signal });
    const pending = Array.from({ length: 3 }, () =>
      failureOf(tc.client.call('listSpaces', { signal: operation.signal })),
    );
    setTimeout(() => operation.abort(), 50);
    for (const err of await Promise.all(pending))
      expect(err).toMatchObject({ code: 'REST_ABORTED', attempts: 1 });
    expect(tc.client.load).toEqual({ inFlight: 1, waiting: 0 });
    sandbox.faults.clear();
    other.abort();
    expect(await failureOf(unrelated)).toMatchObject({ code: 'REST_ABORTED' });
    expect(tc.client.load).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('already aborted sends nothing', async () => {
    const err = await failureOf(tc.client.call('listSpaces', { signal: AbortSignal.abort() }));
    expect(err).toMatchObject({ code: 'REST_ABORTED', attempts: 0 });
  });
});

describe('the in-flight bound', () => {
  it('queues calls beyond maxInFlight and runs them all', async () => {
    const narrow = clientFor(sandbox, { maxInFlight: 2 });
    sandbox.faults.set({ latencyMs: 50, match: { operationId: 'listSpaces' } });
    try {
      const calls = Array.from({ length: 6 }, () =>
        narrow.client.call('listSpaces', { query: { limit: 1 } }),
      );
      expect(narrow.client.load).toMatchObject({ waiting: 4 });
      await Promise.all(calls);
      expect(narrow.events.filter((e) => e.ok)).toHaveLength(6);
    } finally {
      await narrow.client.close();
    }
  });
});

describe('a call waiting for a slot', () => {
  it('leaves the queue when aborted, having sent nothing', async () => {
    const single = clientFor(sandbox, { maxInFlight: 1 });
    sandbox.faults.set({ latencyMs: 200, match: { operationId: 'listSpaces' } });
    try {
      const first = single.client.call('listSpaces', { query: { limit: 1 } });
      const controller = new AbortController();
      const queued = failureOf(single.client.call('listSpaces', { signal: controller.signal }));
      expect(single.client.load).toEqual({ inFlight: 1, waiting: 1 });
      controller.abort();
      expect(await queued).toMatchObject({ code: 'REST_ABORTED', attempts: 0 });
      expect(single.client.load).toEqual({ inFlight: 1, waiting: 0 });
      await first;
      expect(received('listSpaces')).toBe(1);
    } finally {
      await single.client.close();
    }
  });
});

describe('no server listening', () => {
  it('is a connection error that never reached the server: GET retried, POST not', async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const nowhere = clientFor(sandbox, { baseUrl: `http://127.0.0.1:${port}/api/v2.0` });
    try {
      const get = await failureOf(nowhere.client.call('listSpaces'));
      expect(get).toBeInstanceOf(RestConnectionError);
      expect(get).toMatchObject({ code: 'REST_CONNECTION', mayHaveReachedServer: false, attempts: 3 });
      const post = await failureOf(
        nowhere.client.call('createCustomer', { space, body: { customerId: marker() } }),
      );
      expect(post).toMatchObject({ code: 'REST_CONNECTION', mayHaveReachedServer: false, attempts: 1 });
    } finally {
      await nowhere.client.close();
    }
  });
});

describe('close', () => {
  it('refuses calls made after it, and a throwing onCall hook never fails a call', async () => {
    const closing = clientFor(sandbox, {
      onCall: () => {
        throw new Error('metrics backend down');
      },
    });
    await expect(closing.client.call('listSpaces', { query: { limit: 1 } })).resolves.toMatchObject({
      data: expect.any(Array),
    });
    await closing.client.close();
    await expect(closing.client.call('listSpaces')).rejects.toMatchObject({
      code: 'REST_ABORTED',
      message: expect.stringMatching(/closed/),
    });
  });
});

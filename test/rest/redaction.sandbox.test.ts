// No secret leaves the client: neither the base64 key, nor the decoded key, nor any bearer token
// that went on the wire appears in call events, errors (message, stack, JSON, inspect, cause) or
// anything written to the console or stdout/stderr while the calls ran.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperationId, RestError } from '../../src/rest';
import { clientFor, recordSent, startSandbox, type RunningSandbox, type TestClient } from './helpers';

let sandbox: RunningSandbox;
const output: string[] = [];
const errors: unknown[] = [];
const clients: TestClient[] = [];
const wire = recordSent();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  wire.stop();
  for (const tc of clients) await tc.client.close();
  await sandbox?.close();
});

function capture<T extends object>(target: T, method: keyof T): void {
  const original = target[method] as unknown as (...args: unknown[]) => unknown;
  vi.spyOn(target, method as never).mockImplementation(((...args: unknown[]) => {
    output.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 6 }))).join(' '));
    return original.apply(target, args);
  }) as never);
}

/** Every textual form an error can take in a log line or a GraphQL response. */
function renderings(err: unknown): string[] {
  const e = err as RestError;
  return [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e),
    inspect(e, { depth: 8, showHidden: true }),
    inspect(e.cause, { depth: 8 }),
  ];
}

describe('redaction', () => {
  it('keeps the key and every bearer token out of events, errors and output', async () => {
    for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) capture(console, m);
    capture(process.stdout, 'write');
    capture(process.stderr, 'write');

    const tc = clientFor(sandbox, { timeouts: { headersMs: 100 } });
    const wrongKey = Buffer.from('a wrong key for the redaction test').toString('base64');
    const wrong = clientFor(sandbox, { authKey: wrongKey });
    clients.push(tc, wrong);
    const space = sandbox.spaces[0];
    const attempt = async (p: Promise<unknown>) => p.catch((e: unknown) => errors.push(e));

    await attempt(tc.client.call('listSpaces', { query: { limit: 1 } }));
    await attempt(tc.client.call('getCustomer', { space, path: { id: 987654321 } })); // 404
    await attempt(tc.client.call<OperationId>('createCustomer', { space, body: { emailAddress: 42 } })); // 400
    await attempt(wrong.client.call('listSpaces')); // 401
    await attempt(tc.client.call('listCustomers', {})); // refused before sending
    sandbox.faults.set({ latencyMs: 500, match: { operationId: 'listSpaces' } });
    await attempt(tc.client.call('listSpaces')); // timeout
    sandbox.faults.set({ latencyMs: 0, dropCount: 1, match: { method: 'POST' } });
    await attempt(tc.client.call('createCustomer', { space, body: { customerId: 'redaction' } })); // dropped
    sandbox.faults.set({ dropCount: 0, errorStatus: 503, errorCount: 5, match: { method: 'GET' } });
    await attempt(tc.client.call('listSpaces')); // 503 after retries
    sandbox.faults.clear();
    await attempt(tc.client.call('listSpaces', { signal: AbortSignal.abort() })); // aborted
    vi.restoreAllMocks();

    const tokens = wire.sent
      .map((r) => r.headers.authorization?.replace(/^Bearer /, ''))
      .filter((t): t is string => !!t);
    expect(tokens.length).toBeGreaterThanOrEqual(8);
    expect(errors.length).toBeGreaterThanOrEqual(7);
    const user = sandbox.users[0];
    const secrets = [
      user.key,
      Buffer.from(user.key, 'base64').toString('utf8'),
      Buffer.from(user.key, 'base64').toString('hex'),
      wrongKey,
      Buffer.from(wrongKey, 'base64').toString('utf8'),
      ...tokens,
      ...tokens.map((t) => t.split('.')[2]),
    ];
    const haystack = [
      ...output,
      ...errors.flatMap(renderings),
      ...clients.flatMap((c) => c.events.map((e) => JSON.stringify(e))),
      inspect(
        clients.map((c) => c.client),
        { depth: 4 },
      ),
    ].join('\n');
    expect(haystack.length).toBeGreaterThan(1000);
    for (const secret of secrets)
      expect(haystack.includes(secret), 'a secret appears in captured output').toBe(false);
    expect(haystack).not.toMatch(/authorization|bearer/i);
  });
});

// Limits and error statuses of the specification, each with the {id, date, code, message, errors} body.
import { describe, expect, it } from 'vitest';
import { signedFetch } from './support/signed-fetch';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false, settings: { rateLimitPerSecond: 1000 } });
type ErrorBody = { id: string; date: string; code: string; message: string; errors: Record<string, string> };

function expectErrorBody(body: ErrorBody, code: string): void {
  expect(Object.keys(body).sort()).toEqual(['code', 'date', 'errors', 'id', 'message']);
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
}

describe('metadata limits', () => {
  const create = (metaData: Record<string, string>) =>
    f.call<ErrorBody>({
      method: 'POST',
      path: '/customers',
      space: f.space,
      body: { givenName: 'M', metaData },
    });

  it('accepts 25 keys of 40 characters with 512-character values', async () => {
    const meta = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`k${i}`.padEnd(40, 'x'), 'v'.repeat(512)]),
    );
    expect((await create(meta)).status).toBe(200);
  });

  it('refuses a 26th key', async () => {
    const r = await create(Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`k${i}`, 'v'])));
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('metaData');
  });

  it('names a key longer than 40 characters', async () => {
    const key = 'k'.repeat(41);
    const r = await create({ [key]: 'v' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(key);
  });

  it('names the key of a value longer than 512 characters', async () => {
    const r = await create({ note: 'v'.repeat(513) });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty(['metaData.note']);
  });
});

describe('request format errors', () => {
  it('406 when Accept excludes JSON', async () => {
    const r = await f.call<ErrorBody>({ path: '/accounts', headers: { accept: 'text/html' } });
    expect(r.status).toBe(406);
  });

  it('415 when the body is not JSON', async () => {
    const r = await f.call<ErrorBody>({
      method: 'POST',
      path: '/customers',
      space: f.space,
      rawBody: 'givenName=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(415);
    expectErrorBody(r.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('400 for malformed JSON', async () => {
    const r = await f.call<ErrorBody>({
      method: 'POST',
      path: '/customers',
      space: f.space,
      rawBody: '{"givenName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expectErrorBody(r.body, 'BAD_REQUEST');
  });

  it('400 naming the field of a wrong type', async () => {
    const r = await f.call<ErrorBody>({
      method: 'POST',
      path: '/customers',
      space: f.space,
      body: { givenName: 42 },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('givenName');
    expect(r.body.message).toContain('givenName');
  });

  it('400 naming a nested field', async () => {
    const r = await f.call<ErrorBody>({
      method: 'POST',
      path: '/payment/transactions',
      space: f.space,
      body: {
        currency: 'CHF',
        lineItems: [{ name: 'x', quantity: 'one', amountIncludingTax: 1, type: 'PRODUCT', uniqueId: 'a' }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty(['lineItems[0].quantity']);
  });

  it('410 for another API version', async () => {
    const r = await fetch(`${f.sandbox.origin}/api/v1.0/accounts`);
    expect(r.status).toBe(410);
    expectErrorBody((await r.json()) as ErrorBody, 'GONE');
  });

  it('400 for an unknown query parameter, naming it', async () => {
    const r = await f.call<ErrorBody>({ path: '/accounts?limt=5' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('limt');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the allowance of a user', async () => {
    const { startSandbox } = await import('../../src/sandbox');
    const limited = await startSandbox({ settings: { rateLimitPerSecond: 5 } });
    try {
      const [user] = limited.users;
      const results = await Promise.all(
        Array.from({ length: 15 }, () =>
          signedFetch(limited.origin, { path: '/accounts' }, { userId: user.id, key: user.key }),
        ),
      );
      const limitedOnes = results.filter((r) => r.status === 429);
      expect(limitedOnes.length).toBeGreaterThan(0);
      expect(Number(limitedOnes[0].headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

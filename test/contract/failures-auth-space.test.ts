// Failure cases of authentication (issue item 2) and the space header (item 3) that the core tests
// (test/sandbox/core-auth, core-space) leave out: missing claims, other schemes, the configurable
// iat window, and space isolation of writes and lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { client, signedFetch, type SignOptions } from '../sandbox/support/signed-fetch';

type ErrorBody = { id: string; date: string; code: string; message: string; errors: Record<string, string> };
type Customer = { id: number; version: number; givenName?: string };

let sandbox: RunningSandbox;
let sign: SignOptions;
let call: ReturnType<typeof client>;

beforeAll(async () => {
  sandbox = await startSandbox({ settings: { iatWindowSeconds: 60 } });
  const [user] = sandbox.users;
  sign = { userId: user.id, key: user.key };
  call = client(sandbox.origin, sign);
});

afterAll(async () => {
  await sandbox?.close();
});

const expect401 = (status: number, body: ErrorBody) => {
  expect(status).toBe(401);
  expect(body.code).toBe('UNAUTHORIZED');
};

describe('authentication failures', () => {
  it.each(['sub', 'iat', 'requestPath', 'requestMethod'])(
    'refuses a token without the %s claim',
    async (claim) => {
      const r = await signedFetch<ErrorBody>(
        sandbox.origin,
        { path: '/accounts' },
        { ...sign, claims: { [claim]: undefined } },
      );
      expect401(r.status, r.body);
    },
  );

  it('refuses a token without the ver header', async () => {
    const r = await signedFetch<ErrorBody>(
      sandbox.origin,
      { path: '/accounts' },
      { ...sign, header: { ver: undefined } },
    );
    expect401(r.status, r.body);
  });

  it('refuses an Authorization scheme other than Bearer', async () => {
    const basic = `Basic ${Buffer.from(`${sign.userId}:${sign.key}`).toString('base64')}`;
    const r = await signedFetch<ErrorBody>(
      sandbox.origin,
      { path: '/accounts', headers: { authorization: basic } },
      { ...sign, omitAuthorization: true },
    );
    expect401(r.status, r.body);
  });

  it('refuses a token signed with a key that is not base64-decoded first', async () => {
    const r = await signedFetch<ErrorBody>(
      sandbox.origin,
      { path: '/accounts' },
      { ...sign, key: Buffer.from(sign.key, 'utf8').toString('base64') },
    );
    expect401(r.status, r.body);
  });

  it('applies the configured iat window (60 s here): a 2-minute-old token is refused', async () => {
    const iat = Math.floor(Date.now() / 1000) - 120;
    const r = await signedFetch<ErrorBody>(
      sandbox.origin,
      { path: '/accounts' },
      { ...sign, claims: { iat } },
    );
    expect401(r.status, r.body);
    const fresh = await signedFetch(
      sandbox.origin,
      { path: '/accounts' },
      { ...sign, claims: { iat: iat + 90 } },
    );
    expect(fresh.status).toBe(200);
  });

  it('never echoes the authentication key in the error', async () => {
    const r = await signedFetch<ErrorBody>(
      sandbox.origin,
      { path: '/accounts' },
      { ...sign, claims: { sub: 'nobody' } },
    );
    expect(r.status).toBe(401);
    expect(r.text).not.toContain(sign.key);
  });
});

describe('space isolation of writes and lists', () => {
  let here: number;
  let there: number;
  let customer: Customer;

  beforeAll(async () => {
    [here, there] = sandbox.spaces;
    const r = await call<Customer>({
      method: 'POST',
      path: '/customers',
      space: here,
      body: { givenName: 'Isolated' },
    });
    customer = r.body;
  });

  it('answers 404 to an update from another space and changes nothing', async () => {
    const r = await call<ErrorBody>({
      method: 'PATCH',
      path: `/customers/${customer.id}`,
      space: there,
      body: { version: customer.version, givenName: 'Intruder' },
    });
    expect(r.status).toBe(404);
    const now = await call<Customer>({ path: `/customers/${customer.id}`, space: here });
    expect(now.body).toMatchObject({ version: customer.version, givenName: 'Isolated' });
  });

  it('answers 404 to a delete from another space and keeps the object', async () => {
    const r = await call<ErrorBody>({ method: 'DELETE', path: `/customers/${customer.id}`, space: there });
    expect(r.status).toBe(404);
    expect((await call({ path: `/customers/${customer.id}`, space: here })).status).toBe(200);
  });

  it('leaves the object out of the lists of another space', async () => {
    const list = await call<{ data: Customer[] }>({
      path: `/customers?after=${customer.id - 1}&limit=100`,
      space: there,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => c.id)).not.toContain(customer.id);
  });

  it('refuses a nested object through a parent of another space', async () => {
    const r = await call<ErrorBody>({ path: `/customers/${customer.id}/addresses`, space: there });
    expect(r.status).toBe(404);
  });

  it.each(['-3', '1.5', '12abc'])('refuses the space header "%s" with 400', async (value) => {
    const r = await call<ErrorBody>({ path: '/customers', space: value });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('space');
  });
});

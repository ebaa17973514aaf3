// Typed calls against the real sandbox: what goes on the wire (space header rules, query strings)
// and how answers come back (JSON, text/csv, 204, the RestError for every non-2xx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestHttpError, RestInvalidCallError, type OperationId } from '../../src/rest';
import {
  clientFor,
  rawRequest,
  recordSent,
  signClaims,
  startSandbox,
  nowSeconds,
  type RunningSandbox,
  type TestClient,
} from './helpers';

let sandbox: RunningSandbox;
let tc: TestClient;
let space: number;
const wire = recordSent();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  tc = clientFor(sandbox);
  space = sandbox.spaces[0];
});

afterAll(async () => {
  wire.stop();
  await tc?.client.close();
  await sandbox?.close();
});

const lastSent = () => wire.sent.at(-1)!;
const marker = () => `rest-client-${process.pid}-${Math.random().toString(36).slice(2)}`;

describe('the space header', () => {
  it('is sent on space-scoped operations', async () => {
    const page = await tc.client.call('listCustomers', { space, query: { limit: 1 } });
    expect(page.data).toHaveLength(1);
    expect(lastSent()).toMatchObject({
      method: 'GET',
      path: '/api/v2.0/customers?limit=1',
      headers: { space: String(space) },
    });
  });

  it('is never sent on the others', async () => {
    await tc.client.call('listSpaces', { query: { limit: 1 } });
    expect(lastSent().path).toBe('/api/v2.0/spaces?limit=1');
    expect(lastSent().headers).not.toHaveProperty('space');
    await tc.client.call('listCountries');
    expect(lastSent().headers).not.toHaveProperty('space');
  });

  it('missing on a space-scoped call is refused before sending', async () => {
    const before = wire.sent.length;
    const err = await tc.client.call('listCustomers', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestInvalidCallError);
    expect(err).toMatchObject({ code: 'REST_INVALID_CALL', errors: { space: 'is required' }, attempts: 0 });
    expect(wire.sent.length).toBe(before);
    expect(tc.events.at(-1)).toMatchObject({
      operationId: 'listCustomers',
      attempts: 0,
      errorCode: 'REST_INVALID_CALL',
    });
  });

  it('is not sent, and neither is a JWT, where credentials in the path authorize the call', async () => {
    const [id] = Object.values(sandbox.seedSummary.perSpace[space].sampleTransactionIds);
    const credentials = await tc.client.call('getTransactionCredentials', { space, path: { id: id } });
    const transaction = await tc.client.call('getTransactionByCredentials', {
      path: { credentials: String(credentials) },
    });
    expect(transaction).toMatchObject({ id, linkedSpaceId: space });
    expect(lastSent().headers).not.toHaveProperty('space');
    expect(lastSent().headers).not.toHaveProperty('authorization');
    const err = await tc.client
      .call('getTransactionByCredentials', { space, path: { credentials: String(credentials) } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'REST_INVALID_CALL', errors: { space: 'must not be given' } });
  });

  it('never puts credentials into an error or an event', async () => {
    const [id] = Object.values(sandbox.seedSummary.perSpace[space].sampleTransactionIds);
    const credentials = String(
      await tc.client.call('getTransactionCredentials', { space, path: { id: id } }),
    );
    const forged = `${credentials.slice(0, -4)}AAAA`;
    const err = (await tc.client
      .call('getTransactionByCredentials', { path: { credentials: forged } })
      .catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ status: 401 });
    const seen = [err.message, err.stack, JSON.stringify(err), JSON.stringify(tc.events)].join('\n');
    expect(seen).toContain('/by-credentials/{credentials}');
    expect(seen).not.toContain(forged.slice(0, 24));
    expect(seen).not.toContain(credentials.slice(0, 24));
  });

  it('missing on a raw request is answered 400 by the sandbox', async () => {
    const path = '/api/v2.0/customers?limit=1';
    const token = await signClaims(sandbox.users[0].key, {
      sub: sandbox.users[0].id,
      iat: nowSeconds(),
      requestPath: path,
      requestMethod: 'GET',
    });
    const res = await rawRequest(sandbox, 'GET', path, {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    });
    expect(res.status).toBe(400);
  });
});

describe('query strings on the wire', () => {
  it('sends expand comma-joined and the search query and order only URL-encoded', async () => {
    const query = `id:>0 OR customerEmailAddress:"a b"`;
    const found = await tc.client.call('searchTransactions', {
      space,
      query: { query, order: 'id:DESC', limit: 2, expand: ['token', 'paymentConnectorConfiguration'] },
    });
    expect(found.data?.length).toBeGreaterThan(0);
    const sent = lastSent().path;
    expect(sent).toContain('?expand=token,paymentConnectorConfiguration&');
    expect(new URL(sent, 'http://x').searchParams.get('query')).toBe(query);
    expect(new URL(sent, 'http://x').searchParams.get('order')).toBe('id:DESC');
  });
});

describe('results', () => {
  it('returns the typed JSON object of a retrieve and reports the call', async () => {
    const [first] = (await tc.client.call('listCustomers', { space, query: { limit: 1 } })).data!;
    const customer = await tc.client.call('getCustomer', { space, path: { id: first.id! } });
    expect(customer.id).toBe(first.id);
    expect(tc.events.at(-1)).toMatchObject({
      operationId: 'getCustomer',
      route: '/api/v2.0/customers/{id}',
      ok: true,
      status: 200,
      attempts: 1,
      space: String(space),
    });
    expect(tc.events.at(-1)!.bytesIn).toBeGreaterThan(0);
  });

  it('creates with a JSON body (bytes out reported)', async () => {
    const customerId = marker();
    const created = await tc.client.call('createCustomer', {
      space,
      body: { customerId, emailAddress: 'rest@client.example' },
    });
    expect(created).toMatchObject({ customerId });
    expect(tc.events.at(-1)!.bytesOut).toBeGreaterThan(customerId.length);
  });

  it('returns a text/csv body (the transaction export) as a string, not parsed', async () => {
    const csv = await tc.client.call('exportTransactions', {
      space,
      query: { fields: ['id', 'state'], limit: 3, order: 'id:ASC' },
    });
    expect(typeof csv).toBe('string');
    const lines = String(csv).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/id.*state/i);
    expect(lines.length).toBeGreaterThan(1);
    expect(lastSent().path).toBe(
      '/api/v2.0/payment/transactions/export?fields=id&fields=state&limit=3&order=id%3AASC',
    );
    expect(lastSent().headers.accept).toBe('text/csv');
  });
});

describe('errors', () => {
  it('turn a 404 into a RestHttpError with the body id, code and message, never the token', async () => {
    const err = (await tc.client
      .call('getCustomer', { space, path: { id: 987654321 } })
      .catch((e: unknown) => e)) as RestHttpError;
    expect(err).toBeInstanceOf(RestHttpError);
    expect(err).toMatchObject({
      code: 'REST_HTTP_STATUS',
      status: 404,
      operationId: 'getCustomer',
      method: 'GET',
      path: '/api/v2.0/customers/987654321',
      upstream: { code: 'NOT_FOUND', message: expect.any(String), id: expect.any(String) },
    });
    expect(err.message).toContain('404');
  });

  it('carry the errors map of a 400 naming the bad query parameter', async () => {
    const err = (await tc.client
      .call('searchCustomers', { space, query: { query: 'id:(' } })
      .catch((e: unknown) => e)) as RestHttpError;
    expect(err).toBeInstanceOf(RestHttpError);
    expect(err.status).toBe(400);
    expect(err.upstream?.message).toBeTruthy();
    const badBody = (await tc.client
      .call<OperationId>('createCustomer', { space, body: { emailAddress: 42 } })
      .catch((e: unknown) => e)) as RestHttpError;
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.errors).join(' ')).toMatch(/emailAddress/);
  });

  it('refuse a response body larger than maxResponseBytes', async () => {
    const small = clientFor(sandbox, { maxResponseBytes: 64 });
    try {
      await expect(small.client.call('listSpaces', { query: { limit: 5 } })).rejects.toMatchObject({
        code: 'REST_INVALID_RESPONSE',
        message: expect.stringMatching(/larger than the configured maxResponseBytes/),
      });
    } finally {
      await small.client.close();
    }
  });
});

// What is refused before anything is sent: unknown operations, space rules, body rules, bad params.
import { describe, expect, it } from 'vitest';
import { RestInvalidCallError } from '../../src/rest/errors';
import { prepareCall } from '../../src/rest/prepare';

const BASE = '/api/v2.0';

function refusal(fn: () => unknown): RestInvalidCallError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestInvalidCallError) return err;
    throw err;
  }
  throw new Error('expected the call to be refused');
}

describe('prepareCall', () => {
  it('builds the final path, the space header and the accept type from the catalog', () => {
    const call = prepareCall(
      'getTransaction',
      { path: { id: 5 }, query: { expand: ['token'] }, space: 3 },
      BASE,
    );
    expect(call).toMatchObject({
      requestPath: '/api/v2.0/payment/transactions/5?expand=token',
      space: '3',
      accept: 'application/json',
    });
    expect(prepareCall('exportTransactions', { space: '3' }, BASE).accept).toBe('text/csv');
    expect(prepareCall('listSpaces', {}, BASE).space).toBeUndefined();
  });

  it('requires a space on space-scoped operations and refuses one on the others', () => {
    const missing = refusal(() => prepareCall('getTransaction', { path: { id: 5 } }, BASE));
    expect(missing).toMatchObject({
      code: 'REST_INVALID_CALL',
      errors: { space: 'is required' },
      attempts: 0,
    });
    expect(missing.message).toMatch(/getTransaction: is space-scoped/);
    expect(refusal(() => prepareCall('getSpace', { path: { id: 1 }, space: 1 }, BASE)).errors).toEqual({
      space: 'must not be given',
    });
    for (const space of ['abc', 0, -1, 1.5, '1 2']) {
      expect(refusal(() => prepareCall('listCustomers', { space }, BASE)).errors.space).toMatch(
        /must be a positive integer id/,
      );
    }
  });

  it('serialises bodies losslessly and enforces body presence rules', () => {
    const create = prepareCall('createSpace', { body: { name: 'S', account: 9007199254740993n } }, BASE);
    expect(create.body).toBe('{"name":"S","account":9007199254740993}');
    expect(refusal(() => prepareCall('createSpace', {}, BASE)).errors).toEqual({ body: 'is required' });
    expect(refusal(() => prepareCall('getSpace', { path: { id: 1 }, body: {} }, BASE)).errors).toEqual({
      body: 'must not be given',
    });
    expect(refusal(() => prepareCall('createSpace', { body: { n: Number.NaN } }, BASE)).errors.body).toMatch(
      /NaN/,
    );
  });

  it('names the unknown operation and every bad parameter', () => {
    expect(refusal(() => prepareCall('getTransactionz', {}, BASE)).errors).toEqual({
      operationId: 'is unknown',
    });
    const bad = refusal(() =>
      prepareCall('searchCustomers', { query: { limit: 'x', sort: 'a' }, space: 1 }, BASE),
    );
    expect(bad.errors).toEqual({
      sort: expect.stringMatching(/not a query parameter/),
      limit: 'must be an integer (got "x")',
    });
    expect(bad.path).toBe('/api/v2.0/customers/search');
  });
});

describe('ids past 2^53', () => {
  it('are refused as JS numbers in paths and queries, where they have already lost digits', () => {
    // The digits lost on the way in are what the client must refuse.
    // eslint-disable-next-line no-loss-of-precision
    const path = { id: 9007199254740993 };
    const err = refusal(() => prepareCall('getTransaction', { path, space: 1 }, BASE));
    expect(err.errors.id).toMatch(/past 2\^53/);
    expect(
      refusal(() => prepareCall('listCustomers', { query: { after: 2 ** 60 }, space: 1 }, BASE)).errors.after,
    ).toMatch(/past 2\^53/);
    expect(
      refusal(() => prepareCall('createSpace', { body: { name: 'S', account: 2 ** 60 } }, BASE)).errors.body,
    ).toMatch(/past 2\^53/);
  });

  it('go out exactly as bigint or digit strings', () => {
    expect(
      prepareCall('getTransaction', { path: { id: 9007199254740993n }, space: 1 }, BASE).requestPath,
    ).toBe('/api/v2.0/payment/transactions/9007199254740993');
    expect(
      prepareCall('getTransaction', { path: { id: '9007199254740993' }, space: 1 }, BASE).requestPath,
    ).toBe('/api/v2.0/payment/transactions/9007199254740993');
  });
});

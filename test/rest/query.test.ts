// Path and query-string building over real catalog operations: the string built here is the one
// that is sent and signed, so it is compared character for character.
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalog';
import { buildPath, buildQueryString, ParameterError } from '../../src/rest/query';

const getTransaction = operation('getTransaction');
const searchCustomers = operation('searchCustomers');
const exportTransactions = operation('exportTransactions');

function errorsOf(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (err) {
    if (err instanceof ParameterError) return err.errors;
    throw err;
  }
  throw new Error('expected a ParameterError');
}

describe('buildQueryString', () => {
  it('joins expand with commas in one key', () => {
    expect(buildQueryString(getTransaction, { expand: ['token', 'lineItems', 'token.customer'] })).toBe(
      '?expand=token,lineItems,token.customer',
    );
    expect(buildQueryString(getTransaction, { expand: 'token' })).toBe('?expand=token');
    expect(buildQueryString(getTransaction, { expand: [] })).toBe('');
  });

  it('passes the search query and order through, only URL-encoded, in catalog order', () => {
    const query = `customerId:"ab c" OR -state:~x,y AND amount:>=1.5 (a:1)`;
    const qs = buildQueryString(searchCustomers, { query, order: 'createdOn:DESC id', limit: 5, offset: 0 });
    expect(qs).toBe(
      `?limit=5&offset=0&order=${encodeURIComponent('createdOn:DESC id')}&query=${encodeURIComponent(query)}`,
    );
    const params = new URLSearchParams(qs);
    expect(params.get('query')).toBe(query);
    expect(params.get('order')).toBe('createdOn:DESC id');
  });

  it('repeats the key for other arrays and writes bigint digits exactly', () => {
    const qs = buildQueryString(exportTransactions, { fields: ['id', 'state'], limit: 9223372036854775807n });
    expect(qs).toBe('?fields=id&fields=state&limit=9223372036854775807');
  });

  it('writes Dates in ISO form and encodes reserved characters', () => {
    const op = operation('closeSubscriptionPeriodBill');
    const currentDate = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(buildQueryString(op, { currentDate, createNextPeriod: false })).toBe(
      `?currentDate=${encodeURIComponent('2026-01-02T03:04:05.000Z')}&createNextPeriod=false`,
    );
  });

  it('skips undefined values and refuses unknown, missing and malformed parameters by name', () => {
    expect(buildQueryString(searchCustomers, { limit: undefined })).toBe('');
    expect(errorsOf(() => buildQueryString(searchCustomers, { lmit: 5 }))).toEqual({
      lmit: expect.stringMatching(/is not a query parameter of searchCustomers \(allowed: .*limit/),
    });
    expect(errorsOf(() => buildQueryString(searchCustomers, { limit: 1.5, offset: 'ten' }))).toEqual({
      limit: 'must be an integer (got 1.5)',
      offset: 'must be an integer (got "ten")',
    });
    expect(errorsOf(() => buildQueryString(operation('closeSubscriptionPeriodBill'), {}))).toEqual({
      currentDate: 'is required',
      createNextPeriod: 'is required',
    });
    expect(errorsOf(() => buildQueryString(searchCustomers, { query: { a: 1 } }))).toEqual({
      query: expect.stringMatching(/must be a string, number, bigint, boolean or Date/),
    });
  });
});

describe('buildPath', () => {
  it('fills and encodes every path parameter', () => {
    expect(buildPath(getTransaction, { id: 12 })).toBe('/payment/transactions/12');
    expect(buildPath(getTransaction, { id: 9007199254740993n })).toBe(
      '/payment/transactions/9007199254740993',
    );
    expect(buildPath(operation('getCountry'), { code: 'a/b c' })).toBe('/countries/a%2Fb%20c');
    expect(buildPath(operation('mergeCustomers'), { id: 1, other: '2' })).toBe('/customers/1/merge/2');
  });

  it('refuses missing, unknown and malformed path parameters by name', () => {
    expect(errorsOf(() => buildPath(getTransaction, {}))).toEqual({ id: 'is required' });
    expect(errorsOf(() => buildPath(getTransaction, { id: 1, spaceId: 2 }))).toEqual({
      spaceId: expect.stringMatching(/is not a path parameter of getTransaction/),
    });
    expect(errorsOf(() => buildPath(getTransaction, { id: '1 OR 2' }))).toEqual({
      id: 'must be an integer (got "1 OR 2")',
    });
  });
});

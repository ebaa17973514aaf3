import { describe, expect, it } from 'vitest';
import {
  SearchFieldError,
  compileQuery,
  compileSort,
  fieldResolver,
  parseQuery,
  parseSortOrder,
} from '../../src/sandbox/search';
import { Store } from '../../src/sandbox/store';

// A small real store: refunds link transactions, which link a token and a connector configuration,
// which links many (account-level) sales channels with localized names.
function makeStore(): Store {
  const store = new Store();
  store.put('SalesChannel', null, 501, {
    id: 501,
    sortOrder: 2,
    name: { 'en-US': 'Web shop', 'de-CH': 'Webshop' },
  });
  store.put('SalesChannel', null, 502, { id: 502, sortOrder: 1, name: { 'en-US': 'Terminal' } });
  store.put('PaymentConnectorConfiguration', 1, 401, {
    id: 401,
    name: 'Card',
    enabledSalesChannels: [501, 502],
    state: 'ACTIVE',
  });
  store.put('Token', 1, 301, { id: 301, customerEmailAddress: 'ann@example.com', state: 'ACTIVE' });
  store.put('Transaction', 1, 201, {
    id: 201,
    state: 'AUTHORIZED',
    createdOn: '2024-05-01T10:00:00Z',
    token: 301,
    paymentConnectorConfiguration: 401,
    metaData: { orderNo: 'A-17' },
    allowedPaymentMethodBrands: [7, 8],
    shippingAddress: { city: 'Zürich', country: 'CH' },
    lineItems: [
      { name: 'Blue shirt', quantity: 2, type: 'PRODUCT' },
      { name: 'Shipping', quantity: 1, type: 'SHIPPING' },
    ],
  });
  store.put('Transaction', 1, 202, {
    id: 202,
    state: 'FAILED',
    createdOn: '2024-06-01T10:00:00Z',
    lineItems: [],
  });
  store.put('Transaction', 2, 203, { id: 203, state: 'FULFILL', createdOn: '2024-07-01T10:00:00Z' });
  store.put('Refund', 1, 101, { id: 101, amount: 5, state: 'SUCCESSFUL', transaction: 201 });
  store.put('Refund', 1, 102, { id: 102, amount: 7.5, state: 'FAILED', transaction: 202 });
  store.put('Refund', 1, 103, { id: 103, amount: 1, state: 'PENDING', transaction: 203 }); // other space
  store.put('Refund', 1, 104, { id: 104, amount: 2, state: 'PENDING', transaction: 999 }); // dangling link
  return store;
}

const store = makeStore();

function search(model: string, query: string, space: number | null = 1): unknown[] {
  const matches = compileQuery(parseQuery(query), fieldResolver(store, model, space));
  return store
    .list(model, space)
    .filter(matches)
    .map((o) => o.id);
}

describe('fieldResolver: types from the catalog schemas', () => {
  const resolve = fieldResolver(store, 'Refund', 1);
  it.each([
    ['id', 'integer'],
    ['amount', 'number'],
    ['createdOn', 'date'],
    ['state', 'enum'],
    ['transaction', 'integer'],
    ['transaction.id', 'integer'],
    ['transaction.state', 'enum'],
    ['transaction.javaEnabled', 'boolean'],
    ['transaction.lineItems.quantity', 'number'],
    ['transaction.lineItems.type', 'enum'],
    ['transaction.shippingAddress.city', 'string'],
    ['transaction.metaData.orderNo', 'string'],
    ['transaction.allowedPaymentMethodBrands', 'integer'],
    ['transaction.paymentConnectorConfiguration.enabledSalesChannels.sortOrder', 'integer'],
    ['transaction.paymentConnectorConfiguration.enabledSalesChannels.name.en-US', 'string'],
  ])('%s is %s', (name, type) => {
    expect(resolve(name)?.type).toBe(type);
  });

  it('knows enum values and which fields are lists', () => {
    expect(resolve('state')?.values).toEqual([
      'CREATE',
      'SCHEDULED',
      'PENDING',
      'MANUAL_CHECK',
      'FAILED',
      'SUCCESSFUL',
    ]);
    expect(resolve('transaction.allowedPaymentMethodBrands')?.list).toBe(true);
    expect(resolve('transaction.lineItems.quantity')?.list).toBe(false);
  });

  it.each([
    'nope',
    'transaction.nope',
    'transaction.lineItems',
    'transaction.shippingAddress',
    'state.name',
    'id.x',
    'transaction..id',
    '',
  ])('%j is unknown', (name) => {
    expect(resolve(name)).toBeUndefined();
  });

  it('refuses a model without a schema', () => {
    expect(() => fieldResolver(store, 'NoSuchModel', 1)).toThrow(/no schema/);
  });
});

describe('searching a real store', () => {
  it('follows link fields to the linked object', () => {
    expect(search('Refund', 'transaction.state:authorized')).toEqual([101]);
    expect(search('Refund', 'transaction.createdOn:>=2024-06-01')).toEqual([102]);
    expect(search('Refund', 'transaction.token.customerEmailAddress:~EXAMPLE')).toEqual([101]);
  });

  it('reads link ids without needing the linked object', () => {
    expect(search('Refund', 'transaction.id:201 OR transaction.id:999')).toEqual([101, 104]);
    expect(search('Refund', 'transaction:202')).toEqual([102]);
    expect(
      search('Refund', 'transaction.id:1 OR transaction.id:2 OR transaction.id:203 OR transaction.id:202'),
    ).toEqual([102, 103]);
  });

  it('does not follow links into another space, nor dangling ones', () => {
    expect(search('Refund', 'transaction.state:FULFILL')).toEqual([]);
    expect(search('Refund', 'transaction.state:*')).toEqual([103, 104]);
  });

  it('walks embedded objects, arrays of them, maps and many-links', () => {
    expect(search('Transaction', 'shippingAddress.city:zürich')).toEqual([201]);
    expect(search('Transaction', 'lineItems.name:~shirt')).toEqual([201]);
    expect(search('Transaction', 'lineItems.quantity:>1 lineItems.type:shipping')).toEqual([201]);
    expect(search('Transaction', 'lineItems.name:*')).toEqual([202]);
    expect(search('Transaction', 'metaData.orderNo:a-17')).toEqual([201]);
    expect(search('Transaction', 'allowedPaymentMethodBrands:~8,7')).toEqual([201]);
    expect(
      search('Transaction', 'paymentConnectorConfiguration.enabledSalesChannels.name.en-US:terminal'),
    ).toEqual([201]);
    expect(search('Transaction', 'paymentConnectorConfiguration.enabledSalesChannels:502')).toEqual([201]);
    expect(search('PaymentConnectorConfiguration', 'enabledSalesChannels.sortOrder:<2')).toEqual([401]);
    expect(search('PaymentConnectorConfiguration', 'enabledSalesChannels.name.de-CH:*')).toEqual([]);
  });

  it('reports unknown fields and bad values with the field name', () => {
    expect(() => search('Refund', 'transaction.colour:red')).toThrow(SearchFieldError);
    expect(() => search('Refund', 'transaction.state:SLEEPING')).toThrow(/not one of CREATE/);
  });

  it('sorts by linked fields', () => {
    const resolve = fieldResolver(store, 'Refund', 1);
    const refunds = store
      .list('Refund', 1)
      .sort(compileSort(parseSortOrder('transaction.createdOn:DESC id:DESC'), resolve));
    expect(refunds.map((r) => r.id)).toEqual([102, 101, 104, 103]);
  });
});

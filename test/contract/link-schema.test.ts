// The contract's response schemas: link fields accept the id or the object, and nothing else is
// loosened (so the contract suite can fail where the sandbox is wrong).
import { describe, expect, it } from 'vitest';
import { schemaProblems } from './support/response-validator';

describe('link-aware response schemas', () => {
  it('accepts a link as its id', () => {
    expect(schemaProblems('Transaction', { id: 1, paymentConnectorConfiguration: 72, token: 5 })).toEqual([]);
  });

  it('accepts a link as the whole linked object', () => {
    expect(schemaProblems('Transaction', { id: 1, paymentConnectorConfiguration: { id: 72, name: 'Visa' } })).toEqual([]);
  });

  it('accepts a many-link as ids, objects, or a mix', () => {
    expect(schemaProblems('PaymentConnectorConfiguration', { enabledSalesChannels: [1, { id: 2, name: { 'en-US': 'Web' } }] })).toEqual([]);
  });

  it('refuses a link of the wrong kind', () => {
    expect(schemaProblems('Transaction', { paymentConnectorConfiguration: 'seventy-two' })).not.toEqual([]);
    expect(schemaProblems('PaymentConnectorConfiguration', { enabledSalesChannels: 3 })).not.toEqual([]);
  });

  it('keeps every other property as strict as the document says', () => {
    expect(schemaProblems('Transaction', { id: 'one' })).not.toEqual([]);
    expect(schemaProblems('Transaction', { state: 'NOT_A_STATE' })).not.toEqual([]);
    expect(schemaProblems('Account', { scope: 58 })).not.toEqual([]);
  });

  it('accepts the id form for entities held by models that are not entities (action results)', () => {
    expect(schemaProblems('SubscriptionSuspension', { id: 1, subscription: 1436 })).toEqual([]);
    expect(schemaProblems('SubscriptionSuspension', { id: 1, subscription: { id: 1436 } })).toEqual([]);
    expect(schemaProblems('SubscriptionSuspension', { id: 'x' })).not.toEqual([]);
  });

  it('keeps the items of list and search pages whole objects', () => {
    expect(schemaProblems('TransactionSearchResponse', { data: [{ id: 5 }], offset: 0 })).toEqual([]);
    expect(schemaProblems('TransactionSearchResponse', { data: [5] })).not.toEqual([]);
    expect(schemaProblems('CustomerListResponse', { data: [7], hasMore: false })).not.toEqual([]);
  });

  it('validates an expanded link against the linked model', () => {
    expect(schemaProblems('Refund', { transaction: { id: 'not-an-id' } })).not.toEqual([]);
  });
});

// The contract's response schemas are the document's own: a link is an object (collapsed to its id
// or expanded whole), never a bare id, so the contract suite fails where the sandbox answers otherwise.
import { describe, expect, it } from 'vitest';
import { schemaProblems } from './support/response-validator';

describe('response schemas as the document types them', () => {
  it('accept a link collapsed to an object holding its id', () => {
    expect(
      schemaProblems('Transaction', { id: 1, paymentConnectorConfiguration: { id: 72 }, token: { id: 5 } }),
    ).toEqual([]);
  });

  it('accept a link as the whole linked object', () => {
    expect(
      schemaProblems('Transaction', { id: 1, paymentConnectorConfiguration: { id: 72, name: 'Visa' } }),
    ).toEqual([]);
  });

  it('accept a many-link as collapsed or whole objects', () => {
    expect(
      schemaProblems('PaymentConnectorConfiguration', {
        enabledSalesChannels: [{ id: 1 }, { id: 2, name: { 'en-US': 'Web' } }],
      }),
    ).toEqual([]);
  });

  it('refuse a bare id where the schema types a link, and a link of the wrong kind', () => {
    expect(schemaProblems('Transaction', { paymentConnectorConfiguration: 72 })).not.toEqual([]);
    expect(schemaProblems('Transaction', { paymentConnectorConfiguration: 'seventy-two' })).not.toEqual([]);
    expect(schemaProblems('PaymentConnectorConfiguration', { enabledSalesChannels: [3] })).not.toEqual([]);
    expect(schemaProblems('SubscriptionSuspension', { id: 1, subscription: 1436 })).not.toEqual([]);
    expect(schemaProblems('SubscriptionSuspension', { id: 1, subscription: { id: 1436 } })).toEqual([]);
  });

  it('keep every other property as strict as the document says', () => {
    expect(schemaProblems('Transaction', { id: 'one' })).not.toEqual([]);
    expect(schemaProblems('Transaction', { state: 'NOT_A_STATE' })).not.toEqual([]);
    expect(schemaProblems('Account', { scope: 58 })).not.toEqual([]);
  });

  it('keep the items of list and search pages whole objects', () => {
    expect(schemaProblems('TransactionSearchResponse', { data: [{ id: 5 }], offset: 0 })).toEqual([]);
    expect(schemaProblems('TransactionSearchResponse', { data: [5] })).not.toEqual([]);
    expect(schemaProblems('CustomerListResponse', { data: [7], hasMore: false })).not.toEqual([]);
  });

  it('validate an expanded link against the linked model', () => {
    expect(schemaProblems('Refund', { transaction: { id: 'not-an-id' } })).not.toEqual([]);
  });
});

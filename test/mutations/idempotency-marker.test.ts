// The marker an idempotency key leaves on the object, and what a repeat does with an unknown outcome,
// through the app over HTTP against the sandbox (one instance, keys in process): a keyed create
// carries the key's marker in metaData (the client's entries kept) or as its externalId, a 503 is
// reconciled and sent once, a versioned update and a delete are sent again (REST refuses a second
// application), and a mutation that can carry no marker answers its first outcome again, sending nothing.
import { describe, expect, it } from 'vitest';
import { METADATA_MARKER_KEY } from '../../src/resolvers';
import { useWorld } from '../support/world';
import { authorizedTransaction } from './support/transactions';

const f = useWorld();

const CREATE = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename
  ... on CreateCustomerPayload { customer { id version metaData } }
  ... on ValidationError { fields { path message } }
  ... on UpstreamError { status } } }`;
const UPDATE = `mutation ($input: UpdateCustomerInput!) { updateCustomer(input: $input) { __typename
  ... on UpdateCustomerPayload { customer { givenName version } } ... on UpstreamError { status } } }`;
const DELETE = `mutation ($input: DeleteCustomerInput!) { deleteCustomer(input: $input) { __typename
  ... on DeleteCustomerPayload { deletedId } ... on UpstreamError { status } } }`;
const COMMENT = `mutation ($input: CreateCustomerCommentInput!) { createCustomerComment(input: $input) { __typename
  ... on UpstreamError { status outcomeUnknown } } }`;

const keyed = (key: string) => ({ 'idempotency-key': key });
const once = (operationId: string) => ({ errorCount: 1, errorStatus: 503, match: { operationId } });

async function customer(givenName: string): Promise<{ id: string; version: number }> {
  const made = await f.graph(CREATE, { input: { space: String(f.space), givenName } });
  return made.data.createCustomer.customer as { id: string; version: number };
}

describe('the marker of an idempotency key', () => {
  it("stamps a keyed create's metaData with the key's marker next to the client's entries; an unkeyed one carries none", async () => {
    const input = { space: String(f.space), givenName: 'Marked', metaData: { order: '42' } };
    const made = await f.graph(CREATE, { input }, keyed('marker-1'));
    const metaData = made.data.createCustomer.customer.metaData as Record<string, string>;
    expect(metaData.order).toBe('42');
    expect(metaData[METADATA_MARKER_KEY]).toMatch(/^pg-[0-9a-f]{48}$/);
    // A hash of caller, key and input: neither the key nor another key's marker.
    const other = await f.graph(CREATE, { input }, keyed('marker-2'));
    expect(other.data.createCustomer.customer.metaData[METADATA_MARKER_KEY]).not.toBe(
      metaData[METADATA_MARKER_KEY],
    );
    expect(JSON.stringify(metaData)).not.toContain('marker-1');
    const plain = await f.graph(CREATE, { input });
    expect(plain.data.createCustomer.customer.metaData).toEqual({ order: '42' });
  });

  it("refuses the marker's entry from the client, and sends a create with 25 entries of its own without one", async () => {
    const taken = await f.graph(
      CREATE,
      { input: { space: String(f.space), metaData: { [METADATA_MARKER_KEY]: 'mine' } } },
      keyed('marker-3'),
    );
    expect(taken.data.createCustomer).toMatchObject({
      __typename: 'ValidationError',
      fields: [
        { path: `metaData.${METADATA_MARKER_KEY}`, message: expect.stringContaining('idempotency key') },
      ],
    });
    const full = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, String(i)]));
    const made = await f.graph(
      CREATE,
      { input: { space: String(f.space), metaData: full } },
      keyed('marker-4'),
    );
    expect(made.data.createCustomer.customer.metaData).toEqual(full);
  });

  it('is not pinned to a 503: the repeat finds nothing under the marker and sends once', async () => {
    const input = { space: String(f.space), customerId: 'marker-503' };
    await f.resetCalls();
    const refused = await f.withFault(once('createCustomer'), () =>
      f.graph(CREATE, { input }, keyed('marker-503')),
    );
    expect(refused.data.createCustomer).toEqual({ __typename: 'UpstreamError', status: 503 });
    const sent = await f.graph(CREATE, { input }, keyed('marker-503'));
    expect(sent.data.createCustomer.__typename).toBe('CreateCustomerPayload');
    expect((await f.graph(CREATE, { input }, keyed('marker-503'))).data).toEqual(sent.data);
    expect(await f.restCalls()).toEqual({ createCustomer: 2, searchCustomers: 1 });
  });

  it("takes the client's externalId as the marker, and makes one where the client sends none", async () => {
    const id = await authorizedTransaction(f);
    const PARTIAL = `mutation ($input: CompleteTransactionPartiallyOnlineInput!) { completeTransactionPartiallyOnline(input: $input) {
      __typename ... on CompleteTransactionPartiallyOnlinePayload { transactionCompletion { externalId } } ... on MutationError { code message } } }`;
    const input = { input: { id, lineItems: [{ uniqueId: 'a', quantity: 1, amount: 6 }] } };
    const stamped = await f.graph(PARTIAL, input, keyed('partial-1'));
    expect(stamped.data.completeTransactionPartiallyOnline.transactionCompletion.externalId).toMatch(
      /^pg-[0-9a-f]{48}$/,
    );
    const REFUND = `mutation ($input: CreateRefundInput!) { createRefund(input: $input) { __typename ... on CreateRefundPayload { refund { id externalId } } ... on UpstreamError { status } ... on MutationError { code message } } }`;
    const paid = await authorizedTransaction(f);
    await f.graph(`mutation ($id: ID!) { completeTransactionOnline(input: { id: $id }) { __typename } }`, {
      id: paid,
    });
    const refund = {
      input: {
        space: String(f.space),
        transaction: paid,
        externalId: 'refund-503',
        type: 'MERCHANT_INITIATED_ONLINE',
        amount: 1,
      },
    };
    await f.resetCalls();
    const refused = await f.withFault(once('createRefund'), () =>
      f.graph(REFUND, refund, keyed('refund-503')),
    );
    expect(refused.data.createRefund).toMatchObject({ __typename: 'UpstreamError', status: 503 });
    const sent = await f.graph(REFUND, refund, keyed('refund-503'));
    expect(sent.data.createRefund.refund.externalId).toBe('refund-503');
    expect(await f.restCalls()).toEqual({ createRefund: 2, searchRefunds: 1 });
  });

  it('sends a versioned update and a delete again after a 503 (REST refuses a second application)', async () => {
    const { id } = await customer('Guarded');
    await f.resetCalls();
    const update = { input: { id, version: 1, givenName: 'Updated' } };
    const refused = await f.withFault(once('updateCustomer'), () =>
      f.graph(UPDATE, update, keyed('guarded-update')),
    );
    expect(refused.data.updateCustomer).toEqual({ __typename: 'UpstreamError', status: 503 });
    expect((await f.graph(UPDATE, update, keyed('guarded-update'))).data.updateCustomer).toEqual({
      __typename: 'UpdateCustomerPayload',
      customer: { givenName: 'Updated', version: 2 },
    });
    const remove = { input: { id } };
    await f.withFault(once('deleteCustomer'), () => f.graph(DELETE, remove, keyed('guarded-delete')));
    expect((await f.graph(DELETE, remove, keyed('guarded-delete'))).data.deleteCustomer).toEqual({
      __typename: 'DeleteCustomerPayload',
      deletedId: id,
    });
    expect(await f.restCalls()).toEqual({ updateCustomer: 2, deleteCustomer: 2 });
  });

  it('answers a mutation that can carry no marker its first outcome again and sends nothing', async () => {
    const { id } = await customer('Commented');
    await f.resetCalls();
    const input = { input: { customer: id, content: 'no marker' } };
    const first = await f.withFault(once('createCustomerComment'), () =>
      f.graph(COMMENT, input, keyed('no-marker')),
    );
    expect(first.data.createCustomerComment).toEqual({
      __typename: 'UpstreamError',
      status: 503,
      outcomeUnknown: true,
    });
    expect((await f.graph(COMMENT, input, keyed('no-marker'))).data).toEqual(first.data);
    expect(await f.restCalls()).toEqual({ createCustomerComment: 1 });
  });
});

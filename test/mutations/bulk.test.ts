// Bulk mutations split any number of items into REST bulk calls of at most the bulk limit, in order,
// and answer one result per item in input order; a chunk REST refuses fails only its own items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, count, startHarness, type Harness } from '../graphql/harness';

let h: Harness;

// The sandbox allows 100 items per bulk call, as the REST API does by default.
beforeAll(async () => {
  h = await startHarness({ bulkLimit: 100 });
});
afterAll(() => h?.close());

const CREATE_MANY = /* GraphQL */ `
  mutation ($input: CreateCustomersInput!) {
    createCustomers(input: $input) {
      __typename
      ... on CreateCustomersPayload {
        results {
          __typename
          ... on CreateCustomerPayload {
            customer {
              id
              restId
            }
          }
          ... on ValidationError {
            fields {
              path
              message
            }
          }
          ... on MutationError {
            code
            message
          }
        }
      }
      ... on MutationError {
        code
        message
      }
    }
  }
`;

type Result = { __typename: string; customer?: { id: string; restId: number }; code?: string; fields?: { path: string }[] };

function customers(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => ({ givenName: `${prefix}${i}`, familyName: 'Bulk' }));
}

describe('bulk mutations', () => {
  it('creates 250 customers in three REST calls, answering 250 results in input order', async () => {
    const r = await h.run(CREATE_MANY, { input: { space: String(h.space), customers: customers(250, 'c') } }, { bulkLimit: 100 });
    expect(r.errors).toBeUndefined();
    const results = at(r.data, 'createCustomers.results') as Result[];
    expect(results).toHaveLength(250);
    expect(results.every((x) => x.__typename === 'CreateCustomerPayload')).toBe(true);
    expect(count(r.calls)).toEqual({ createCustomersBulk: 3 });
    // In input order: the REST ids grow with the position, and each one names the customer created there.
    const ids = results.map((x) => x.customer!.restId);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const check = await h.run(`query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Customer { givenName } } }`, {
      ids: [results[0].customer!.id, results[137].customer!.id, results[249].customer!.id],
    });
    expect(at(check.data, 'nodes')).toEqual([{ givenName: 'c0' }, { givenName: 'c137' }, { givenName: 'c249' }]);
  });

  it('refuses invalid items on their own, before any call, and sends the others', async () => {
    const items = customers(3, 'v');
    items[1] = { ...items[1], language: 'not a language' } as never;
    const r = await h.run(CREATE_MANY, { input: { space: String(h.space), customers: items } });
    const results = at(r.data, 'createCustomers.results') as Result[];
    expect(results.map((x) => x.__typename)).toEqual(['CreateCustomerPayload', 'ValidationError', 'CreateCustomerPayload']);
    expect(results[1].fields?.[0].path).toBe('customers[1].language');
    expect(count(r.calls)).toEqual({ createCustomersBulk: 1 });
  });

  it('gives every item of a chunk REST refuses that chunk error, and still runs later chunks', async () => {
    // paygraph told 150 per call, the REST API allows 100: the first chunk is refused (413), the second goes through.
    const r = await h.run(CREATE_MANY, { input: { space: String(h.space), customers: customers(160, 'x') } }, { bulkLimit: 150 });
    const results = at(r.data, 'createCustomers.results') as Result[];
    expect(results.slice(0, 150).every((x) => x.__typename === 'BulkLimitError' && x.code === 'BULK_LIMIT_EXCEEDED')).toBe(true);
    expect(results.slice(150).every((x) => x.__typename === 'CreateCustomerPayload')).toBe(true);
    expect(count(r.calls)).toEqual({ createCustomersBulk: 2 });
  });

  it('updates and deletes in bulk with global IDs, each item with its own outcome', async () => {
    const created = (
      at(
        (await h.run(CREATE_MANY, { input: { space: String(h.space), customers: customers(3, 'u') } })).data,
        'createCustomers.results',
      ) as Result[]
    ).map((x) => x.customer!.id);
    const updated = await h.run(
      `mutation ($input: UpdateCustomersInput!) { updateCustomers(input: $input) { ... on UpdateCustomersPayload { results {
        __typename ... on UpdateCustomerPayload { customer { id givenName version } } ... on MutationError { code } } } } }`,
      { input: { space: String(h.space), customers: created.map((id, i) => ({ id, version: 1, givenName: `updated${i}` })) } },
    );
    expect(updated.errors).toBeUndefined();
    expect(at(updated.data, 'updateCustomers.results')).toEqual(
      created.map((id, i) => ({ __typename: 'UpdateCustomerPayload', customer: { id, givenName: `updated${i}`, version: 2 } })),
    );
    const deleted = await h.run(
      `mutation ($input: DeleteCustomersInput!) { deleteCustomers(input: $input) { ... on DeleteCustomersPayload { results {
        __typename ... on DeleteCustomerPayload { deletedId } } } } }`,
      { input: { space: String(h.space), ids: created } },
    );
    expect(at(deleted.data, 'deleteCustomers.results')).toEqual(
      created.map((id) => ({ __typename: 'DeleteCustomerPayload', deletedId: id })),
    );
    expect(count(deleted.calls)).toEqual({ deleteCustomersBulk: 1 });
  });

  it('answers a version conflict in a bulk update for the whole chunk, as REST refuses it whole', async () => {
    const [a, b] = (
      at(
        (await h.run(CREATE_MANY, { input: { space: String(h.space), customers: customers(2, 'w') } })).data,
        'createCustomers.results',
      ) as Result[]
    ).map((x) => x.customer!.id);
    const r = await h.run(
      `mutation ($input: UpdateCustomersInput!) { updateCustomers(input: $input) { ... on UpdateCustomersPayload { results {
        __typename ... on VersionConflictError { sentVersion } } } } }`,
      {
        input: {
          space: String(h.space),
          customers: [
            { id: a, version: 1, givenName: 'ok' },
            { id: b, version: 7, givenName: 'stale' },
          ],
        },
      },
    );
    const results = at(r.data, 'updateCustomers.results') as { __typename: string; sentVersion?: number }[];
    expect(results.map((x) => x.__typename)).toEqual(['VersionConflictError', 'VersionConflictError']);
    expect(results.map((x) => x.sentVersion)).toEqual([1, 7]);
  });
});

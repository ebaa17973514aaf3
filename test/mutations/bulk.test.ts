// Bulk mutations split any number of items into REST bulk calls of at most the bulk limit, sent
// together (one REST round) unless an object is named in two calls, and answer one result per item in
// input order; a chunk that fails fails only its own items, and the outcome is kept for the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../../src/resolvers/writes';
import { restLimitsWith } from '../../src/rest';
import { CHUNKS_IN_FLIGHT } from '../../src/resolvers/writes/bulk';
import { createApp } from '../../src/server/app';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import {
  at,
  count,
  RecordingCaller,
  rounds,
  startWorld,
  type TestWorld,
  type RecordedCall,
} from '../support/world';
import { gql } from '../security/support';

let h: TestWorld;

// The sandbox allows 100 items per bulk call, as the REST API does by default.
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default', bulkLimit: 100 });
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

type Result = {
  __typename: string;
  customer?: { id: string; restId: number };
  code?: string;
  fields?: { path: string }[];
};

function customers(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => ({ givenName: `${prefix}${i}`, familyName: 'Bulk' }));
}

describe('bulk mutations', () => {
  it('creates 250 customers in three REST calls sent at once, answering 250 results in input order', async () => {
    const r = await h.run(
      CREATE_MANY,
      { input: { space: String(h.space), customers: customers(250, 'c') } },
      { restLimits: restLimitsWith({ bulkLimit: 100 }) },
    );
    expect(r.errors).toBeUndefined();
    const results = at(r.data, 'createCustomers.results') as Result[];
    expect(results).toHaveLength(250);
    expect(results.every((x) => x.__typename === 'CreateCustomerPayload')).toBe(true);
    expect(count(r.calls)).toEqual({ createCustomersBulk: 3 });
    expect(rounds(r.calls)).toBe(1);
    // In input order: each result names the customer created from the item at its position.
    const ids = results.map((x) => x.customer!.id);
    expect(new Set(ids).size).toBe(250);
    const names: unknown[] = [];
    for (let i = 0; i < ids.length; i += 50) {
      const check = await h.run(
        `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Customer { givenName } } }`,
        {
          ids: ids.slice(i, i + 50),
        },
      );
      names.push(...(at(check.data, 'nodes') as { givenName: string }[]).map((n) => n.givenName));
    }
    expect(names).toEqual(customers(250, 'c').map((c) => c.givenName));
  });

  it('refuses invalid items on their own, before any call, and sends the others', async () => {
    const items = customers(3, 'v');
    items[1] = { ...items[1], language: 'not a language' } as never;
    const r = await h.run(CREATE_MANY, { input: { space: String(h.space), customers: items } });
    const results = at(r.data, 'createCustomers.results') as Result[];
    expect(results.map((x) => x.__typename)).toEqual([
      'CreateCustomerPayload',
      'ValidationError',
      'CreateCustomerPayload',
    ]);
    expect(results[1].fields?.[0].path).toBe('customers[1].language');
    expect(count(r.calls)).toEqual({ createCustomersBulk: 1 });
  });

  it('gives every item of a chunk REST refuses that chunk error, and still runs later chunks', async () => {
    // paygraph told 150 per call, the REST API allows 100: the first chunk is refused (413), the second goes through.
    const r = await h.run(
      CREATE_MANY,
      { input: { space: String(h.space), customers: customers(160, 'x') } },
      { restLimits: restLimitsWith({ bulkLimit: 150 }) },
    );
    const results = at(r.data, 'createCustomers.results') as Result[];
    expect(
      results
        .slice(0, 150)
        .every((x) => x.__typename === 'BulkLimitError' && x.code === 'BULK_LIMIT_EXCEEDED'),
    ).toBe(true);
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
      {
        input: {
          space: String(h.space),
          customers: created.map((id, i) => ({ id, version: 1, givenName: `updated${i}` })),
        },
      },
    );
    expect(updated.errors).toBeUndefined();
    expect(at(updated.data, 'updateCustomers.results')).toEqual(
      created.map((id, i) => ({
        __typename: 'UpdateCustomerPayload',
        customer: { id, givenName: `updated${i}`, version: 2 },
      })),
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
    expect(results.map((x) => x.__typename)).toEqual([
      'CustomerVersionConflictError',
      'CustomerVersionConflictError',
    ]);
    expect(results.map((x) => x.sentVersion)).toEqual([1, 7]);
  });

  it(`keeps at most ${CHUNKS_IN_FLIGHT} bulk calls of one mutation in flight`, async () => {
    const n = CHUNKS_IN_FLIGHT + 1;
    const r = await h.run(
      CREATE_MANY,
      { input: { space: String(h.space), customers: customers(n, 'b') } },
      { restLimits: restLimitsWith({ bulkLimit: 1 }) },
    );
    expect(r.errors).toBeUndefined();
    expect(count(r.calls)).toEqual({ createCustomersBulk: n });
    expect(r.calls.filter((c) => c.round === 1)).toHaveLength(CHUNKS_IN_FLIGHT);
    expect(rounds(r.calls)).toBe(2);
  });

  it('sends calls naming the same object one after another, so the later item meets the earlier write', async () => {
    const [a, b] = await createdIds(2, 's');
    const update = (items: { id: string; version: number; givenName: string }[]) =>
      h.run(
        UPDATE_MANY,
        { input: { space: String(h.space), customers: items } },
        {
          restLimits: restLimitsWith({ bulkLimit: 1 }),
        },
      );
    const distinct = await update([
      { id: a, version: 1, givenName: 'a2' },
      { id: b, version: 1, givenName: 'b2' },
    ]);
    expect(distinct.errors).toBeUndefined();
    const bulkCalls = (calls: RecordedCall[]) => calls.filter((c) => c.operationId === 'updateCustomersBulk');
    expect(bulkCalls(distinct.calls)).toHaveLength(2);
    expect(rounds(bulkCalls(distinct.calls))).toBe(1);
    const same = await update([
      { id: a, version: 2, givenName: 'a3' },
      { id: b, version: 2, givenName: 'b3' },
      { id: a, version: 3, givenName: 'a4' },
    ]);
    // Every item went through (sent at once, the third call's version would depend on which call REST
    // handled first); a
    // bulk item's object is read after the whole bulk, so both items of `a` show its last write.
    const results = at(same.data, 'updateCustomers.results') as { __typename: string; customer: unknown }[];
    expect(results.map((x) => x.__typename)).toEqual([
      'UpdateCustomerPayload',
      'UpdateCustomerPayload',
      'UpdateCustomerPayload',
    ]);
    expect(results[2].customer).toEqual({ id: a, givenName: 'a4', version: 4 });
    expect(rounds(bulkCalls(same.calls))).toBe(3);
  });

  it('answers the objects as written by the bulk call, not as an earlier field of the request read them', async () => {
    const [a] = await createdIds(1, 'f');
    const r = await h.run(
      `mutation ($one: UpdateCustomerInput!, $many: UpdateCustomersInput!) {
        one: updateCustomer(input: $one) { ... on UpdateCustomerPayload { customer { givenName version } } }
        many: updateCustomers(input: $many) { ... on UpdateCustomersPayload { results { ... on UpdateCustomerPayload { customer { givenName version } } } } }
      }`,
      {
        one: { id: a, version: 1, givenName: 'single' },
        many: { space: String(h.space), customers: [{ id: a, version: 2, givenName: 'bulk' }] },
      },
    );
    expect(r.errors).toBeUndefined();
    expect(at(r.data, 'one.customer')).toEqual({ givenName: 'single', version: 2 });
    expect(at(r.data, 'many.results')).toEqual([{ customer: { givenName: 'bulk', version: 3 } }]);
  });

  it('keeps the outcome for the idempotency key when paygraph refuses one chunk after others were sent', async () => {
    // A bucket of 2 REST calls: two of the three chunks are sent, the rate limit refuses the third.
    const idempotency = createMemoryIdempotencyStore();
    const limited = new RecordingCaller(h.rest);
    const security = securityConfigFromEnv({
      PAYGRAPH_RATE_LIMIT_PER_SECOND: '1',
      PAYGRAPH_RATE_LIMIT_BURST: '2',
    });
    const input = {
      space: String(h.space),
      customers: customers(250, 'k'),
      idempotencyKey: `bulk-${Date.now()}`,
    };
    const first = await gql(
      createApp({ rest: limited, security, idempotency, bulkLimit: 100 }),
      CREATE_MANY,
      { variables: { input } },
    );
    expect(first.body.errors).toBeUndefined();
    const results = at(first.body.data, 'createCustomers.results') as Result[];
    expect(count(limited.calls)).toEqual({ createCustomersBulk: 2 });
    expect(results.filter((x) => x.__typename === 'CreateCustomerPayload')).toHaveLength(200);
    expect(
      results.filter((x) => x.__typename === 'RateLimitedError' && x.code === 'RATE_LIMITED'),
    ).toHaveLength(50);
    // The same key again, once the caller may call: the first outcome, and no chunk sent twice.
    const again = new RecordingCaller(h.rest);
    const second = await gql(createApp({ rest: again, idempotency, bulkLimit: 100 }), CREATE_MANY, {
      variables: { input },
    });
    expect(at(second.body.data, 'createCustomers.results')).toEqual(results);
    expect(again.calls).toHaveLength(0);
  });
});

const UPDATE_MANY = /* GraphQL */ `
  mutation ($input: UpdateCustomersInput!) {
    updateCustomers(input: $input) {
      ... on UpdateCustomersPayload {
        results {
          __typename
          ... on UpdateCustomerPayload {
            customer {
              id
              givenName
              version
            }
          }
          ... on MutationError {
            code
          }
        }
      }
    }
  }
`;

async function createdIds(n: number, prefix: string): Promise<string[]> {
  const r = await h.run(CREATE_MANY, { input: { space: String(h.space), customers: customers(n, prefix) } });
  return (at(r.data, 'createCustomers.results') as Result[]).map((x) => x.customer!.id);
}

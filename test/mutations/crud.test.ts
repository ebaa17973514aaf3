// Creates, updates, deletes and actions on customers and their comments, over the real schema and
// the sandbox: one REST call each, typed errors for conflicts and bad input (zero calls where the
// input alone is wrong), ids checked for type and space, and fresh reads after a write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import { at, count, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;

beforeAll(async () => {
  h = await startWorld();
});
afterAll(() => h?.close());

const CREATE = /* GraphQL */ `
  mutation ($input: CreateCustomerInput!) {
    createCustomer(input: $input) {
      __typename
      ... on CreateCustomerPayload {
        customer {
          id
          restId
          version
          givenName
          metaData
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
`;

const UPDATE = /* GraphQL */ `
  mutation ($input: UpdateCustomerInput!) {
    updateCustomer(input: $input) {
      __typename
      ... on UpdateCustomerPayload {
        customer {
          id
          version
          givenName
        }
      }
      ... on VersionConflictError {
        sentVersion
        currentVersion
        current {
          id
          ... on Customer {
            version
            givenName
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

async function createCustomer(givenName: string): Promise<{ id: string; restId: number; version: number }> {
  const r = await h.run(CREATE, { input: { space: String(h.space), givenName, familyName: 'Muster' } });
  expect(r.errors).toBeUndefined();
  return at(r.data, 'createCustomer.customer') as { id: string; restId: number; version: number };
}

describe('create, update, delete', () => {
  it('creates a customer in one call, its space given as a REST id or a global ID', async () => {
    const byRestId = await h.run(CREATE, {
      input: { space: String(h.space), givenName: 'Ada', metaData: { plan: 'gold' } },
    });
    expect(at(byRestId.data, 'createCustomer.__typename')).toBe('CreateCustomerPayload');
    expect(at(byRestId.data, 'createCustomer.customer')).toMatchObject({
      givenName: 'Ada',
      version: 1,
      metaData: { plan: 'gold' },
    });
    expect(count(byRestId.calls)).toEqual({ createCustomer: 1 });
    const byGlobalId = await h.run(CREATE, {
      input: { space: encodeGlobalId('Space', null, h.space), givenName: 'Grace' },
    });
    expect(at(byGlobalId.data, 'createCustomer.customer.givenName')).toBe('Grace');
  });

  it('updates with the version, and two clients with the same version get one payload and one conflict', async () => {
    const c = await createCustomer('Alan');
    const [a, b] = await Promise.all([
      h.run(UPDATE, { input: { id: c.id, version: c.version, givenName: 'Alan A' } }),
      h.run(UPDATE, { input: { id: c.id, version: c.version, givenName: 'Alan B' } }),
    ]);
    const results = [at(a.data, 'updateCustomer'), at(b.data, 'updateCustomer')] as Record<string, any>[];
    const winner = results.find((r) => r.__typename === 'UpdateCustomerPayload')!;
    const loser = results.find((r) => r.__typename === 'CustomerVersionConflictError')!;
    expect(winner.customer.version).toBe(c.version + 1);
    expect(loser).toMatchObject({
      code: 'VERSION_CONFLICT',
      sentVersion: c.version,
      currentVersion: c.version + 1,
    });
    expect(loser.current).toEqual({ id: c.id, version: c.version + 1, givenName: winner.customer.givenName });
  });

  it('reads null as "not given": an update with nulls changes only the fields with values', async () => {
    const c = await createCustomer('Nullable');
    const r = await h.run(
      `mutation ($input: UpdateCustomerInput!) { updateCustomer(input: $input) {
        __typename ... on UpdateCustomerPayload { customer { givenName familyName } } ... on MutationError { message } } }`,
      {
        input: {
          id: c.id,
          version: c.version,
          givenName: 'Set',
          familyName: null,
          metaData: null,
          emailAddress: null,
        },
      },
    );
    expect(at(r.data, 'updateCustomer')).toEqual({
      __typename: 'UpdateCustomerPayload',
      customer: { givenName: 'Set', familyName: 'Muster' },
    });
  });

  it('refuses 26 metadata keys with a ValidationError naming metaData, before any REST call', async () => {
    const metaData = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`key${i}`, 'v']));
    const r = await h.run(CREATE, { input: { space: String(h.space), givenName: 'Too', metaData } });
    expect(at(r.data, 'createCustomer.__typename')).toBe('ValidationError');
    expect(at(r.data, 'createCustomer.code')).toBe('VALIDATION_FAILED');
    expect((at(r.data, 'createCustomer.fields') as { path: string }[]).map((f) => f.path)).toContain(
      'metaData',
    );
    expect(r.calls).toEqual([]);
  });

  it('refuses a global ID of another type or another space before any REST call', async () => {
    const c = await createCustomer('Edsger');
    const wrongType = await h.run(UPDATE, {
      input: { id: encodeGlobalId('Transaction', h.space, c.restId), version: 1 },
    });
    expect(at(wrongType.data, 'updateCustomer.__typename')).toBe('ValidationError');
    expect(at(wrongType.data, 'updateCustomer.message')).toMatch(
      /Transaction global ID; a Customer id is needed/,
    );
    const otherSpace = h.sandbox.spaces[1];
    const crossing = await h.run(UPDATE, { input: { id: c.id, space: String(otherSpace), version: 1 } });
    expect(at(crossing.data, 'updateCustomer.__typename')).toBe('ValidationError');
    expect(wrongType.calls.length + crossing.calls.length).toBe(0);
  });

  it('answers a missing object with NotFoundError', async () => {
    const r = await h.run(UPDATE, {
      input: { id: encodeGlobalId('Customer', h.space, 987_654_321), version: 1, givenName: 'x' },
    });
    expect(at(r.data, 'updateCustomer')).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
  });

  it('deletes, answering the deleted global ID; a later read in the same request sees it gone', async () => {
    const c = await createCustomer('Barbara');
    const r = await h.run(
      `mutation ($input: DeleteCustomerInput!, $id: ID!) {
        deleteCustomer(input: $input) { ... on DeleteCustomerPayload { deletedId } ... on MutationError { code } }
        again: updateCustomer(input: { id: $id, version: 1, givenName: "ghost" }) { __typename }
      }`,
      { input: { id: c.id }, id: c.id },
    );
    expect(r.errors).toBeUndefined();
    expect(at(r.data, 'deleteCustomer.deletedId')).toBe(c.id);
    expect(at(r.data, 'again.__typename')).toBe('NotFoundError');
  });

  it('reads fresh data after a write in the same request', async () => {
    const c = await createCustomer('Donald');
    const r = await h.run(
      `mutation ($id: ID!, $version: Int!) {
        updateCustomer(input: { id: $id, version: $version, givenName: "Donald K" }) { __typename }
        createCustomerComment(input: { customer: $id, content: "first" }) {
          ... on CreateCustomerCommentPayload { customerComment { id content customer { id givenName comments(first: 5) { nodes { content } } } } }
          ... on MutationError { code message }
        }
      }`,
      { id: c.id, version: c.version },
    );
    expect(r.errors).toBeUndefined();
    expect(at(r.data, 'createCustomerComment.customerComment.content')).toBe('first');
    expect(at(r.data, 'createCustomerComment.customerComment.customer')).toMatchObject({
      id: c.id,
      givenName: 'Donald K',
      comments: { nodes: [{ content: 'first' }] },
    });
  });

  it('acts on nested objects by their global ID (pinning a comment) and answers the acted-on object', async () => {
    const c = await createCustomer('Frances');
    const created = await h.run(
      `mutation ($id: ID!) { createCustomerComment(input: { customer: $id, content: "pin me" }) {
        ... on CreateCustomerCommentPayload { customerComment { id pinned } } } }`,
      { id: c.id },
    );
    const comment = at(created.data, 'createCustomerComment.customerComment') as {
      id: string;
      pinned: boolean;
    };
    expect(comment.pinned).toBeFalsy();
    const pinned = await h.run(
      `mutation ($id: ID!) { pinCustomerComment(input: { id: $id }) {
        __typename ... on PinCustomerCommentPayload { customerComment { id pinned } } ... on MutationError { code message } } }`,
      { id: comment.id },
    );
    expect(at(pinned.data, 'pinCustomerComment')).toEqual({
      __typename: 'PinCustomerCommentPayload',
      customerComment: { id: comment.id, pinned: true },
    });
    expect(count(pinned.calls)).toEqual({ pinCustomerComment: 1, searchCustomerComments: 1 });
  });

  it('refuses a REST id for an object of a nested base, naming the global ID it needs', async () => {
    const r = await h.run(
      `mutation { pinCustomerComment(input: { id: "5", space: "${h.space}" }) { ... on ValidationError { fields { path message } } } }`,
    );
    expect(at(r.data, 'pinCustomerComment.fields')).toEqual([
      { path: 'id', message: expect.stringMatching(/not a CustomerComment global ID/) },
    ]);
    expect(r.calls).toEqual([]);
  });

  it('lets a caller without any scope use by-credentials actions: the credentials authorize them', async () => {
    const anonymous = {
      caller: { name: 'anonymous', spaces: new Set<number>(), scopes: new Set<'read' | 'write'>() },
    };
    const r = await h.run(
      `mutation { processOneClickTokenByCredentials(input: { credentials: "60-1-forged", id: "1" }) { __typename ... on MutationError { code } } }`,
      {},
      anonymous,
    );
    expect(r.errors).toBeUndefined();
    expect(at(r.data, 'processOneClickTokenByCredentials')).toEqual({
      __typename: 'ForbiddenError',
      code: 'FORBIDDEN',
    });
    expect(count(r.calls)).toEqual({ processOneClickTokenByCredentials: 1 });
  });

  it('refuses writes from a read-only caller before any call', async () => {
    const r = await h.run(
      CREATE,
      { input: { space: String(h.space), givenName: 'Read Only' } },
      {
        caller: { name: 'reader', spaces: 'all', scopes: new Set(['read']) },
      },
    );
    expect(at(r.data, 'createCustomer')).toMatchObject({ __typename: 'ForbiddenError', code: 'FORBIDDEN' });
    expect(r.calls).toEqual([]);
  });
});

// Apollo Client 4 against paygraph over HTTP, set up as the README's "Client setup" says
// (examples/clients/apollo.ts): exact amounts as strings; `... on MutationError { code }` matching a
// per-entity VersionConflictError through the possibleTypes paygraph generates; fetchMore on a `nodes`
// selection joining pages; embedded objects normalized by their id; queries by GET with Apollo's own
// preflight header; refusals (429, a version of -1, a global ID of the wrong type, an operation over
// the cost limit) read as typed errors with their codes.
import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../examples/clients/apollo';
import {
  CreateCustomerDocument,
  SpaceTransactionsDocument,
  UpdateCustomerDocument,
  type CreateCustomerMutation,
} from '../../examples/clients/generated/graphql';
import { encodeGlobalId } from '../../src/resolvers';
import { startClientWorld, type ClientWorld } from './support';

let w: ClientWorld;
let client: ApolloClient;
let space: string;

beforeAll(async () => {
  w = await startClientWorld();
  client = createApolloClient({ uri: w.url });
  space = encodeGlobalId('Space', null, w.space);
});
afterAll(async () => {
  await w?.close();
});

async function newCustomer(givenName: string) {
  const { data } = await client.mutate({
    mutation: CreateCustomerDocument,
    variables: { input: { space, givenName } },
  });
  const created = data!.createCustomer as Extract<
    CreateCustomerMutation['createCustomer'],
    { __typename: 'CreateCustomerPayload' }
  >;
  expect(created.__typename).toBe('CreateCustomerPayload');
  return created.customer!;
}

describe('Apollo Client with paygraph', () => {
  it('answers amounts as exact decimal strings, in the minor units of the currency for Money', async () => {
    const { data } = await client.query({ query: SpaceTransactionsDocument, variables: { space, first: 5 } });
    const nodes = data!.space!.transactions!.nodes;
    expect(nodes).toHaveLength(5);
    for (const t of nodes) {
      expect(typeof t.authorizationAmount).toBe('string');
      expect(typeof t.restId).toBe('string');
      expect(t.authorizationAmountMoney?.amount).toMatch(/^\d+\.\d{2}$/);
      expect(Number(t.authorizationAmountMoney?.amount)).toBe(Number(t.authorizationAmount));
    }
  });

  it('matches `... on MutationError { code }` on a VersionConflictError with the generated possibleTypes', async () => {
    const customer = await newCustomer('Grace');
    const stale = { id: customer.id, version: customer.version, givenName: 'Grace H.' };
    await client.mutate({ mutation: UpdateCustomerDocument, variables: { input: stale } });
    const { data } = await client.mutate({
      mutation: UpdateCustomerDocument,
      variables: { input: { ...stale, givenName: 'Again' } },
    });
    const conflict = data!.updateCustomer;
    expect(conflict.__typename).toBe('CustomerVersionConflictError');
    if (conflict.__typename !== 'CustomerVersionConflictError') return;
    expect(conflict.code).toBe('VERSION_CONFLICT');
    expect(conflict.current).toMatchObject({
      id: customer.id,
      givenName: 'Grace H.',
      version: customer.version + 1,
    });
    // Without possibleTypes, Apollo cannot tell the interface fragment applies: `code` is lost (and it says so).
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const bare = new ApolloClient({ link: new HttpLink({ uri: w.url }), cache: new InMemoryCache() });
      const blind = await bare.mutate({
        mutation: UpdateCustomerDocument,
        variables: { input: { ...stale, givenName: 'Blind' } },
      });
      expect((blind.data!.updateCustomer as { code?: string }).code).toBeUndefined();
      expect(warn.mock.calls.flat().join(' ')).toContain('possibleTypes');
    } finally {
      warn.mockRestore();
    }
  });

  it('joins pages of a `nodes` selection with fetchMore', async () => {
    const first = await client.query({
      query: SpaceTransactionsDocument,
      variables: { space, first: 4 },
      fetchPolicy: 'network-only',
    });
    const page1 = first.data!.space!.transactions!;
    const query = client.watchQuery({ query: SpaceTransactionsDocument, variables: { space, first: 4 } });
    const subscription = query.subscribe(() => undefined);
    try {
      await query.fetchMore({ variables: { after: page1.pageInfo.endCursor } });
      const joined = client.readQuery({ query: SpaceTransactionsDocument, variables: { space, first: 4 } })!
        .space!.transactions!;
      const direct = await client.query({
        query: SpaceTransactionsDocument,
        variables: { space, first: 8 },
        fetchPolicy: 'no-cache',
      });
      expect(joined.nodes.map((n) => n.restId)).toEqual(
        direct.data!.space!.transactions!.nodes.map((n) => n.restId),
      );
      expect(joined.nodes).toHaveLength(8);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('normalizes embedded objects by their id (TransactionGroup)', async () => {
    const { data } = await client.query({ query: SpaceTransactionsDocument, variables: { space, first: 3 } });
    const group = data!.space!.transactions!.nodes.find((n) => n.group)!.group!;
    const cached = client.cache.extract() as Record<string, { restId?: string }>;
    expect(cached[`TransactionGroup:${group.id}`]?.restId).toBe(group.restId);
  });

  it('sends queries by GET with apollo-require-preflight and gets them answered', async () => {
    const byGet = createApolloClient({ uri: w.url, useGETForQueries: true });
    const before = w.received.length;
    const { data } = await byGet.query({ query: SpaceTransactionsDocument, variables: { space, first: 2 } });
    expect(data!.space!.transactions!.nodes).toHaveLength(2);
    const sent = w.received.slice(before);
    expect(sent.map((r) => r.method)).toEqual(['GET']);
    expect(sent[0].headers['apollo-require-preflight']).toBe('true');
  });

  it('reads refusals as typed errors: a negative version and a global ID of the wrong type, one problem each', async () => {
    const customer = await newCustomer('Ada');
    const negative = await client.mutate({
      mutation: UpdateCustomerDocument,
      variables: { input: { id: customer.id, version: -1, givenName: 'x' } },
    });
    expect(negative.data!.updateCustomer).toMatchObject({
      __typename: 'ValidationError',
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'version' }],
    });
    const transactionId = encodeGlobalId('Transaction', w.space, 1);
    const wrongType = await client.mutate({
      mutation: UpdateCustomerDocument,
      variables: { input: { id: transactionId, version: 1, givenName: 'x' } },
    });
    expect(wrongType.data!.updateCustomer).toMatchObject({
      __typename: 'ValidationError',
      fields: [{ path: 'id', message: 'is a Transaction global ID; a Customer id is needed' }],
    });
  });

  it('reads an operation over the cost limit as data: null with COST_LIMIT_EXCEEDED', async () => {
    // Estimated at about 10,000 REST calls (a page of refunds per transaction, completions per refund's
    // transaction): refused before any call.
    const wide = gql`
      query Wide($space: ID!) {
        space(id: $space) {
          transactions(first: 100) {
            nodes {
              refunds(first: 100) {
                nodes {
                  transaction {
                    completions(first: 100) {
                      nodes {
                        restId
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    `;
    const answer = await client.query({
      query: wide,
      variables: { space },
      errorPolicy: 'all',
      fetchPolicy: 'no-cache',
    });
    expect(answer.data).toBeNull();
    expect(CombinedGraphQLErrors.is(answer.error)).toBe(true);
    expect((answer.error as CombinedGraphQLErrors).errors[0].extensions?.code).toBe('COST_LIMIT_EXCEEDED');
  });

  it('reads a 429 at the door as a GraphQL error with RATE_LIMITED (not an opaque ServerError)', async () => {
    const url = await w.serveWith({ PAYGRAPH_RATE_LIMIT_PER_SECOND: '1', PAYGRAPH_RATE_LIMIT_BURST: '2' });
    const limited = createApolloClient({ uri: url });
    let refusal: unknown;
    for (let i = 0; i < 5 && !refusal; i++) {
      try {
        await limited.query({
          query: SpaceTransactionsDocument,
          variables: { space, first: 2 },
          fetchPolicy: 'no-cache',
        });
      } catch (error) {
        refusal = error;
      }
    }
    expect(CombinedGraphQLErrors.is(refusal)).toBe(true);
    const [error] = (refusal as CombinedGraphQLErrors).errors;
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });
});

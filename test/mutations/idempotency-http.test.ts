// Idempotency keys over HTTP, through the app and the real REST client, counted at the sandbox: a
// mutation repeated with one Idempotency-Key runs once (concurrent repeats wait for the first), the
// same key with another input is refused, and an outcome REST never confirmed is reported, not re-sent.
import { describe, expect, it } from 'vitest';
import { decodeGlobalId } from '../../src/resolvers';
import { useWorld } from '../support/world';
import { authorizedTransaction } from './support/transactions';

// A short header timeout, so a slow REST answer is an unknown outcome.
const f = useWorld({ client: { timeouts: { headersMs: 500 } } });

function graph(
  query: string,
  variables: Record<string, unknown>,
  key?: string,
): Promise<Record<string, any>> {
  return f.graph(query, variables, key ? { 'idempotency-key': key } : {});
}

const COMPLETE = /* GraphQL */ `
  mutation ($id: ID!) {
    completeTransactionOnline(input: { id: $id }) {
      __typename
      ... on CompleteTransactionOnlinePayload {
        transactionCompletion {
          id
          state
        }
      }
      ... on UpstreamError {
        outcomeUnknown
      }
      ... on MutationError {
        code
        message
      }
    }
  }
`;

describe('Idempotency-Key', () => {
  it('runs completeTransactionOnline once for three sends, two of them concurrent: three identical answers', async () => {
    const id = await authorizedTransaction(f);
    await f.resetCalls();
    const key = `complete-${id}`;
    const [first, second] = await Promise.all([graph(COMPLETE, { id }, key), graph(COMPLETE, { id }, key)]);
    const third = await graph(COMPLETE, { id }, key);
    expect(first.errors).toBeUndefined();
    expect(first.data.completeTransactionOnline.__typename).toBe('CompleteTransactionOnlinePayload');
    // Replays make no REST call, so only their cost report differs.
    expect(second.data).toEqual(first.data);
    expect(third.data).toEqual(first.data);
    expect(await f.restCalls()).toEqual({ completeTransactionOnline: 1 });
    const completions = (await f.rest.call('searchTransactionCompletions', {
      space: f.space,
      query: { query: `linkedTransaction:${decodeGlobalId(id)!.key}` },
    })) as {
      data: unknown[];
    };
    expect(completions.data).toHaveLength(1);
  });

  it('takes the key from the input as well, and refuses the same key with another input', async () => {
    const query = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename ... on CreateCustomerPayload { customer { id } } ... on MutationError { code } } }`;
    await f.resetCalls();
    const first = await graph(query, {
      input: { space: String(f.space), givenName: 'Idem', idempotencyKey: 'customer-1' },
    });
    const again = await graph(query, {
      input: { space: String(f.space), givenName: 'Idem', idempotencyKey: 'customer-1' },
    });
    const other = await graph(query, {
      input: { space: String(f.space), givenName: 'Other', idempotencyKey: 'customer-1' },
    });
    expect(again.data).toEqual(first.data);
    expect(other.data.createCustomer).toEqual({
      __typename: 'IdempotencyKeyReusedError',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await f.restCalls()).toEqual({ createCustomer: 1 });
  });

  it('reports an unknown outcome (REST too slow) and never sends it again under the same key', async () => {
    const id = await authorizedTransaction(f);
    await f.resetCalls();
    const VOID = `mutation ($id: ID!) { voidTransactionOnline(input: { id: $id }) { __typename ... on UpstreamError { outcomeUnknown code } } }`;
    await f.withFault({ latencyMs: 2_000, match: { operationId: 'voidTransactionOnline' } }, async () => {
      const first = await graph(VOID, { id }, `void-${id}`);
      expect(first.data.voidTransactionOnline).toEqual({
        __typename: 'UpstreamError',
        outcomeUnknown: true,
        code: 'UPSTREAM_ERROR',
      });
      const repeat = await graph(VOID, { id }, `void-${id}`);
      expect(repeat.data.voidTransactionOnline).toEqual(first.data.voidTransactionOnline);
      expect(await f.restCalls()).toEqual({ voidTransactionOnline: 1 });
    });
  });
});

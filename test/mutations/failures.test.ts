// REST failures of a mutation as typed errors, through the app and the real REST client, counted at
// the sandbox: a refused state transition, a rate limit, an upstream failure (never retried: a
// payment action is sent at most once), and nothing of the upstream URL in any message.
import { describe, expect, it } from 'vitest';
import type { FaultSettings } from '../../src/sandbox';
import { useWorld } from '../support/world';

const f = useWorld();

/** Runs `work` with a sandbox fault set, and counts the REST calls it made. */
async function withFault<T>(
  fault: Partial<FaultSettings>,
  work: () => Promise<T>,
): Promise<{ result: T; calls: Record<string, number> }> {
  await f.resetCalls();
  const result = await f.withFault(fault, work);
  return { result, calls: await f.restCalls() };
}

const COMPLETE = /* GraphQL */ `
  mutation ($id: ID!, $space: ID!) {
    completeTransactionOnline(input: { id: $id, space: $space }) {
      __typename
      ... on StateTransitionError {
        currentState
        action
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
      ... on UpstreamError {
        status
        upstreamErrorId
        outcomeUnknown
      }
      ... on MutationError {
        code
        message
      }
    }
  }
`;

function pendingTransaction(): number {
  const id = f.sandbox.seedSummary.perSpace[f.space].sampleTransactionIds.PENDING;
  if (id === undefined) throw new Error('the demo data has no PENDING transaction');
  return id;
}

describe('REST failures of mutations', () => {
  it('answers an action the state does not allow with StateTransitionError naming the state', async () => {
    const r = await f.graph(COMPLETE, { id: String(pendingTransaction()), space: String(f.space) });
    expect(r.errors).toBeUndefined();
    expect(r.data!.completeTransactionOnline).toMatchObject({
      __typename: 'StateTransitionError',
      code: 'STATE_TRANSITION_REFUSED',
      currentState: 'PENDING',
      action: 'completeTransactionOnline',
    });
  });

  it('answers a REST rate limit with RateLimitedError and its retry delay, in one call', async () => {
    const { result, calls } = await withFault(
      {
        errorRate: 1,
        errorStatus: 429,
        retryAfterSeconds: 7,
        match: { operationId: 'completeTransactionOnline' },
      },
      () => f.graph(COMPLETE, { id: String(pendingTransaction()), space: String(f.space) }),
    );
    expect(result.data!.completeTransactionOnline).toMatchObject({
      __typename: 'RateLimitedError',
      code: 'RATE_LIMITED',
      retryAfterSeconds: 7,
    });
    expect(calls).toEqual({ completeTransactionOnline: 1 });
  });

  it('never retries a failed payment action: a 503 is one call and an UpstreamError', async () => {
    const { result, calls } = await withFault(
      { errorRate: 1, errorStatus: 503, match: { operationId: 'completeTransactionOnline' } },
      () => f.graph(COMPLETE, { id: String(pendingTransaction()), space: String(f.space) }),
    );
    const error = result.data!.completeTransactionOnline as Record<string, unknown>;
    expect(error).toMatchObject({
      __typename: 'UpstreamError',
      code: 'UPSTREAM_ERROR',
      status: 503,
      outcomeUnknown: true,
    });
    expect(typeof error.upstreamErrorId).toBe('string');
    expect(calls).toEqual({ completeTransactionOnline: 1 });
    expect(JSON.stringify(result)).not.toContain(new URL(f.sandbox.baseUrl).host);
    expect(JSON.stringify(result)).not.toContain('/api/v2.0');
  });
});

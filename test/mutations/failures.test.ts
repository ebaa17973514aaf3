// REST failures of a mutation as typed errors, through the app and the real REST client, counted at
// the sandbox: a refused state transition, a rate limit, an upstream failure (never retried: a
// payment action is sent at most once), and nothing of the upstream URL in any message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';

let sandbox: RunningSandbox;
let rest: RestClient;
let app: App;
let space: number;

beforeAll(async () => {
  sandbox = await startSandbox();
  const [user] = sandbox.users;
  rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  app = createApp({ rest, graphiql: false });
  space = sandbox.spaces[0];
});
afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

async function graph(query: string, variables: Record<string, unknown> = {}): Promise<{ data?: Record<string, any>; errors?: unknown[] }> {
  const response = await app.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
}

const admin = (path: string) => `${sandbox.origin}/__admin/${path}`;
async function withFault<T>(fault: Record<string, unknown>, work: () => Promise<T>): Promise<{ result: T; calls: Record<string, number> }> {
  await fetch(admin('requests'), { method: 'DELETE' });
  await fetch(admin('faults'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  try {
    const result = await work();
    const calls = ((await (await fetch(admin('requests'))).json()) as { byOperation: Record<string, number> }).byOperation;
    return { result, calls };
  } finally {
    await fetch(admin('faults'), { method: 'DELETE' });
  }
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
  const id = sandbox.seedSummary.perSpace[space].sampleTransactionIds.PENDING;
  if (id === undefined) throw new Error('the demo data has no PENDING transaction');
  return id;
}

describe('REST failures of mutations', () => {
  it('answers an action the state does not allow with StateTransitionError naming the state', async () => {
    const r = await graph(COMPLETE, { id: String(pendingTransaction()), space: String(space) });
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
      { errorRate: 1, errorStatus: 429, retryAfterSeconds: 7, match: { operationId: 'completeTransactionOnline' } },
      () => graph(COMPLETE, { id: String(pendingTransaction()), space: String(space) }),
    );
    expect(result.data!.completeTransactionOnline).toMatchObject({
      __typename: 'RateLimitedError',
      code: 'RATE_LIMITED',
      retryAfterSeconds: 7,
    });
    expect(calls).toEqual({ completeTransactionOnline: 1 });
  });

  it('never retries a failed payment action: a 503 is one call and an UpstreamError', async () => {
    const { result, calls } = await withFault({ errorRate: 1, errorStatus: 503, match: { operationId: 'completeTransactionOnline' } }, () =>
      graph(COMPLETE, { id: String(pendingTransaction()), space: String(space) }),
    );
    const error = result.data!.completeTransactionOnline as Record<string, unknown>;
    expect(error).toMatchObject({ __typename: 'UpstreamError', code: 'UPSTREAM_ERROR', status: 503, outcomeUnknown: true });
    expect(typeof error.upstreamErrorId).toBe('string');
    expect(calls).toEqual({ completeTransactionOnline: 1 });
    expect(JSON.stringify(result)).not.toContain(new URL(sandbox.baseUrl).host);
    expect(JSON.stringify(result)).not.toContain('/api/v2.0');
  });
});

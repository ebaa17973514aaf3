// Idempotency keys over HTTP, through the app and the real REST client, counted at the sandbox: a
// mutation repeated with one Idempotency-Key runs once (concurrent repeats wait for the first), the
// same key with another input is refused, and an outcome REST never confirmed is reported, not re-sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGlobalId } from '../../src/resolvers';
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
  // A short header timeout, so a slow REST answer is an unknown outcome.
  rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key, timeouts: { headersMs: 500 } });
  app = createApp({ rest, graphiql: false });
  space = sandbox.spaces[0];
});
afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

async function graph(query: string, variables: Record<string, unknown>, key?: string): Promise<Record<string, any>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (key) headers['idempotency-key'] = key;
  const response = await app.fetch('http://paygraph.test/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as Record<string, any>;
}

const admin = (path: string) => `${sandbox.origin}/__admin/${path}`;
async function restCalls(): Promise<Record<string, number>> {
  return ((await (await fetch(admin('requests'))).json()) as { byOperation: Record<string, number> }).byOperation;
}
async function resetCounts(): Promise<void> {
  await fetch(admin('requests'), { method: 'DELETE' });
}

/** An authorized transaction of the first space, made over REST directly. */
async function authorizedTransaction(): Promise<string> {
  const created = await graph(
    `mutation ($input: CreateTransactionInput!) { createTransaction(input: $input) { ... on CreateTransactionPayload { transaction { id } } } }`,
    {
      input: {
        space: String(space),
        currency: 'CHF',
        completionBehavior: 'COMPLETE_DEFERRED',
        lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 2, amountIncludingTax: 12, type: 'PRODUCT' }],
      },
    },
  );
  const id = created.data.createTransaction.transaction.id as string;
  const processed = await graph(
    `mutation ($input: ProcessTransactionCardDetailsInput!) { processTransactionCardDetails(input: $input) {
      ... on ProcessTransactionCardDetailsPayload { transaction { state } } } }`,
    {
      input: {
        id,
        paymentMethodConfiguration: String(sandbox.seedSummary.perSpace[space].cardPaymentMethodConfigurationId),
        cardData: { primaryAccountNumber: sandbox.seedSummary.testCards.approve, expiryDate: '2031-12', cardVerificationCode: '123' },
      },
    },
  );
  expect(processed.data.processTransactionCardDetails.transaction.state).toBe('AUTHORIZED');
  return id;
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
    const id = await authorizedTransaction();
    await resetCounts();
    const key = `complete-${id}`;
    const [first, second] = await Promise.all([graph(COMPLETE, { id }, key), graph(COMPLETE, { id }, key)]);
    const third = await graph(COMPLETE, { id }, key);
    expect(first.errors).toBeUndefined();
    expect(first.data.completeTransactionOnline.__typename).toBe('CompleteTransactionOnlinePayload');
    // Replays make no REST call, so only their cost report differs.
    expect(second.data).toEqual(first.data);
    expect(third.data).toEqual(first.data);
    expect(await restCalls()).toEqual({ completeTransactionOnline: 1 });
    const completions = (await rest.call('searchTransactionCompletions', {
      space,
      query: { query: `linkedTransaction:${decodeGlobalId(id)!.key}` },
    })) as {
      data: unknown[];
    };
    expect(completions.data).toHaveLength(1);
  });

  it('takes the key from the input as well, and refuses the same key with another input', async () => {
    const query = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename ... on CreateCustomerPayload { customer { id } } ... on MutationError { code } } }`;
    await resetCounts();
    const first = await graph(query, { input: { space: String(space), givenName: 'Idem', idempotencyKey: 'customer-1' } });
    const again = await graph(query, { input: { space: String(space), givenName: 'Idem', idempotencyKey: 'customer-1' } });
    const other = await graph(query, { input: { space: String(space), givenName: 'Other', idempotencyKey: 'customer-1' } });
    expect(again.data).toEqual(first.data);
    expect(other.data.createCustomer).toEqual({ __typename: 'IdempotencyKeyReusedError', code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await restCalls()).toEqual({ createCustomer: 1 });
  });

  it('reports an unknown outcome (REST too slow) and never sends it again under the same key', async () => {
    const id = await authorizedTransaction();
    await fetch(admin('faults'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 2_000, match: { operationId: 'voidTransactionOnline' } }),
    });
    await resetCounts();
    const VOID = `mutation ($id: ID!) { voidTransactionOnline(input: { id: $id }) { __typename ... on UpstreamError { outcomeUnknown code } } }`;
    try {
      const first = await graph(VOID, { id }, `void-${id}`);
      expect(first.data.voidTransactionOnline).toEqual({ __typename: 'UpstreamError', outcomeUnknown: true, code: 'UPSTREAM_ERROR' });
      const repeat = await graph(VOID, { id }, `void-${id}`);
      expect(repeat.data.voidTransactionOnline).toEqual(first.data.voidTransactionOnline);
      expect(await restCalls()).toEqual({ voidTransactionOnline: 1 });
    } finally {
      await fetch(admin('faults'), { method: 'DELETE' });
    }
  });
});

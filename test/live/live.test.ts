// Live updates end to end: paygraph over HTTP (SSE, yoga's built-in graphql-sse protocol) and
// WebSocket (graphql-ws), each with its real client library; changes are driven by mutations from
// another client, and the subscriber sees each state once, in order. The operations are typed
// documents (test/operations/live.graphql), checked against the schema.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { examples } from '../../src/server/graphiql-examples';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import {
  LiveAuthorizeDocument,
  LiveCompleteDocument,
  LiveCreateRefundDocument,
  LiveCreateTransactionDocument,
  LiveEntityChangedDocument,
  LiveFollowTransactionDocument,
  LiveRefundsChangedDocument,
  LiveTransactionsChangedDocument,
  LiveVoidDocument,
  type LiveRefundsChangedSubscription,
  type LiveTransactionsChangedSubscription,
} from '../operations/generated';
import { typedRequest } from '../support/typed-operations';

let sandbox: RunningSandbox;
let graph: RunningGraphServer;
let space: number;

beforeAll(async () => {
  sandbox = await startSandbox();
  const [user] = sandbox.users;
  graph = await startGraphServer({
    restUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    port: 0,
    liveTick: { fastMs: 50, slowMs: 200 },
  });
  space = sandbox.spaces[0];
});
afterAll(async () => {
  await graph?.close();
  await sandbox?.close();
});

async function mutate<Result, Vars extends Record<string, unknown>>(
  document: TypedDocumentNode<Result, Vars>,
  variables: Vars,
): Promise<Result> {
  const response = await fetch(graph.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(typedRequest(document, variables)),
  });
  const body = (await response.json()) as { data: Result; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function newTransaction(merchantReference?: string): Promise<string> {
  const data = await mutate(LiveCreateTransactionDocument, {
    input: {
      space: String(space),
      currency: 'CHF',
      completionBehavior: 'COMPLETE_DEFERRED',
      merchantReference,
      lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 1, amountIncludingTax: 10, type: 'PRODUCT' }],
    },
  });
  return data.createTransaction.transaction!.id;
}

async function authorize(id: string): Promise<void> {
  await mutate(LiveAuthorizeDocument, {
    input: {
      id,
      paymentMethodConfiguration: String(
        sandbox.seedSummary.perSpace[space].cardPaymentMethodConfigurationId,
      ),
      cardData: {
        primaryAccountNumber: sandbox.seedSummary.testCards.approve,
        expiryDate: '2031-12',
        cardVerificationCode: '123',
      },
    },
  });
}

async function complete(id: string): Promise<void> {
  await mutate(LiveCompleteDocument, { id });
}

async function liveSubscribers(): Promise<number> {
  const text = await (await fetch(new URL('/metrics', graph.url))).text();
  const line = text.split('\n').find((l) => l.startsWith('paygraph_live_subscribers '));
  return Number(line?.split(' ')[1] ?? 0);
}

/** Waits until the server holds `count` live subscriptions (a subscription has no event to say it is registered). */
async function subscribed(count: number): Promise<void> {
  while ((await liveSubscribers()) < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Subscribes to the transaction `id` and waits for its first answer: the tick that answered it also
 * took the baseline of every collection watch of the same (space, model) registered before.
 */
async function watchRuns(
  client: ReturnType<typeof createSseClient>,
  id: string,
): Promise<AsyncIterableIterator<unknown>> {
  const events = client.iterate(typedRequest(LiveEntityChangedDocument, { id }));
  await events.next();
  return events;
}

type Event = {
  data?: { entityChanged: { id: string; state: string; lineItems: { name: string }[] } };
  errors?: unknown;
};

/** Follows a transaction through its life, driving each step once the previous state arrived. */
async function follow(events: AsyncIterable<Event>, id: string): Promise<string[]> {
  const states: string[] = [];
  for await (const event of events) {
    expect(event.errors).toBeUndefined();
    const entity = event.data!.entityChanged;
    expect(entity.id).toBe(id);
    expect(entity.lineItems).toEqual([{ name: 'Tea' }]);
    states.push(entity.state);
    if (entity.state === 'PENDING') await authorize(id);
    else if (entity.state === 'AUTHORIZED') await complete(id);
  }
  return states;
}

describe('live updates', () => {
  it('over SSE (graphql-sse): a transaction seen PENDING -> AUTHORIZED -> FULFILL, each once, then the stream ends', async () => {
    const id = await newTransaction();
    const client = createSseClient({ url: graph.url });
    try {
      const states = await follow(
        client.iterate(typedRequest(LiveFollowTransactionDocument, { id })) as AsyncIterable<Event>,
        id,
      );
      expect(states).toEqual(['PENDING', 'AUTHORIZED', 'FULFILL']);
    } finally {
      client.dispose();
    }
  });

  it('over WebSocket (graphql-ws): the same walk', async () => {
    const id = await newTransaction();
    const client: WsClient = createWsClient({
      url: graph.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
    });
    try {
      const states = await follow(
        client.iterate(typedRequest(LiveFollowTransactionDocument, { id })) as AsyncIterable<Event>,
        id,
      );
      expect(states).toEqual(['PENDING', 'AUTHORIZED', 'FULFILL']);
    } finally {
      await client.dispose();
    }
  });

  it('runs the GraphiQL Live tab: FollowTransaction streams the transaction the Checkout tab drives', async () => {
    const live = examples.find((e) => e.title === 'Live')!;
    const id = await newTransaction();
    const client = createSseClient({ url: graph.url });
    try {
      const events = client.iterate({
        query: live.query,
        operationName: 'FollowTransaction',
        variables: { ...live.variables, transaction: id },
      });
      const states: string[] = [];
      for await (const event of events as AsyncIterable<{ data?: { entityChanged: { state: string } } }>) {
        states.push(event.data!.entityChanged.state);
        if (states.length === 1) await authorize(id);
        else if (states.length === 2) await complete(id);
      }
      expect(states).toEqual(['PENDING', 'AUTHORIZED', 'FULFILL']);
    } finally {
      client.dispose();
    }
  });

  it('refundsChanged with a filter sees exactly the new matching refunds', async () => {
    const client = createSseClient({ url: graph.url });
    const ids = [await newTransaction(), await newTransaction()];
    const before = await liveSubscribers();
    const events = client.iterate(
      typedRequest(LiveRefundsChangedDocument, { space: String(space) }),
    ) as AsyncIterableIterator<{
      data?: LiveRefundsChangedSubscription;
    }>;
    try {
      // The first event can only come from a refund made after subscribing: make them once the watch runs.
      const first = events.next();
      await subscribed(before + 1);
      for (const id of ids) {
        await authorize(id);
        await complete(id);
      }
      const refunds: string[] = [];
      for (const [i, reference] of ['live-no', 'live-yes'].entries()) {
        const made = await mutate(LiveCreateRefundDocument, {
          input: {
            space: String(space),
            transaction: ids[i],
            externalId: `r-${i}`,
            type: 'MERCHANT_INITIATED_ONLINE',
            amount: 3 + i,
            merchantReference: reference,
          },
        });
        refunds.push(made.createRefund.refund!.id);
        // The baseline of the refund watch is taken by the tick that first answers a refund followed in the same space.
        if (i === 0) await watchRuns(client, refunds[0]).then((e) => e.return?.());
      }
      const event = (await first).value!;
      expect(event.data!.refundsChanged).toMatchObject({ amount: '4', merchantReference: 'live-yes' });
    } finally {
      await events.return?.();
      client.dispose();
    }
  });

  it('transactionsChanged sees a void, which leaves no event timestamp to search on', async () => {
    const reference = `live-void-${process.pid}`;
    const voided = await newTransaction(reference);
    await authorize(voided);
    const client = createSseClient({ url: graph.url });
    const before = await liveSubscribers();
    const events = client.iterate(
      typedRequest(LiveTransactionsChangedDocument, { space: String(space), ref: reference }),
    ) as AsyncIterableIterator<{
      data?: LiveTransactionsChangedSubscription;
    }>;
    try {
      const first = events.next();
      await subscribed(before + 1);
      // Once the watch has taken its baseline (the AUTHORIZED transaction is known), a newer matching
      // transaction moves the watch's timestamp past the authorization; then the void.
      const follower = await watchRuns(client, voided);
      await follower.return?.();
      const newer = await newTransaction(reference);
      expect((await first).value!.data!.transactionsChanged).toEqual({ id: newer, state: 'PENDING' });
      await mutate(LiveVoidDocument, { id: voided });
      expect((await events.next()).value!.data!.transactionsChanged).toEqual({ id: voided, state: 'VOIDED' });
    } finally {
      await events.return?.();
      client.dispose();
    }
  });

  it('refuses to follow an object that cannot change', async () => {
    const client = createSseClient({ url: graph.url });
    try {
      const country = Buffer.from('RestCountry:-:CH').toString('base64url');
      const events = client.iterate(typedRequest(LiveEntityChangedDocument, { id: country }));
      const first = await events.next();
      expect(first.value).toMatchObject({
        errors: [
          {
            message: 'Country has neither a version nor a state: it cannot be watched',
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      });
    } finally {
      client.dispose();
    }
  });
});

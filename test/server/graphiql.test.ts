// GraphiQL is served at /graphql with the example operations, and every example is valid against
// the schema and runs on the demo data without errors of its own.
import * as graphql from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { schema } from '../../src/schema';
import { createApp } from '../../src/server/app';
import { DEMO_SPACE, examples } from '../../src/server/graphiql-examples';
import type { PagingQuery, TourQuery } from '../../src/server/generated/example-operations';

let sandbox: RunningSandbox;
let rest: RestClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  rest = createRestClient({
    baseUrl: sandbox.baseUrl,
    userId: sandbox.users[0].id,
    authKey: sandbox.users[0].key,
  });
});

afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

describe('GraphiQL', () => {
  it('is served to browsers at /graphql with every example as a default tab', async () => {
    const app = createApp({ rest });
    const response = await app.fetch('http://paygraph.test/graphql', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('paygraph');
    for (const example of examples) expect(html).toContain(JSON.stringify(example.query).slice(1, 60));
  });

  it('is off when asked', async () => {
    const app = createApp({ rest, graphiql: false });
    const response = await app.fetch('http://paygraph.test/graphql', { headers: { accept: 'text/html' } });
    expect(response.status).not.toBe(200);
  });

  it('shows links, filters, paging and lookups, each a valid operation', () => {
    const text = examples.map((e) => e.query).join('\n');
    for (const shown of [
      'filter:',
      'orderBy:',
      'after: $after',
      'pageInfo',
      'linkedTransaction {',
      'completions(',
      'space(id:',
    ]) {
      expect(text).toContain(shown);
    }
    for (const example of examples) {
      expect(graphql.validate(schema, graphql.parse(example.query)), example.title).toEqual([]);
      // Only the checkout tour writes: the other tabs can be run again and again.
      if (example.title !== 'Checkout') expect(example.query).not.toMatch(/\bmutation\b/);
      if (example.title !== 'Live') expect(example.query).not.toMatch(/\bsubscription\b/);
    }
  });

  it('walks the checkout tour: create, authorize, complete, refund', async () => {
    const app = createApp({ rest, graphiql: false });
    const checkout = examples.find((e) => e.title === 'Checkout')!;
    const run = async (operationName: string, variables: Record<string, unknown>) => {
      const response = await app.fetch('http://paygraph.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: checkout.query,
          operationName,
          variables: { ...checkout.variables, ...variables },
        }),
      });
      const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
      expect(body.errors, operationName).toBeUndefined();
      return body.data!;
    };
    expect(String(sandbox.seedSummary.perSpace[Number(DEMO_SPACE)].cardPaymentMethodConfigurationId)).toBe(
      checkout.variables!.cardConfiguration,
    );
    const created = await run('CreateTransaction', {});
    const transaction = created.createTransaction.transaction.id as string;
    expect((await run('ProcessCard', { transaction })).processTransactionCardDetails.transaction.state).toBe(
      'AUTHORIZED',
    );
    expect((await run('Complete', { transaction })).completeTransactionOnline.transaction.state).toBe(
      'FULFILL',
    );
    expect((await run('Refund', { transaction })).createRefund.refund.amount).toBe('49.5');
  });

  it('runs every example on the demo data, where the demo space is the first one', async () => {
    expect(String(sandbox.spaces[0])).toBe(DEMO_SPACE);
    const app = createApp({ rest, graphiql: false });
    const answers = new Map<string, unknown>();
    // The checkout writes, the live tab streams and the defer tab answers in parts: each has its own test.
    for (const example of examples.filter((e) => !['Checkout', 'Live', 'Defer'].includes(e.title))) {
      const response = await app.fetch('http://paygraph.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: example.query, variables: example.variables ?? {} }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: unknown[] };
      expect(body.errors, example.title).toBeUndefined();
      expect(body.data, example.title).toBeTruthy();
      answers.set(example.title, body.data);
    }
    // The answers have the shapes graphql-codegen derived from the schema (src/server/generated).
    const tour = answers.get('Tour') as TourQuery;
    expect(tour.spaces?.nodes.map((s) => String(s.restId))).toContain(DEMO_SPACE);
    const paging = answers.get('Paging') as PagingQuery;
    expect(paging.space?.transactions?.pageInfo.hasNextPage).toBe(true);
  });
});

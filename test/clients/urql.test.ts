// urql 6 with graphcache 9 against paygraph over HTTP, set up as the README's "Client setup" says
// (examples/clients/urql.ts): its default GET queries are answered (an `accept` header and nothing
// else), mutations go by POST, graphcache matches MutationError and the result unions without
// heuristics, keeps id-less values inside their parent without a warning, and relayPagination joins
// `nodes` pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@urql/core';
import {
  CreateCustomerDocument,
  SpaceTransactionsDocument,
  UpdateCustomerDocument,
} from '../../examples/clients/generated/graphql';
import { createUrqlClient } from '../../examples/clients/urql';
import { encodeGlobalId } from '../../src/resolvers';
import { startClientWorld, type ClientWorld } from './support';

let w: ClientWorld;
let client: Client;
let space: string;
/** What graphcache logged: its warnings are how it says it had to guess. */
const logged: string[] = [];

beforeAll(async () => {
  w = await startClientWorld();
  client = createUrqlClient({
    url: w.url,
    logger: (severity, message) => logged.push(`${severity}: ${message}`),
  });
  space = encodeGlobalId('Space', null, w.space);
});
afterAll(async () => {
  await w?.close();
});

describe('urql with graphcache and paygraph', () => {
  it('sends queries by GET with its default headers, and gets them answered', async () => {
    const before = w.received.length;
    const result = await client.query(SpaceTransactionsDocument, { space, first: 3 }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data?.space?.transactions?.nodes).toHaveLength(3);
    const [sent] = w.received.slice(before);
    expect(sent.method).toBe('GET');
    expect(Object.keys(sent.headers).filter((h) => h.startsWith('x-') || h.includes('preflight'))).toEqual(
      [],
    );
    expect(typeof result.data?.space?.transactions?.nodes[0].authorizationAmount).toBe('string');
  });

  it('joins pages of a `nodes` selection with relayPagination', async () => {
    const page1 = await client.query(SpaceTransactionsDocument, { space, first: 4 }).toPromise();
    const after = page1.data!.space!.transactions!.pageInfo.endCursor;
    const page2 = await client.query(SpaceTransactionsDocument, { space, first: 4, after }).toPromise();
    const direct = await client
      .query(SpaceTransactionsDocument, { space, first: 8 }, { requestPolicy: 'network-only' })
      .toPromise();
    expect(page2.data!.space!.transactions!.nodes.map((n) => n.restId)).toEqual(
      direct.data!.space!.transactions!.nodes.map((n) => n.restId),
    );
  });

  it('sends mutations by POST and matches the typed errors without heuristics', async () => {
    const created = await client
      .mutation(CreateCustomerDocument, { input: { space, givenName: 'Lin' } })
      .toPromise();
    const customer = created.data!.createCustomer;
    expect(customer.__typename).toBe('CreateCustomerPayload');
    if (customer.__typename !== 'CreateCustomerPayload') return;
    const stale = { id: customer.customer!.id, version: customer.customer!.version, givenName: 'Lin 2' };
    await client.mutation(UpdateCustomerDocument, { input: stale }).toPromise();
    const conflict = await client
      .mutation(UpdateCustomerDocument, { input: { ...stale, givenName: 'Lin 3' } })
      .toPromise();
    expect(conflict.data!.updateCustomer).toMatchObject({
      __typename: 'CustomerVersionConflictError',
      code: 'VERSION_CONFLICT',
      current: { givenName: 'Lin 2' },
    });
    const methods = w.received.filter((r) => r.method === 'POST').length;
    expect(methods).toBeGreaterThanOrEqual(3);
  });

  it('logged no warning: no heuristic fragment matching, no id-less type without a key', () => {
    expect(logged.filter((l) => l.startsWith('warn'))).toEqual([]);
  });
});

// graphql-request 7 against paygraph over HTTP with the typed documents graphql-codegen makes with
// paygraph's client scalars: money is exact both ways. An amount sent as a string reaches REST digit
// for digit (the REST request body is recorded between paygraph and the sandbox), amounts come back as
// decimal strings, and Money is in the minor units of its currency (CHF two decimals, JPY none).
import { readFileSync } from 'node:fs';
import { ClientError, type GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLRequestClient } from '../../examples/clients/graphql-request';
import {
  CreateTransactionDocument,
  SpaceTransactionsDocument,
} from '../../examples/clients/generated/graphql';
import { encodeGlobalId } from '../../src/resolvers';
import { startClientWorld, type ClientWorld } from './support';

let w: ClientWorld;
let client: GraphQLClient;
let space: string;

beforeAll(async () => {
  w = await startClientWorld();
  client = createGraphQLRequestClient(w.url);
  space = encodeGlobalId('Space', null, w.space);
});
afterAll(async () => {
  await w?.close();
});

const line = (uniqueId: string, amountIncludingTax: string | number) => ({
  uniqueId,
  name: uniqueId,
  quantity: 1,
  amountIncludingTax,
  type: 'PRODUCT' as const,
});

describe('graphql-request with typed documents', () => {
  it('sends amounts to REST exactly as the client wrote them, strings or numbers', async () => {
    const sent = w.restRequests.length;
    const created = await client.request(CreateTransactionDocument, {
      input: {
        space,
        currency: 'CHF',
        lineItems: [line('exact', '19.90'), line('long', '0.10000000000000000001'), line('number', 5.5)],
      },
    });
    expect(created.createTransaction.__typename).toBe('CreateTransactionPayload');
    const body = w.restRequests
      .slice(sent)
      .find((r) => r.method === 'POST' && r.path.startsWith('/api/v2.0/payment/transactions'))!.body;
    expect(body).toContain('"amountIncludingTax":19.90');
    expect(body).toContain('"amountIncludingTax":0.10000000000000000001');
    expect(body).toContain('"amountIncludingTax":5.5');
  });

  it('answers amounts as decimal strings, Money in minor units: "39.90" CHF, "1000" JPY', async () => {
    const chf = await client.request(CreateTransactionDocument, {
      input: { space, currency: 'CHF', lineItems: [line('a', '39.9')] },
    });
    const jpy = await client.request(CreateTransactionDocument, {
      input: { space, currency: 'JPY', lineItems: [line('b', 1000)] },
    });
    if (
      chf.createTransaction.__typename !== 'CreateTransactionPayload' ||
      jpy.createTransaction.__typename !== 'CreateTransactionPayload'
    ) {
      throw new Error('not created');
    }
    expect(chf.createTransaction.transaction).toMatchObject({
      authorizationAmount: '39.9',
      authorizationAmountMoney: { amount: '39.90', currencyCode: 'CHF' },
      lineItems: [{ uniqueId: 'a', amountIncludingTax: '39.9' }],
    });
    expect(jpy.createTransaction.transaction?.authorizationAmountMoney).toEqual({
      amount: '1000',
      currencyCode: 'JPY',
    });
  });

  it('reads Long and Decimal as strings wherever they are', async () => {
    const page = await client.request(SpaceTransactionsDocument, { space, first: 3 });
    for (const t of page.space!.transactions!.nodes) {
      expect(typeof t.restId).toBe('string');
      expect(typeof t.authorizationAmount).toBe('string');
      expect(typeof t.group?.restId).toBe('string');
    }
  });

  it('gets refusals of variables with their code (BAD_USER_INPUT)', async () => {
    const refusal = await client
      .request(SpaceTransactionsDocument, { space, first: 'three' as unknown as number })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ClientError);
    expect((refusal as ClientError).response.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
  });

  it('uses codegen types with no `unknown` scalar: paygraph publishes each one', () => {
    const generated = readFileSync('examples/clients/generated/graphql.ts', 'utf8');
    const query = /export type SpaceTransactionsQuery = (.*);/.exec(generated)![1];
    // Long, Decimal, DateTime as strings (their one wire type); JSONObject as an object type.
    for (const field of [
      'restId: string',
      'authorizationAmount: string | null',
      'amount: string',
      'createdOn: string | null',
    ]) {
      expect(query, field).toContain(field);
    }
    expect(generated).toMatch(/metaData\?: Record<string, unknown>/);
    // The only `unknown` left is codegen's own helper type (`Exact<T extends { [key: string]: unknown }>`).
    expect(generated.replaceAll('[key: string]: unknown', '')).not.toMatch(/: unknown[,;\s]/);
  });
});

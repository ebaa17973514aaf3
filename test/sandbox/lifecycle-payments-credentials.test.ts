// Transaction credentials over HTTP: issued for one transaction, accepted alone (no JWT) by the
// by-credentials operations, refused when expired, forged, or a JWT in their place; one-click
// tokens listed, processed and deleted through them.
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/catalog';
import { responseProblems } from '../contract/support/response-validator';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';
import { signToken } from './support/signed-fetch';

const f = useWorld({ graph: false });

const act = actOn(f);

/** A by-credentials call with no Authorization header and no space header at all. */
async function byCredentials(
  operationId: string,
  credentials: string,
  o: { id?: number; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const op = operation(operationId);
  let path = op.path.replace('{credentials}', encodeURIComponent(credentials)).replace('{id}', String(o.id));
  if (o.query) path += `?${new URLSearchParams(o.query).toString()}`;
  const response = await fetch(`${f.sandbox.baseUrl}${path}`, { method: op.method, headers: o.headers });
  const text = await response.text();
  const body =
    (response.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as Json) : {};
  if (response.status < 300 && op.response?.contentType.includes('json'))
    expect(responseProblems(op, body), operationId).toEqual([]);
  return { status: response.status, text, body };
}

const LINES = [{ name: 'Ticket', quantity: 1, amountIncludingTax: 42, type: 'PRODUCT', uniqueId: 'ticket' }];

async function newTransaction(extra: Json = {}): Promise<Json> {
  return (
    await act('createTransaction', {
      body: { currency: 'CHF', completionBehavior: 'COMPLETE_DEFERRED', lineItems: LINES, ...extra },
    })
  ).body;
}

async function credentialsOf(id: number): Promise<string> {
  const res = await act('getTransactionCredentials', { params: { id } });
  expect(res.status).toBe(200);
  return res.text;
}

describe('transaction credentials', () => {
  it('authorize the by-credentials operations of their own transaction, without a JWT', async () => {
    const tx = await newTransaction();
    const credentials = await credentialsOf(tx.id);
    const fetched = await byCredentials('getTransactionByCredentials', credentials);
    expect([fetched.status, fetched.body.id, fetched.body.state]).toEqual([200, tx.id, 'PENDING']);
    const sdk = await byCredentials('getTransactionMobileSdkUrlByCredentials', credentials);
    const url = new URL(sdk.text);
    expect([url.searchParams.get('spaceId'), url.searchParams.get('transactionId')]).toEqual([
      String(f.space),
      String(tx.id),
    ]);
    const methods = await byCredentials('listPaymentMethodConfigurationsByCredentials', credentials, {
      query: { integrationMode: 'IFRAME' },
    });
    expect(methods.body.data.map((c: Json) => c.id)).toContain(
      f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId,
    );
  });

  it('are refused when expired, forged, or replaced by a JWT', async () => {
    const tx = await newTransaction();
    const settings = f.sandbox.state.settings;
    const ttl = settings.credentialsTtlSeconds;
    settings.credentialsTtlSeconds = 0;
    const expired = await credentialsOf(tx.id).finally(() => (settings.credentialsTtlSeconds = ttl));
    const refusedExpired = await byCredentials('getTransactionByCredentials', expired);
    expect([refusedExpired.status, refusedExpired.body.message]).toEqual([
      401,
      expect.stringContaining('expired'),
    ]);

    // The shape clients parse: the space id, the transaction id, then the secret part.
    const valid = await credentialsOf(tx.id);
    expect(valid.startsWith(`${f.space}-${tx.id}-`)).toBe(true);
    expect(valid.length).toBeGreaterThan(`${f.space}-${tx.id}-`.length + 32);
    // Bound to another transaction by editing its id: the signature no longer matches.
    const forged = valid.replace(`${f.space}-${tx.id}-`, `${f.space}-${tx.id - 1}-`);
    expect((await byCredentials('getTransactionByCredentials', forged)).status).toBe(401);
    const otherSpace = valid.replace(`${f.space}-`, `${f.sandbox.spaces[1]}-`);
    expect((await byCredentials('getTransactionByCredentials', otherSpace)).status).toBe(401);
    expect((await byCredentials('getTransactionByCredentials', 'not-credentials')).status).toBe(401);

    // A JWT that would authorize a normal call is no credentials, in the path or beside them.
    const path = `/api/v2.0/payment/transactions/${tx.id}`;
    const jwt = await signToken('GET', path, f.sign);
    expect((await byCredentials('getTransactionByCredentials', jwt)).status).toBe(401);
    expect(
      (
        await byCredentials('getTransactionMobileSdkUrlByCredentials', jwt, {
          headers: { authorization: `Bearer ${jwt}` },
        })
      ).status,
    ).toBe(401);
    expect(valid).not.toContain(f.sandbox.users[0].key);
  });

  it('list, process and delete one-click tokens of the transaction customer only', async () => {
    const configuration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
    const card = {
      primaryAccountNumber: f.sandbox.seedSummary.testCards.approve,
      expiryDate: '2031-12',
      cardVerificationCode: '123',
    };
    const first = await newTransaction({
      customerId: 'one-click-customer',
      tokenizationMode: 'FORCE_CREATION_WITH_ONE_CLICK_PAYMENT',
    });
    const paid = await act('processTransactionCardDetails', {
      params: { id: first.id },
      body: { paymentMethodConfiguration: configuration, cardData: card },
    });
    expect(paid.body.state).toBe('AUTHORIZED');

    const second = await newTransaction({
      customerId: 'one-click-customer',
      successUrl: 'https://shop.example/thanks',
    });
    const credentials = await credentialsOf(second.id);
    const listed = await byCredentials('listOneClickTokensByCredentials', credentials);
    expect(listed.body.data.map((v: Json) => [v.token, v.state])).toEqual([[paid.body.token, 'ACTIVE']]);
    const versionId = listed.body.data[0].id as number;

    const stranger = await credentialsOf((await newTransaction({ customerId: 'someone-else' })).id);
    expect((await byCredentials('listOneClickTokensByCredentials', stranger)).body.data).toEqual([]);
    expect(
      (await byCredentials('processOneClickTokenByCredentials', stranger, { id: versionId })).status,
    ).toBe(404);
    expect(
      (await byCredentials('deleteOneClickTokenByCredentials', stranger, { id: versionId })).status,
    ).toBe(404);

    const processed = await byCredentials('processOneClickTokenByCredentials', credentials, {
      id: versionId,
    });
    expect([processed.status, processed.text]).toEqual([200, 'https://shop.example/thanks']);
    const after = await byCredentials('getTransactionByCredentials', credentials);
    expect([after.body.state, after.body.token]).toEqual(['AUTHORIZED', paid.body.token]);
    const twice = await byCredentials('processOneClickTokenByCredentials', credentials, { id: versionId });
    expect([twice.status, twice.body.message]).toEqual([422, expect.stringContaining('it is AUTHORIZED')]);

    const third = await credentialsOf((await newTransaction({ customerId: 'one-click-customer' })).id);
    // Named by its token id this time, as the official SDKs name the parameter.
    expect(
      (await byCredentials('deleteOneClickTokenByCredentials', third, { id: paid.body.token.id })).status,
    ).toBe(204);
    expect((await byCredentials('listOneClickTokensByCredentials', third)).body.data).toEqual([]);
    expect((await byCredentials('processOneClickTokenByCredentials', third, { id: versionId })).status).toBe(
      404,
    );
    expect((await act('getTokenVersion', { params: { id: versionId } })).body.state).toBe('OBSOLETE');
  });
});

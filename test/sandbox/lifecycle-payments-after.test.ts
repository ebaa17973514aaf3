// Scenario tests of what hangs off a transaction over HTTP: invoices, delivery indications, the
// charge flow, tokens and token versions, the URL endpoints and payment method configurations.
import { describe, expect, it } from 'vitest';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });

const act = actOn(f);

const fetchOne = async (operationId: string, id: number) => (await act(operationId, { params: { id } })).body;
const search = async (operationId: string, query: string) =>
  (await act(operationId, { query: { query } })).body.data as Json[];

/** 422 naming the current state and the action. */
function expectRefused(res: { status: number; body: Json }, state: string, action: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toContain(`it is ${state}`);
  expect(res.body.message).toContain(action);
}

const LINES = [
  {
    name: 'Lamp',
    quantity: 1,
    amountIncludingTax: 80,
    type: 'PRODUCT',
    uniqueId: 'lamp',
    taxes: [{ rate: 8.1, title: 'VAT' }],
  },
  { name: 'Bulb', quantity: 4, amountIncludingTax: 20, type: 'PRODUCT', uniqueId: 'bulb' },
];
const card = (number: string) => ({
  primaryAccountNumber: number,
  expiryDate: '2031-12',
  cardVerificationCode: '123',
});

async function newTransaction(extra: Json = {}): Promise<Json> {
  const res = await act('createTransaction', {
    body: {
      currency: 'CHF',
      completionBehavior: 'COMPLETE_DEFERRED',
      customerId: 'cust-after',
      lineItems: LINES,
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function authorized(extra: Json = {}, number = f.sandbox.seedSummary.testCards.approve): Promise<Json> {
  const tx = await newTransaction(extra);
  const configuration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
  const res = await act('processTransactionCardDetails', {
    params: { id: tx.id },
    body: { paymentMethodConfiguration: configuration, cardData: card(number) },
  });
  expect(res.body.state, res.text).toBe('AUTHORIZED');
  return res.body;
}

describe('invoices', () => {
  it('opens one per completion; replace, mark paid and derecognize go through the table', async () => {
    const { id } = await authorized();
    const first = await act('completeTransactionPartiallyOffline', {
      params: { id },
      body: { lineItems: [{ uniqueId: 'lamp', quantity: 1, amount: 80 }] },
    });
    const second = await act('completeTransactionOnline', { params: { id } });
    const invoices = await search('searchTransactionInvoices', `linkedTransaction:${id}`);
    expect(invoices.map((i) => [i.state, i.amount, i.outstandingAmount, i.completion, i.version])).toEqual([
      ['OPEN', 80, 80, { id: first.body.id }, 2],
      ['OPEN', 20, 20, { id: second.body.id }, 2],
    ]);
    const [lamp, bulbs] = invoices;

    expect((await act('checkTransactionInvoiceReplacementPossible', { params: { id: lamp.id } })).body).toBe(
      true,
    );
    const replacement = await act('replaceTransactionInvoice', {
      params: { id: lamp.id },
      body: {
        externalId: `replace-${lamp.id}`,
        lineItems: [
          {
            name: 'Lamp (discounted)',
            quantity: 1,
            amountIncludingTax: 72,
            type: 'PRODUCT',
            uniqueId: 'lamp',
          },
        ],
      },
    });
    expect([
      replacement.body.state,
      replacement.body.amount,
      replacement.body.linkedTransaction,
      replacement.body.completion,
    ]).toEqual(['OPEN', 72, id, lamp.completion]);
    const old = await fetchOne('getTransactionInvoice', lamp.id);
    expect([old.state, old.version]).toEqual(['CANCELED', 3]);
    expect((await act('checkTransactionInvoiceReplacementPossible', { params: { id: lamp.id } })).body).toBe(
      false,
    );
    expectRefused(
      await act('markTransactionInvoicePaid', { params: { id: lamp.id } }),
      'CANCELED',
      'markPaid',
    );
    expectRefused(
      await act('replaceTransactionInvoice', {
        params: { id: lamp.id },
        body: { externalId: 'again', lineItems: LINES },
      }),
      'CANCELED',
      'replace',
    );

    const paid = await act('markTransactionInvoicePaid', { params: { id: replacement.body.id } });
    expect([paid.body.state, paid.body.outstandingAmount, paid.body.version]).toEqual(['PAID', 0, 3]);
    expect(paid.body.paidOn).toBeTruthy();
    expectRefused(
      await act('derecognizeTransactionInvoice', { params: { id: replacement.body.id } }),
      'PAID',
      'derecognize',
    );

    const derecognized = await act('derecognizeTransactionInvoice', { params: { id: bulbs.id } });
    expect([derecognized.body.state, derecognized.body.version]).toEqual(['DERECOGNIZED', 3]);
    expectRefused(
      await act('markTransactionInvoicePaid', { params: { id: bulbs.id } }),
      'DERECOGNIZED',
      'markPaid',
    );
    expect((await fetchOne('getTransactionInvoice', bulbs.id)).version).toBe(3);
  });
});

describe('delivery indications', () => {
  it('wait for a manual decision when billing and shipping countries differ', async () => {
    const addresses = { billingAddress: { country: 'CH' }, shippingAddress: { country: 'DE' } };
    const suitable = await authorized(addresses);
    await act('completeTransactionOnline', { params: { id: suitable.id } });
    expect((await fetchOne('getTransaction', suitable.id)).state).toBe('COMPLETED');
    const [indication] = await search('searchDeliveryIndications', `linkedTransaction:${suitable.id}`);
    expect(indication.state).toBe('MANUAL_CHECK_REQUIRED');
    const marked = await act('markDeliveryIndicationSuitable', { params: { id: indication.id } });
    expect(marked.body.state).toBe('SUITABLE');
    expect(marked.body.manuallyDecidedOn).toBeTruthy();
    expect((await fetchOne('getTransaction', suitable.id)).state).toBe('FULFILL');
    expectRefused(
      await act('markDeliveryIndicationNotSuitable', { params: { id: indication.id } }),
      'SUITABLE',
      'markNotSuitable',
    );

    const unsuitable = await authorized(addresses);
    await act('completeTransactionOffline', { params: { id: unsuitable.id } });
    const [other] = await search('searchDeliveryIndications', `linkedTransaction:${unsuitable.id}`);
    expect((await act('markDeliveryIndicationNotSuitable', { params: { id: other.id } })).body.state).toBe(
      'NOT_SUITABLE',
    );
    const declined = await fetchOne('getTransaction', unsuitable.id);
    expect([declined.state, declined.failureReason?.name?.['en-US']]).toEqual([
      'DECLINE',
      'Not suitable for delivery',
    ]);
    expectRefused(
      await act('markDeliveryIndicationSuitable', { params: { id: other.id } }),
      'NOT_SUITABLE',
      'markSuitable',
    );
  });

  it('are decided automatically otherwise', async () => {
    const tx = await authorized({ billingAddress: { country: 'CH' }, shippingAddress: { country: 'CH' } });
    await act('completeTransactionOnline', { params: { id: tx.id } });
    const [indication] = await search('searchDeliveryIndications', `linkedTransaction:${tx.id}`);
    expect([indication.state, indication.automaticallyDecidedOn !== undefined]).toEqual(['SUITABLE', true]);
    expect((await fetchOne('getTransaction', tx.id)).state).toBe('FULFILL');
  });
});

describe('charge flow', () => {
  it('applies, messages, takes a recipient and cancels, and refuses out of turn', async () => {
    const { id } = await newTransaction();
    expectRefused(
      await act('cancelTransactionChargeFlow', { params: { id } }),
      'PENDING',
      'cancelChargeFlow',
    );
    expectRefused(
      await act('getTransactionChargeFlowPaymentPageUrl', { params: { id } }),
      'PENDING',
      'chargeFlowPaymentPage',
    );
    const applied = await act('applyTransactionChargeFlow', { params: { id } });
    expect([applied.body.state, applied.body.version]).toEqual(['PROCESSING', 3]);
    expectRefused(
      await act('applyTransactionChargeFlow', { params: { id } }),
      'PROCESSING',
      'startProcessing',
    );
    const [level] = await search('searchChargeFlowLevels', `linkedTransaction:${id}`);
    expect([level.state, level.version, level.transaction]).toEqual(['PENDING', 1, { id }]);

    const page = await act('getTransactionChargeFlowPaymentPageUrl', { params: { id } });
    expect(new URL(page.text).searchParams.get('transactionId')).toBe(String(id));
    expect(
      (
        await act('updateTransactionChargeFlowRecipient', {
          params: { id },
          query: { type: 1, recipient: 'buyer@example.com' },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await act('updateTransactionChargeFlowRecipient', {
          params: { id },
          query: { type: 1, recipient: ' ' },
        })
      ).status,
    ).toBe(400);
    expect((await act('sendChargeFlowLevelMessage', { params: { id: level.id } })).status).toBe(200);
    expect((await fetchOne('getChargeFlowLevel', level.id)).version).toBe(2);
    const links = await search('searchChargeFlowLevelPaymentLinks', `chargeFlowLevel.id:${level.id}`);
    expect(links).toHaveLength(1);

    const canceled = await act('cancelTransactionChargeFlow', { params: { id } });
    expect([
      canceled.body.state,
      canceled.body.version,
      canceled.body.failureReason?.name?.['en-US'],
    ]).toEqual(['FAILED', 4, 'Charge flow canceled']);
    expect((await fetchOne('getChargeFlowLevel', level.id)).state).toBe('FAILED');
    expectRefused(await act('cancelTransactionChargeFlow', { params: { id } }), 'FAILED', 'cancelChargeFlow');
    expectRefused(
      await act('sendChargeFlowLevelMessage', { params: { id: level.id } }),
      'FAILED',
      'sendMessage',
    );
    expectRefused(
      await act('updateTransactionChargeFlowRecipient', {
        params: { id },
        query: { type: 1, recipient: 'x@example.com' },
      }),
      'FAILED',
      'updateChargeFlowRecipient',
    );
  });
});

describe('tokens and token versions', () => {
  it('versions a token through tokenizing payments, token updates and token charges', async () => {
    const created = await act('createToken', { body: { externalId: 'tok-manual', customerId: 'cust-tok' } });
    expect([created.body.state, created.body.version]).toEqual(['ACTIVE', 1]);
    expect((await act('createToken', { body: { externalId: 'tok-manual' } })).body).toMatchObject({
      id: created.body.id,
      version: 1,
    });
    expect(
      (await act('updateToken', { params: { id: created.body.id }, body: { version: 3, language: 'de' } }))
        .status,
    ).toBe(409);
    const renamed = await act('updateToken', {
      params: { id: created.body.id },
      body: { version: 1, tokenReference: 'ref-1' },
    });
    expect([renamed.body.version, renamed.body.tokenReference]).toEqual([2, 'ref-1']);
    expect((await act('getTokenActiveVersion', { params: { id: created.body.id } })).status).toBe(404);

    // A tokenizing card payment creates the token and its first ACTIVE version.
    const tx = await authorized({ customerId: 'cust-tok', tokenizationMode: 'FORCE_CREATION' });
    expect(tx.token).toEqual({ id: expect.any(Number) });
    const tokenId: number = tx.token.id;
    const v1 = (await act('getTokenActiveVersion', { params: { id: tokenId } })).body;
    expect([v1.state, v1.token, v1.name]).toEqual(['ACTIVE', { id: tokenId }, 'Visa •••• 1111']);

    // The token update transaction replaces the active version.
    const update = await act('createTransactionForTokenUpdate', { params: { id: tokenId } });
    expect([update.body.state, update.body.tokenizationMode, update.body.token]).toEqual([
      'PENDING',
      'FORCE_UPDATE',
      { id: tokenId },
    ]);
    const configuration = f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId;
    const mastercard = { ...card('5555555555554444') };
    const updated = await act('processTransactionCardDetails', {
      params: { id: update.body.id },
      body: { paymentMethodConfiguration: configuration, cardData: mastercard },
    });
    expect(updated.body.state).toBe('AUTHORIZED');
    const v2 = (await act('getTokenActiveVersion', { params: { id: tokenId } })).body;
    expect([v2.name, v2.id === v1.id]).toEqual(['Mastercard •••• 4444', false]);
    const old = await fetchOne('getTokenVersion', v1.id);
    expect([old.state, old.version]).toEqual(['OBSOLETE', 3]);
    expect(old.obsoletedOn).toBeTruthy();

    // Charging the token: a TOKEN charge, the transaction AUTHORIZED.
    const charged = await newTransaction({ token: tokenId });
    const charge = await act('processTransactionWithToken', { params: { id: charged.id } });
    expect([charge.body.type, charge.body.state, charge.body.transaction?.state]).toEqual([
      'TOKEN',
      'SUCCESSFUL',
      'AUTHORIZED',
    ]);
    expectRefused(
      await act('processTransactionWithToken', { params: { id: charged.id } }),
      'AUTHORIZED',
      'authorize',
    );
    const silent = await newTransaction({ token: tokenId });
    expect(
      (await act('processTransactionWithoutInteraction', { params: { id: silent.id } })).body.state,
    ).toBe('AUTHORIZED');
    // Without a token the request is accepted: PROCESSING, failing later on the clock (see the clock tests).
    const tokenless = await newTransaction();
    const noToken = await act('processTransactionWithoutInteraction', { params: { id: tokenless.id } });
    expect([noToken.status, noToken.body.state, noToken.body.failureReason]).toEqual([
      200,
      'PROCESSING',
      undefined,
    ]);
  });
});

describe('transaction URLs, checks and method configurations', () => {
  it('hand out URLs with space, transaction and security token, and say what is possible', async () => {
    const tx = await newTransaction();
    const urls = await Promise.all(
      [
        'getTransactionPaymentPageUrl',
        'getTransactionIframeJavascriptUrl',
        'getTransactionLightboxJavascriptUrl',
      ].map((op) => act(op, { params: { id: tx.id } })),
    );
    for (const res of urls) {
      const url = new URL(res.text);
      expect([res.status, url.searchParams.get('spaceId'), url.searchParams.get('transactionId')]).toEqual([
        200,
        String(f.space),
        String(tx.id),
      ]);
      // The token is the transaction's credentials, and the URL points at the sandbox, which serves it.
      expect(url.searchParams.get('securityToken')).toMatch(
        new RegExp(`^${f.space}-${tx.id}-[\\w-]+\\.[\\w-]+$`),
      );
      expect(url.origin).toBe(f.sandbox.origin);
    }
    const methods = await act('listTransactionPaymentMethodConfigurations', {
      params: { id: tx.id },
      query: { integrationMode: 'PAYMENT_PAGE' },
    });
    expect(methods.body.data.map((c: Json) => c.id)).toContain(
      f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId,
    );
    expect(methods.body.data.every((c: Json) => c.state === 'ACTIVE')).toBe(true);
    const bogus = await act('listTransactionPaymentMethodConfigurations', {
      params: { id: tx.id },
      query: { integrationMode: 'CARRIER_PIGEON' },
    });
    expect([bogus.status, Object.keys(bogus.body.errors)]).toEqual([400, ['integrationMode']]);

    expect((await act('checkTransactionTokenCreationPossible', { params: { id: tx.id } })).body).toBe(false);
    const paid = await authorized();
    expect((await act('checkTransactionTokenCreationPossible', { params: { id: paid.id } })).body).toBe(true);
    expectRefused(
      await act('getTransactionPaymentPageUrl', { params: { id: paid.id } }),
      'AUTHORIZED',
      'paymentPage',
    );

    const lines = [
      { name: 'Chair', quantity: 1, amountIncludingTax: 45, type: 'PRODUCT', uniqueId: 'chair' },
    ];
    await act('updateTransaction', {
      params: { id: tx.id },
      body: { version: tx.version, lineItems: lines },
    });
    const latest = await act('getTransactionLatestLineItemVersion', { params: { id: tx.id } });
    expect([
      latest.body.amount,
      latest.body.linkedTransaction,
      latest.body.lineItems.map((l: Json) => l.uniqueId),
    ]).toEqual([45, tx.id, ['chair']]);
    const adjusted = await act('createTransactionLineItemVersion', {
      body: {
        transaction: paid.id,
        externalId: 'adjust-1',
        lineItems: [{ ...lines[0], amountIncludingTax: 90 }],
      },
    });
    expect([adjusted.body.amount, (await fetchOne('getTransaction', paid.id)).lineItems[0].uniqueId]).toEqual(
      [90, 'chair'],
    );
    const over = await act('createTransactionLineItemVersion', {
      body: {
        transaction: paid.id,
        externalId: 'adjust-2',
        lineItems: [{ ...lines[0], amountIncludingTax: 101 }],
      },
    });
    expect([over.status, Object.keys(over.body.errors)]).toEqual([422, ['lineItems']]);
  });
});

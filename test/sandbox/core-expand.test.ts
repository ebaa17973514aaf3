// Expansion: links collapsed to `{ id }` unless expanded, dotted paths to depth 4, both parameter forms.
import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
type Row = Record<string, unknown> & { id: number };

async function firstWith(path: string, field: string): Promise<Row> {
  const r = await f.call<{ data: Row[] }>({
    path: `${path}?limit=100&query=${encodeURIComponent(`-${field}:*`)}`,
    space: f.space,
  });
  const row = r.body.data.find((o) => o[field] !== undefined && o[field] !== null);
  if (!row) throw new Error(`no seeded object under ${path} has ${field}`);
  return row;
}

describe('expand', () => {
  it('returns a link collapsed to an object holding its id unless expanded, then whole', async () => {
    const refund = await firstWith('/payment/refunds/search', 'transaction');
    expect(refund.transaction).toEqual({ id: expect.any(Number) });
    const { id } = refund.transaction as { id: number };
    const expanded = await f.call<Row>({
      path: `/payment/refunds/${refund.id}?expand=transaction`,
      space: f.space,
    });
    expect(expanded.body.transaction).toMatchObject({
      id,
      state: expect.any(String),
      currency: expect.any(String),
    });
  });

  it('collapses many-links to objects holding the ids, and expands them whole', async () => {
    const configuration = await firstWith('/payment/connector-configurations/search', 'enabledSalesChannels');
    const channels = configuration.enabledSalesChannels as { id: number }[];
    expect(channels.length).toBeGreaterThan(0);
    for (const channel of channels) expect(channel).toEqual({ id: expect.any(Number) });
    const path = `/payment/connector-configurations/${configuration.id}?expand=enabledSalesChannels`;
    const expanded = (await f.call<Row>({ path, space: f.space })).body.enabledSalesChannels as Row[];
    expect(expanded.map((c) => c.id)).toEqual(channels.map((c) => c.id));
    for (const channel of expanded) expect(Object.keys(channel).length).toBeGreaterThan(1);
  });

  it("collapses a transaction's group (TransactionGroup) like a link and expands it whole, seeded or new", async () => {
    const seeded = (await f.call<{ data: Row[] }>({ path: '/payment/transactions?limit=1', space: f.space }))
      .body.data[0];
    const created = await f.call<Row>({
      method: 'POST',
      path: '/payment/transactions',
      space: f.space,
      body: {
        currency: 'CHF',
        customerId: 'grouped',
        lineItems: [{ name: 'Pen', quantity: 1, amountIncludingTax: 3, type: 'PRODUCT', uniqueId: 'pen' }],
      },
    });
    expect(created.status, created.text).toBe(200);
    for (const tx of [seeded, created.body]) {
      expect(tx.group).toEqual({ id: expect.any(Number) });
      const expanded = await f.call<Row>({
        path: `/payment/transactions/${tx.id}?expand=group`,
        space: f.space,
      });
      expect(expanded.body.group).toMatchObject({
        id: (tx.group as Row).id,
        state: 'PENDING',
        linkedSpaceId: f.space,
        version: 1,
      });
    }
    const expandedNew = await f.call<Row>({
      path: `/payment/transactions/${created.body.id}?expand=group`,
      space: f.space,
    });
    expect((expandedNew.body.group as Row).customerId).toBe('grouped');
  });

  it('accepts comma-separated and repeated expand parameters alike', async () => {
    const version = await firstWith('/payment/token-versions/search', 'token');
    const a = await f.call<Row>({
      path: `/payment/token-versions/${version.id}?expand=token,paymentMethod`,
      space: f.space,
    });
    const b = await f.call<Row>({
      path: `/payment/token-versions/${version.id}?expand=token&expand=paymentMethod`,
      space: f.space,
    });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(a.body.token).toMatchObject({
      id: (version.token as { id: number }).id,
      state: expect.any(String),
    });
  });

  it('expands dotted paths, including each object along the path', async () => {
    const link = await firstWith('/payment/charge-flows/levels/payment-links/search', 'chargeFlowLevel');
    const r = await f.call<{ chargeFlowLevel: { transaction: unknown } }>({
      path: `/payment/charge-flows/levels/payment-links/${link.id}?expand=chargeFlowLevel.transaction.token`,
      space: f.space,
    });
    expect(r.status).toBe(200);
    expect(r.body.chargeFlowLevel).toMatchObject({
      state: expect.any(String),
      transaction: { state: expect.any(String) },
    });
  });

  it('refuses a path deeper than 4 levels with 400', async () => {
    const r = await f.call<{ errors: Record<string, string> }>({
      path: '/accounts?expand=parentAccount.parentAccount.parentAccount.parentAccount.parentAccount',
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('expand');
    expect(
      (await f.call({ path: '/accounts?expand=parentAccount.parentAccount.parentAccount.parentAccount' }))
        .status,
    ).toBe(200);
  });

  it('refuses an unknown expand name, naming it', async () => {
    const r = await f.call<{ message: string }>({ path: '/accounts?expand=nonsense' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('nonsense');
  });

  it('shows properties omitted by default only when expanded', async () => {
    const list = await f.call<{ data: Row[] }>({ path: '/payment/transactions?limit=1', space: f.space });
    expect(list.body.data[0]).not.toHaveProperty('allowedPaymentMethodConfigurations');
    const id = list.body.data[0].id;
    const r = await f.call<Row>({
      path: `/payment/transactions/${id}?expand=allowedPaymentMethodConfigurations`,
      space: f.space,
    });
    expect(r.status).toBe(200);
    expect(r.body).toHaveProperty('allowedPaymentMethodConfigurations');
  });
});

describe('expand across spaces', () => {
  it('never reveals an object of another space through a link', async () => {
    const store = f.sandbox.state.store;
    const [, other] = f.sandbox.spaces;
    const refund = store.list('Refund', f.space).find((r) => r.transaction)!;
    const foreign = store.list('Transaction', other)[0];
    const original = refund.transaction;
    refund.transaction = foreign.id; // a link no write path can make; the render must not follow it
    try {
      const r = await f.call<Row>({
        path: `/payment/refunds/${String(refund.id)}?expand=transaction`,
        space: f.space,
      });
      expect(r.body.transaction).toEqual({ id: foreign.id });
    } finally {
      refund.transaction = original;
    }
  });
});

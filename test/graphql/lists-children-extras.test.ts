// Plain lists (no REST paging), the per-parent fallback of batched children, and per-request
// dedupe of extra calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, count, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
});
afterAll(() => h?.close());

type Obj = Record<string, unknown>;

describe('plain lists', () => {
  it('unfiltered: one list call returning everything REST lists', async () => {
    const r = await h.run(`{ countries { restId } }`);
    expect(count(r.calls)).toEqual({ listCountries: 1 });
    const rest = (await h.rest.call('listCountries', {})) as { data: Obj[] };
    expect((r.data?.countries as Obj[]).map((c) => c.restId)).toEqual(rest.data.map((c) => c.isoCode2));
  });

  it('filtered or sorted: searched, every page read', async () => {
    const r = await h.run(`{ countries(filter: { isoCode2: { in: ["CH", "de"] } }) { isoCode2 name } }`);
    expect(count(r.calls)).toEqual({ searchCountries: 1 });
    expect((r.data?.countries as Obj[]).map((c) => c.isoCode2)).toEqual(['CH', 'DE']);
    const sorted = await h.run(
      `{ currencies(orderBy: [{ field: CURRENCY_CODE, direction: DESC }]) { restId } }`,
    );
    const codes = (sorted.data?.currencies as Obj[]).map((c) => String(c.restId));
    expect(codes.length).toBeGreaterThan(100);
    expect(count(sorted.calls)).toEqual({ searchCurrencies: Math.ceil(codes.length / 100) });
    expect(codes).toEqual([...codes].sort().reverse());
  });
});

describe('children that do not fit one batched page', () => {
  it('fall back to one call per parent for the parents whose page may be cut, with the same answers', async () => {
    const query = `query($s: ID!) { space(id: $s) { subscriptions(first: 30) { nodes { restId
      charges(first: 1) { nodes { restId } pageInfo { hasNextPage } } } } } }`;
    const r = await h.run(query, { s: String(h.space) }, { childBatchLimit: 4 });
    expect(r.errors).toBeUndefined();
    const subs = at(r.data, 'space.subscriptions.nodes') as {
      restId: string;
      charges: { nodes: Obj[]; pageInfo: { hasNextPage: boolean } };
    }[];
    for (const sub of subs) {
      const rest = (await h.rest.call('searchSubscriptionCharges', {
        space: h.space,
        query: { query: `subscription.id:${sub.restId}`, order: 'id:ASC', limit: 2 },
      })) as { data: Obj[] };
      expect(sub.charges.nodes.map((c) => c.restId)).toEqual(rest.data.slice(0, 1).map((c) => String(c.id)));
      expect(sub.charges.pageInfo.hasNextPage).toBe(rest.data.length > 1);
    }
    const searches = r.calls.filter((c) => c.operationId === 'searchSubscriptionCharges');
    const parentsOf = (c: (typeof searches)[number]) => String(c.query?.query).split(' OR ').length;
    // One optimistic search for every parent, then the parents it cut in chunks of two (4 rows), then alone.
    expect(parentsOf(searches[0])).toBe(subs.length);
    const followUps = searches.slice(1);
    expect(followUps.every((c) => parentsOf(c) <= 2)).toBe(true);
    expect(followUps.filter((c) => parentsOf(c) === 1).length).toBeGreaterThan(0); // some parents needed their own call
    expect(searches.length).toBeLessThan(1 + Math.ceil(subs.length / 2) + subs.length);
  });
});

describe('extra fields', () => {
  it('the same extra call selected twice is made once per request', async () => {
    // A pending transaction: the payment page URL applies to it (other states answer null without a call).
    const lineItems = [
      { uniqueId: 'l1', name: 'Item', quantity: 1, amountIncludingTax: 10, type: 'PRODUCT' as const },
    ];
    const tx = (await h.rest.call('createTransaction', {
      space: h.space,
      body: { currency: 'CHF', lineItems },
    })) as Obj;
    const r = await h.run(
      `query($s: ID!, $t: ID!) { space(id: $s) { transaction(id: $t) { a: paymentPageUrl b: paymentPageUrl } } }`,
      {
        s: String(h.space),
        t: String(tx.id),
      },
    );
    expect(count(r.calls).getTransactionPaymentPageUrl).toBe(1);
    expect(at(r.data, 'space.transaction.a')).toEqual(at(r.data, 'space.transaction.b'));
  });
});

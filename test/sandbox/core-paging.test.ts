// List and search paging: after/before/both, limit range and default, order, hasMore, offsets.
import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';

const f = useWorld({ seedSize: 'default', graph: false });

type Page = { data: { id: number }[]; hasMore: boolean; limit: number; offset?: number };
const ids = (p: Page) => p.data.map((o) => o.id);

async function allIds(): Promise<number[]> {
  const out: number[] = [];
  let after: number | undefined;
  for (;;) {
    const r = await f.call<Page>({
      path: `/customers?limit=100${after ? `&after=${after}` : ''}`,
      space: f.space,
    });
    out.push(...ids(r.body));
    if (!r.body.hasMore) return out;
    after = out[out.length - 1];
  }
}

describe('list paging', () => {
  it('returns the first 10 in chronological order without parameters', async () => {
    const all = await allIds();
    const r = await f.call<Page>({ path: '/customers', space: f.space });
    expect(ids(r.body)).toEqual(all.slice(0, 10));
    expect(r.body.hasMore).toBe(true);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
  });

  it('pages after, before, and between two ids, in both orders', async () => {
    const all = await allIds();
    const after = await f.call<Page>({ path: `/customers?after=${all[4]}&limit=3`, space: f.space });
    expect(ids(after.body)).toEqual(all.slice(5, 8));
    const before = await f.call<Page>({ path: `/customers?before=${all[10]}&limit=3`, space: f.space });
    expect(ids(before.body)).toEqual(all.slice(7, 10));
    expect(before.body.hasMore).toBe(true);
    const between = await f.call<Page>({
      path: `/customers?after=${all[2]}&before=${all[6]}&limit=100`,
      space: f.space,
    });
    expect(ids(between.body)).toEqual(all.slice(3, 6));
    expect(between.body.hasMore).toBe(false);
    const desc = await f.call<Page>({
      path: `/customers?order=DESC&limit=3&after=${all[all.length - 1]}`,
      space: f.space,
    });
    expect(ids(desc.body)).toEqual(all.slice(-4, -1).reverse());
  });

  it.each(['0', '101', 'x'])('refuses limit=%s with 400', async (limit) => {
    const r = await f.call<{ errors: Record<string, string> }>({
      path: `/customers?limit=${limit}`,
      space: f.space,
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('limit');
  });

  it('refuses after=0 and an unknown order', async () => {
    expect((await f.call({ path: '/customers?after=0', space: f.space })).status).toBe(400);
    expect((await f.call({ path: '/customers?order=UP', space: f.space })).status).toBe(400);
  });
});

describe('search paging', () => {
  it('pages by offset with hasMore', async () => {
    const first = await f.call<Page>({
      path: '/payment/transactions/search?limit=5&order=id',
      space: f.space,
    });
    const second = await f.call<Page>({
      path: '/payment/transactions/search?limit=5&offset=5&order=id',
      space: f.space,
    });
    expect(first.body.offset).toBe(0);
    expect(second.body.offset).toBe(5);
    expect(ids(second.body)[0]).toBeGreaterThan(ids(first.body)[4]);
    expect(first.body.hasMore).toBe(true);
  });

  it('gives 416 past the 10,000 offset limit and 400 for a bad limit', async () => {
    expect((await f.call({ path: '/payment/transactions/search?offset=10001', space: f.space })).status).toBe(
      416,
    );
    expect((await f.call({ path: '/payment/transactions/search?limit=500', space: f.space })).status).toBe(
      400,
    );
  });

  it('sorts by several fields', async () => {
    const r = await f.call<{ data: { state: string; id: number }[] }>({
      path: `/payment/transactions/search?limit=100&order=${encodeURIComponent('state:ASC id:DESC')}`,
      space: f.space,
    });
    const rows = r.body.data;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(a.state <= b.state).toBe(true);
      if (a.state === b.state) expect(a.id).toBeGreaterThan(b.id);
    }
  });

  it('filters with the query syntax and reports a malformed query with its position', async () => {
    const r = await f.call<{ data: { state: string }[] }>({
      path: `/payment/transactions/search?limit=50&query=${encodeURIComponent('state:authorized')}`,
      space: f.space,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data.every((t) => t.state === 'AUTHORIZED')).toBe(true);
    const bad = await f.call<{ message: string }>({
      path: `/payment/transactions/search?query=${encodeURIComponent('(state:PENDING')}`,
      space: f.space,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/position \d+/);
  });
});

// The search syntax through the real sandbox over HTTP, on the seeded demo data: results satisfy the
// query (checked here on the response JSON), orders hold, and bad queries are 400s naming the problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { client, type CallResult } from './support/signed-fetch';

type Row = Record<string, unknown>;
interface Page {
  data: Row[];
  hasMore: boolean;
}

let sandbox: RunningSandbox;
let search: (base: string, params: string) => Promise<CallResult<Page>>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const call = client(sandbox.origin, { userId: sandbox.users[0].id, key: sandbox.users[0].key });
  search = (base, params) => call<Page>({ path: `${base}/search?${params}`, space: sandbox.spaces[0] });
});
afterAll(() => sandbox?.close());

const q = encodeURIComponent;
const lineItemNames = (t: Row): string[] =>
  ((t.lineItems as Row[] | undefined) ?? []).map((l) => String(l.name).toLowerCase());

describe('search over HTTP', () => {
  it('filters with OR and orders by several keys', async () => {
    const r = await search(
      '/payment/transactions',
      `query=${q('state:fulfill OR state:Completed')}&order=${q('createdOn:DESC id')}&limit=100`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(1);
    const rows = r.body.data;
    for (const t of rows) expect(['FULFILL', 'COMPLETED']).toContain(t.state);
    for (let i = 1; i < rows.length; i += 1) {
      const [a, b] = [Date.parse(String(rows[i - 1].createdOn)), Date.parse(String(rows[i].createdOn))];
      expect(a > b || (a === b && Number(rows[i - 1].id) < Number(rows[i].id))).toBe(true);
    }
  });

  it("reads a '+' in the order as a field separator", async () => {
    const r = await search(
      '/payment/transactions',
      `query=${q('authorizationAmount:>0')}&order=authorizationAmount:DESC+id&limit=50`,
    );
    expect(r.status).toBe(200);
    const amounts = r.body.data.map((t) => Number(t.authorizationAmount));
    expect(amounts.length).toBeGreaterThan(1);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('searches embedded arrays with contains, and its negation finds the rest', async () => {
    const hits = await search('/payment/transactions', `query=${q('lineItems.name:~shirt')}&limit=100`);
    const misses = await search('/payment/transactions', `query=${q('-lineItems.name:~SHIRT')}&limit=100`);
    expect(hits.body.data.length).toBeGreaterThan(0);
    expect(misses.body.data.length).toBeGreaterThan(0);
    for (const t of hits.body.data) expect(lineItemNames(t).some((n) => n.includes('shirt'))).toBe(true);
    for (const t of misses.body.data) expect(lineItemNames(t).some((n) => n.includes('shirt'))).toBe(false);
  });

  it('follows links into the linked object', async () => {
    const r = await search(
      '/payment/refunds',
      `query=${q('transaction.state:FULFILL')}&expand=transaction&limit=20`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const refund of r.body.data) expect((refund.transaction as Row).state).toBe('FULFILL');
    const one = r.body.data[0];
    const byId = await search(
      '/payment/refunds',
      `query=${q(`transaction.id:${String((one.transaction as Row).id)}`)}&limit=100`,
    );
    expect(byId.body.data.map((x) => x.id)).toContain(one.id);
  });

  it('answers malformed queries with 400 naming the position', async () => {
    const r = await search('/payment/transactions', `query=${q('state:FULFILL (createdOn:>2024-01-01')}`);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/position 14/);
  });

  it('answers unknown fields and mistyped values with 400 naming the field', async () => {
    const unknown = await search('/payment/transactions', `query=${q('colour:red')}`);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toMatch(/colour/);
    const mistyped = await search('/payment/transactions', `query=${q('authorizationAmount:>lots')}`);
    expect(mistyped.status).toBe(400);
    expect(JSON.stringify(mistyped.body)).toMatch(/authorizationAmount/);
    const badOrder = await search('/payment/transactions', `order=${q('createdOn:SIDEWAYS')}`);
    expect(badOrder.status).toBe(400);
    expect(JSON.stringify(badOrder.body)).toMatch(/ASC or DESC/);
  });
});

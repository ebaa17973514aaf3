// Transaction export over HTTP: CSV with the requested fields, query, order, limit and offset.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { EXPORT_DEFAULT_FIELDS } from '../../src/sandbox/documents/csv-export';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
type Obj = Record<string, any>;
/** The space's transactions as stored: the oracle for counts and order. */
let stored: Obj[];

beforeAll(() => {
  stored = f.sandbox.state.store.list('Transaction', f.space);
});

const q = (params: Record<string, string>) => new URLSearchParams(params).toString().replaceAll('+', '%20');

async function exportCsv(params: Record<string, string>): Promise<string[][]> {
  const query = q(params);
  const r = await f.call({
    space: f.space,
    path: `/payment/transactions/export${query ? `?${query}` : ''}`,
    headers: { accept: 'text/csv' },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
  return parse(r.text);
}

describe('transaction export', () => {
  it('exports the default fields of every transaction in creation order', async () => {
    const [header, ...rows] = await exportCsv({});
    expect(header).toEqual(EXPORT_DEFAULT_FIELDS);
    expect(rows).toHaveLength(Math.min(2000, stored.length));
    expect(rows.map((r) => Number(r[0]))).toEqual(stored.slice(0, 2000).map((t) => t.id));
  });

  it('exports the requested fields, dotted into embedded and linked objects', async () => {
    const [header, ...rows] = await exportCsv({
      fields: 'id,state,billingAddress.city,lineItems.name,token',
      limit: '50',
    });
    expect(header).toEqual(['id', 'state', 'billingAddress.city', 'lineItems.name', 'token']);
    for (const row of rows) {
      const t = stored.find((s) => s.id === Number(row[0]))!;
      expect(row).toEqual([
        String(t.id),
        t.state,
        t.billingAddress?.city ?? '',
        (t.lineItems ?? []).map((li: Obj) => li.name).join(';'),
        t.token === undefined ? '' : String(t.token),
      ]);
    }
    const repeated = await exportCsv({ fields: 'id', limit: '1' });
    expect(repeated[0]).toEqual(['id']);
  });

  it('filters with query and sorts with order', async () => {
    const [, ...fulfilled] = await exportCsv({
      fields: 'id,state,authorizationAmount',
      query: 'state:FULFILL',
      order: 'authorizationAmount:DESC id',
    });
    const expected = stored.filter((t) => t.state === 'FULFILL');
    expect(fulfilled).toHaveLength(expected.length);
    expect(new Set(fulfilled.map((r) => r[1]))).toEqual(new Set(['FULFILL']));
    const amounts = fulfilled.map((r) => Number(r[2]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('pages with limit and offset; offset past 100,000 is 416', async () => {
    const all = await exportCsv({ fields: 'id', order: 'createdOn:DESC', limit: '40' });
    const page = await exportCsv({ fields: 'id', order: 'createdOn:DESC', limit: '5', offset: '10' });
    expect(page.slice(1)).toEqual(all.slice(11, 16));
    expect(await exportCsv({ fields: 'id', offset: '100000' })).toEqual([['id']]);
    const tooFar = await f.call<Obj>({ space: f.space, path: '/payment/transactions/export?offset=100001' });
    expect([tooFar.status, Object.keys(tooFar.body.errors)]).toEqual([416, ['offset']]);
  });

  it('names unknown fields and bad queries in a 400', async () => {
    const unknown = await f.call<Obj>({
      space: f.space,
      path: `/payment/transactions/export?${q({ fields: 'id,nope,billingAddress.nowhere' })}`,
    });
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([
      400,
      ['fields.nope', 'fields.billingAddress.nowhere'],
    ]);
    const badQuery = await f.call<Obj>({
      space: f.space,
      path: `/payment/transactions/export?${q({ query: 'state:(' })}`,
    });
    expect(badQuery.status).toBe(400);
  });
});

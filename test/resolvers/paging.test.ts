// Paging over a scripted REST API (no HTTP): what each Relay page asks of REST (order, limit, offset,
// `after`, the keyset condition past the offset limit) and how the answer becomes a page (rows in
// the requested order, cursors, hasNextPage / hasPreviousPage). The walks over the sandbox are in
// test/graphql/cursor-walks.test.ts; these pin each branch on its own.
import { describe, expect, it } from 'vitest';
import { resourceOf } from '../../src/catalog';
import type { Connection } from '../../src/resolvers/connection';
import { searchAll } from '../../src/resolvers/collections';
import type { FetchTarget } from '../../src/resolvers/fetch-target';
import { listPage } from '../../src/resolvers/list-paging';
import type { OrderKey } from '../../src/resolvers/order';
import { searchPage } from '../../src/resolvers/search-paging';
import { page, scriptedInternals, type ScriptedCall } from './support/scripted-rest';

const SPACE = 7;
const ID_ASC: OrderKey[] = [{ field: 'id', direction: 'ASC' }];
const BY_CREATED: OrderKey[] = [
  { field: 'createdOn', direction: 'DESC' },
  { field: 'id', direction: 'ASC' },
];

const target = (model: string, query?: string): FetchTarget => ({
  resource: resourceOf(model),
  space: SPACE,
  path: {},
  query,
  expand: [],
});
const tx = (id: number, createdOn = `2026-01-${String(id).padStart(2, '0')}T00:00:00Z`) => ({
  id,
  createdOn,
  state: 'FULFILL',
});
const ids = (c: Connection) => c.edges.map((e) => e.node.id);

/** A search that answers `rows` in the asked order, `limit` at a time from `offset`, as REST does. */
function searchOver(rows: Record<string, unknown>[]) {
  return (call: ScriptedCall) => {
    const order = String(call.query.order);
    // Ids and creation dates rise together here, so either descending order is the ids reversed.
    const sorted = /^(id|createdOn):DESC/.test(order) ? [...rows].reverse() : rows;
    const offset = Number(call.query.offset ?? 0);
    const limit = Number(call.query.limit);
    return page(sorted.slice(offset, offset + limit), offset + limit < sorted.length);
  };
}

describe('search paging', () => {
  const rows = [1, 2, 3, 4, 5, 6, 7].map((id) => tx(id));

  it('asks a first page by offset 0 in the requested order, one call; more follow, none precede', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows));
    const first = await searchPage(internals, target('Transaction', 'state:FULFILL'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: null,
    });
    expect(ids(first)).toEqual([1, 2, 3]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(recorder.calls.map((c) => [c.operationId, c.space, c.query])).toEqual([
      ['searchTransactions', SPACE, { order: 'id:ASC', limit: 3, query: 'state:FULFILL' }],
    ]);
  });

  it('continues after a cursor by offset, and says the last page has nothing after it', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows));
    const first = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: null,
    });
    const second = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: first.pageInfo.endCursor,
    });
    const third = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: second.pageInfo.endCursor,
    });
    expect([ids(second), ids(third)]).toEqual([[4, 5, 6], [7]]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    expect(third.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(recorder.calls.map((c) => c.query?.offset)).toEqual([undefined, 3, 6]);
  });

  it('asks the last page in the reverse order and answers it in the requested one', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows));
    const last = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: false,
      size: 2,
      cursor: null,
    });
    expect(ids(last)).toEqual([6, 7]);
    expect(last.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(recorder.calls.map((c) => c.query)).toEqual([{ order: 'id:DESC', limit: 2 }]);
    // Back from there: the rows before, by offset in the same (reversed) frame.
    const before = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: false,
      size: 2,
      cursor: last.pageInfo.startCursor,
    });
    expect(ids(before)).toEqual([4, 5]);
    expect(recorder.calls[1].query).toEqual({ order: 'id:DESC', limit: 2, offset: 2 });
  });

  it('pages backward from a forward cursor by offset, asking only the rows in between', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows));
    const first = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: null,
    });
    const before = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: false,
      size: 5,
      cursor: first.pageInfo.endCursor,
    });
    expect(ids(before)).toEqual([1, 2]);
    expect(before.pageInfo.hasPreviousPage).toBe(false);
    expect(recorder.calls[1].query).toEqual({ order: 'id:ASC', limit: 2 });
  });

  it('past the offset limit continues by keyset on the sort keys and id, with no offset', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows), { maxOffset: 2 });
    const first = await searchPage(internals, target('Transaction', 'state:FULFILL'), BY_CREATED, {
      forward: true,
      size: 3,
      cursor: null,
    });
    const lastRow = first.edges[2].node;
    recorder.calls.length = 0;
    await searchPage(internals, target('Transaction', 'state:FULFILL'), BY_CREATED, {
      forward: true,
      size: 3,
      cursor: first.pageInfo.endCursor,
    });
    expect(recorder.calls).toHaveLength(1);
    const { query } = recorder.calls[0];
    expect(query).not.toHaveProperty('offset');
    expect(query).toMatchObject({ order: 'createdOn:DESC id:ASC', limit: 3 });
    // Rows strictly after the cursor's row: an earlier createdOn, or none (NULL sorts last in DESC),
    // or the same createdOn and a higher id; and still the caller's own condition.
    expect(lastRow.id).toBe(5);
    const created = '2026-01-05T00:00:00Z';
    expect(query?.query).toBe(
      `(state:FULFILL) AND ((createdOn:<${created} OR createdOn:* OR (createdOn:${created} AND id:>5)))`,
    );
  });

  it('pages by offset up to the offset limit itself', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows), { maxOffset: 3 });
    const first = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: null,
    });
    const second = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: first.pageInfo.endCursor,
    });
    expect(ids(second)).toEqual([4, 5, 6]);
    expect(recorder.calls[1].query).toEqual({ order: 'id:ASC', limit: 3, offset: 3 });
  });

  it('a page of no rows asks nothing of REST', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows));
    const first = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: null,
    });
    const none = await searchPage(internals, target('Transaction'), ID_ASC, {
      forward: false,
      size: 3,
      cursor: first.pageInfo.startCursor,
    });
    expect(ids(none)).toEqual([]);
    expect(none.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(recorder.calls).toHaveLength(1);
  });

  it('refuses a cursor of another query, with no call', async () => {
    const { internals, recorder } = scriptedInternals(searchOver(rows));
    const first = await searchPage(internals, target('Transaction', 'state:FULFILL'), ID_ASC, {
      forward: true,
      size: 3,
      cursor: null,
    });
    await expect(
      searchPage(internals, target('Transaction', 'state:FAILED'), ID_ASC, {
        forward: true,
        size: 3,
        cursor: first.pageInfo.endCursor,
      }),
    ).rejects.toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(recorder.calls).toHaveLength(1);
  });
});

describe('list paging', () => {
  const customers = [11, 12, 13, 14].map((id) => ({ id, version: 1 }));
  const list = (call: ScriptedCall) => {
    const sorted = call.query.order === 'DESC' ? [...customers].reverse() : customers;
    const after =
      call.query.after === undefined
        ? -1
        : sorted.findIndex((c) => String(c.id) === String(call.query.after));
    const rest = sorted.slice(after + 1);
    return page(rest.slice(0, Number(call.query.limit)), rest.length > Number(call.query.limit));
  };

  it('pages by id onto `after`, forward in the asked direction', async () => {
    const { internals, recorder } = scriptedInternals(list);
    const first = await listPage(internals, target('Customer'), 'ASC', {
      forward: true,
      size: 2,
      cursor: null,
    });
    const second = await listPage(internals, target('Customer'), 'ASC', {
      forward: true,
      size: 2,
      cursor: first.pageInfo.endCursor,
    });
    expect([ids(first), ids(second)]).toEqual([
      [11, 12],
      [13, 14],
    ]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(recorder.calls.map((c) => [c.operationId, c.query])).toEqual([
      ['listCustomers', { limit: 2, order: 'ASC' }],
      ['listCustomers', { limit: 2, order: 'ASC', after: '12' }],
    ]);
  });

  it('pages backward by listing the other way after the cursor, then turning the page around', async () => {
    const { internals, recorder } = scriptedInternals(list);
    const back = await listPage(internals, target('Customer'), 'ASC', {
      forward: false,
      size: 2,
      cursor: null,
    });
    expect(ids(back)).toEqual([13, 14]);
    const before = await listPage(internals, target('Customer'), 'ASC', {
      forward: false,
      size: 2,
      cursor: back.pageInfo.startCursor,
    });
    expect(ids(before)).toEqual([11, 12]);
    expect(recorder.calls.map((c) => c.query)).toEqual([
      { limit: 2, order: 'DESC' },
      { limit: 2, order: 'DESC', after: '13' },
    ]);
  });
});

describe('every match of a search', () => {
  it('reads page after page of 100 until REST says there is no more', async () => {
    const all = Array.from({ length: 230 }, (_, i) => tx(i + 1));
    const { internals, recorder } = scriptedInternals(searchOver(all));
    const got = await searchAll(internals, resourceOf('Transaction'), SPACE, 'state:FULFILL', 'id:ASC', []);
    expect(got.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(recorder.calls.map((c) => c.query)).toEqual([
      { order: 'id:ASC', limit: 100, query: 'state:FULFILL' },
      { order: 'id:ASC', limit: 100, query: 'state:FULFILL', offset: 100 },
      { order: 'id:ASC', limit: 100, query: 'state:FULFILL', offset: 200 },
    ]);
  });

  it('stops with RANGE_NOT_SATISFIABLE rather than pass the offset limit', async () => {
    const all = Array.from({ length: 350 }, (_, i) => tx(i + 1));
    const { internals, recorder } = scriptedInternals(searchOver(all), { maxOffset: 200 });
    await expect(
      searchAll(internals, resourceOf('Transaction'), SPACE, undefined, 'id:ASC', []),
    ).rejects.toMatchObject({
      extensions: { code: 'RANGE_NOT_SATISFIABLE' },
    });
    expect(recorder.calls.map((c) => c.query?.offset)).toEqual([undefined, 100, 200]);
  });
});

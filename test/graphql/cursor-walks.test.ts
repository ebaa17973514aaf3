// Whole-collection walks through the real schema: forward and backward, list-based (id cursors),
// search-based (offset cursors) and past the offset limit (keyset cursors; the limit is lowered for
// the test through the context so that the keyset path is reached on seeded data). Every object
// must come back exactly once, in the order REST gives for the same collection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startWorld, type TestWorld, type RecordedCall } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
});
afterAll(() => h?.close());

interface Walk {
  ids: number[];
  calls: RecordedCall[];
  pages: number;
}

async function walk(
  field: string,
  extra: string,
  forward: boolean,
  size: number,
  maxOffset?: number,
): Promise<Walk> {
  const out: Walk = { ids: [], calls: [], pages: 0 };
  let cursor: string | null = null;
  const [count, from] = forward ? ['first', 'after'] : ['last', 'before'];
  const query = `query($s: ID!, $c: String) { space(id: $s) { ${field}(${count}: ${size}, ${from}: $c ${extra}) {
    edges { cursor node { restId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
  for (;;) {
    const r = await h.run(query, { s: String(h.space), c: cursor }, { maxOffset });
    if (r.errors) throw r.errors[0];
    out.calls.push(...r.calls);
    const conn = at(r.data, `space.${field}`) as {
      edges: { cursor: string; node: { restId: string } }[];
      pageInfo: {
        hasNextPage: boolean;
        hasPreviousPage: boolean;
        startCursor: string | null;
        endCursor: string | null;
      };
    };
    const ids = conn.edges.map((e) => Number(e.node.restId));
    if (forward) out.ids.push(...ids);
    else out.ids.unshift(...ids);
    out.pages++;
    expect(forward ? conn.pageInfo.hasPreviousPage : conn.pageInfo.hasNextPage).toBe(cursor !== null);
    if (!(forward ? conn.pageInfo.hasNextPage : conn.pageInfo.hasPreviousPage)) return out;
    cursor = forward ? conn.pageInfo.endCursor : conn.pageInfo.startCursor;
    if (out.pages > 200) throw new Error('walk does not end');
  }
}

/** The whole collection in REST order, read by REST search offsets. */
async function truth(operationId: string, order: string, query?: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const body = (await h.rest.call(operationId as 'searchCustomers', {
      space: h.space,
      query: { order, limit: 100, ...(offset ? { offset } : {}), ...(query ? { query } : {}) },
    })) as { data: { id: number }[]; hasMore: boolean };
    ids.push(...body.data.map((o) => o.id));
    if (!body.hasMore) return ids;
  }
}

describe('whole-collection cursor walks', () => {
  it('list-based (id cursors): forward and backward return every object once, in order', async () => {
    const all = await truth('searchCustomers', 'id:ASC');
    expect(all.length).toBeGreaterThan(40);
    const fwd = await walk('customers', '', true, 17);
    expect(fwd.ids).toEqual(all);
    expect(fwd.calls.filter((c) => c.operationId === 'listCustomers')).toHaveLength(fwd.pages);
    const back = await walk('customers', '', false, 17);
    expect(back.ids).toEqual(all);
  });

  it('search-based (offset cursors): forward and backward on a date order', async () => {
    const all = await truth('searchCustomers', 'createdOn:DESC id:ASC');
    const order = ', orderBy: [{ field: CREATED_ON, direction: DESC }]';
    const fwd = await walk('customers', order, true, 23);
    expect(fwd.ids).toEqual(all);
    expect(fwd.calls.filter((c) => c.operationId === 'searchCustomers')).toHaveLength(fwd.pages);
    expect((await walk('customers', order, false, 23)).ids).toEqual(all);
  });

  it('past the offset limit: keyset continuation forward and backward, nothing lost or repeated', async () => {
    const filter =
      ', filter: { state: { in: [FULFILL, COMPLETED, AUTHORIZED] } }, orderBy: [{ field: CREATED_ON, direction: ASC }]';
    const all = await truth(
      'searchTransactions',
      'createdOn:ASC id:ASC',
      '(state:FULFILL OR state:COMPLETED OR state:AUTHORIZED)',
    );
    expect(all.length).toBeGreaterThan(150);
    const fwd = await walk('transactions', filter, true, 30, 40);
    expect(fwd.ids).toEqual(all);
    expect(new Set(fwd.ids).size).toBe(all.length);
    const keyset = fwd.calls.filter((c) => String(c.query?.query ?? '').includes('createdOn:>'));
    expect(keyset.length).toBeGreaterThan(3);
    expect(fwd.calls.every((c) => Number(c.query?.offset ?? 0) <= 40)).toBe(true);
    const back = await walk('transactions', filter, false, 30, 40);
    expect(back.ids).toEqual(all);
    expect(back.calls.some((c) => String(c.query?.query ?? '').includes('createdOn:<'))).toBe(true);
  });

  // The sandbox sorts NULL first in ASC and last in DESC; a keyset condition of plain `k:>v` / `k:<v`
  // never matches NULL, so rows without the key used to drop out of the walk silently.
  it.each(['ASC', 'DESC'] as const)(
    'past the offset limit on a nullable date (%s): rows without the key are walked too, both ways',
    async (dir) => {
      const all = await truth('searchTransactions', `completedOn:${dir} id:ASC`);
      const nulls = (await truth('searchTransactions', 'id:ASC', 'completedOn:*')).length;
      expect(nulls).toBeGreaterThan(100);
      expect(all.length - nulls).toBeGreaterThan(100);
      const order = `, orderBy: [{ field: COMPLETED_ON, direction: ${dir} }]`;
      const fwd = await walk('transactions', order, true, 100, 100);
      expect(fwd.calls.some((c) => String(c.query?.query ?? '').includes('completedOn:*'))).toBe(true);
      expect(fwd.ids).toEqual(all);
      const back = await walk('transactions', order, false, 100, 100);
      expect(back.ids).toEqual(all);
    },
  );

  it('past the offset limit on a string order: RANGE_NOT_SATISFIABLE saying how to page instead', async () => {
    await expect(
      walk('customers', ', orderBy: [{ field: FAMILY_NAME }]', true, 30, 40),
    ).rejects.toMatchObject({
      extensions: { code: 'RANGE_NOT_SATISFIABLE' },
      message: expect.stringMatching(/order by id or by a date/),
    });
  });

  it("children: a customer's addresses walked one by one (path-based list paging)", async () => {
    const customers = (await h.rest.call('searchCustomers', { space: h.space, query: { limit: 100 } })) as {
      data: { id: number }[];
    };
    for (const { id } of customers.data) {
      const rest = (await h.rest.call('listCustomerAddresses', {
        space: h.space,
        path: { customerId: id },
        query: { limit: 100 },
      })) as {
        data: { id: number }[];
      };
      if (rest.data.length < 3) continue;
      const ids: number[] = [];
      let after: string | null = null;
      for (let i = 0; i < 20; i++) {
        const r = await h.run(
          `query($s: ID!, $c: ID!, $a: String) { space(id: $s) { customer(id: $c) { addresses(first: 1, after: $a) { nodes { restId } pageInfo { hasNextPage endCursor } } } } }`,
          { s: String(h.space), c: String(id), a: after },
        );
        const page = at(r.data, 'space.customer.addresses') as {
          nodes: { restId: string }[];
          pageInfo: { hasNextPage: boolean; endCursor: string };
        };
        ids.push(...page.nodes.map((n) => Number(n.restId)));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(ids).toEqual(rest.data.map((a) => a.id));
      return;
    }
    throw new Error('no seeded customer has three addresses');
  });
});

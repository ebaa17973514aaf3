// A subscription's ledger entries and period bills: children that name the subscription only through
// a version. Period bills are searched by `subscriptionVersion.subscription`; ledger entries hold a
// plain version id, so they are found through the subscription's versions. Expected answers and
// call counts are computed here through REST directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, count, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
});
afterAll(() => h?.close());

type Obj = Record<string, unknown>;
type Page = {
  nodes: { restId: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
};
type Sub = { restId: string; ledgerEntries: Page; periodBills: Page };

async function searchAllRest(
  op: 'searchSubscriptionVersions' | 'searchSubscriptionLedgerEntries' | 'searchSubscriptionPeriodBills',
  query: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const body = (await h.rest.call(op, {
      space: h.space,
      query: { query, order: 'id:ASC', limit: 100, offset },
    })) as {
      data: Obj[];
      hasMore: boolean;
    };
    ids.push(...body.data.map((r) => String(r.id)));
    if (!body.hasMore) return ids;
  }
}

/** What REST holds for one subscription, ascending by id. */
async function restChildren(sub: string): Promise<{ ledgerEntries: string[]; periodBills: string[] }> {
  const versions = await searchAllRest('searchSubscriptionVersions', `subscription.id:${sub}`);
  // Every seeded subscription has a version, so every parent takes part in the batched searches.
  expect(versions.length).toBeGreaterThan(0);
  const ledgerEntries = await searchAllRest(
    'searchSubscriptionLedgerEntries',
    versions.map((v) => `subscriptionVersion:${v}`).join(' OR '),
  );
  const periodBills = await searchAllRest(
    'searchSubscriptionPeriodBills',
    `subscriptionVersion.subscription:${sub}`,
  );
  return { ledgerEntries, periodBills };
}

const pageQuery = (
  subs: number,
  size: number,
) => `query($s: ID!) { space(id: $s) { subscriptions(first: ${subs}) { nodes { restId
  ledgerEntries(first: ${size}) { nodes { restId } pageInfo { hasNextPage } }
  periodBills(first: ${size}) { nodes { restId } pageInfo { hasNextPage } } } } } }`;

/** Batched search calls the children machinery makes: one per chunk of parents, plus one for each
 *  parent whose rows in a cut-short chunk do not prove its page complete. */
/** One search of these parents' children at `limit` rows, plus what `next` costs for the parents it may have cut. */
function searchesOf(
  perParent: string[][],
  size: number,
  limit: number,
  next: (cut: string[][]) => number,
): number {
  const all = perParent.flat().sort((a, b) => Number(a) - Number(b));
  if (all.length <= limit) return 1;
  const kept = new Set(all.slice(0, limit));
  const cut = perParent.filter((rows) => rows.filter((r) => kept.has(r)).length <= size);
  return 1 + (cut.length > 0 ? next(cut) : 0);
}

/** One optimistic search for all parents; the cut ones in chunks that each complete a parent; then one by one. */
function expectedSearches(perParent: string[][], size: number, limit: number): number {
  const perChunk = Math.floor(limit / (size + 1));
  const oneByOne = (cut: string[][]) => cut.length;
  const inChunks = (cut: string[][]) => {
    let calls = 0;
    for (let i = 0; i < cut.length; i += perChunk)
      calls += searchesOf(cut.slice(i, i + perChunk), size, limit, oneByOne);
    return calls;
  };
  return searchesOf(perParent, size, limit, perParent.length <= perChunk ? oneByOne : inChunks);
}

describe('Subscription.ledgerEntries and Subscription.periodBills', () => {
  it('answer exactly what REST holds for each subscription of a page, in one search each', async () => {
    const r = await h.run(pageQuery(10, 8), { s: String(h.space) });
    expect(r.errors).toBeUndefined();
    const subs = at(r.data, 'space.subscriptions.nodes') as Sub[];
    expect(subs).toHaveLength(10);
    let total = { ledgerEntries: 0, periodBills: 0 };
    for (const sub of subs) {
      const rest = await restChildren(sub.restId);
      expect(sub.ledgerEntries.nodes.map((n) => n.restId)).toEqual(rest.ledgerEntries.slice(0, 8));
      expect(sub.ledgerEntries.pageInfo.hasNextPage).toBe(rest.ledgerEntries.length > 8);
      expect(sub.periodBills.nodes.map((n) => n.restId)).toEqual(rest.periodBills.slice(0, 8));
      expect(sub.periodBills.pageInfo.hasNextPage).toBe(rest.periodBills.length > 8);
      total = {
        ledgerEntries: total.ledgerEntries + rest.ledgerEntries.length,
        periodBills: total.periodBills + rest.periodBills.length,
      };
    }
    // The seeded data has some of each, and all of them fit one batch of 100 rows.
    expect(total.ledgerEntries).toBeGreaterThan(10);
    expect(total.periodBills).toBeGreaterThan(10);
    expect(Math.max(total.ledgerEntries, total.periodBills)).toBeLessThanOrEqual(100);
    expect(count(r.calls)).toEqual({
      listSubscriptions: 1,
      searchSubscriptionVersions: 1,
      searchSubscriptionLedgerEntries: 1,
      searchSubscriptionPeriodBills: 1,
    });
    const bills = r.calls.find((c) => c.operationId === 'searchSubscriptionPeriodBills')!;
    expect(String(bills.query?.query)).toMatch(
      /^\(subscriptionVersion\.subscription:\d+( OR subscriptionVersion\.subscription:\d+){9}\)$/,
    );
    const entries = r.calls.find((c) => c.operationId === 'searchSubscriptionLedgerEntries')!;
    expect(String(entries.query?.query)).toMatch(
      /^\(subscriptionVersion:\d+( OR subscriptionVersion:\d+)+\)$/,
    );
  });

  it('search all parents at once, then the parents a cut search may have cut in chunks, then one by one', async () => {
    const limit = 12;
    const size = 2;
    const r = await h.run(pageQuery(20, size), { s: String(h.space) }, { childBatchLimit: limit });
    expect(r.errors).toBeUndefined();
    const subs = at(r.data, 'space.subscriptions.nodes') as Sub[];
    const rest = await Promise.all(subs.map((s) => restChildren(s.restId)));
    subs.forEach((sub, i) => {
      expect(sub.ledgerEntries.nodes.map((n) => n.restId)).toEqual(rest[i].ledgerEntries.slice(0, size));
      expect(sub.periodBills.nodes.map((n) => n.restId)).toEqual(rest[i].periodBills.slice(0, size));
      expect(sub.periodBills.pageInfo.hasNextPage).toBe(rest[i].periodBills.length > size);
    });
    const calls = count(r.calls);
    expect(calls.searchSubscriptionVersions).toBe(1);
    expect(calls.searchSubscriptionLedgerEntries).toBe(
      expectedSearches(
        rest.map((x) => x.ledgerEntries),
        size,
        limit,
      ),
    );
    expect(calls.searchSubscriptionPeriodBills).toBe(
      expectedSearches(
        rest.map((x) => x.periodBills),
        size,
        limit,
      ),
    );
    expect(calls.searchSubscriptionPeriodBills).toBeLessThan(subs.length);
  });

  it('take filter, orderBy and query like every connection', async () => {
    const first = (
      at((await h.run(pageQuery(10, 8), { s: String(h.space) })).data, 'space.subscriptions.nodes') as Sub[]
    ).find((s) => s.periodBills.nodes.length >= 3 && s.ledgerEntries.nodes.length >= 3)!;
    const rest = await restChildren(first.restId);
    const r = await h.run(
      `query($s: ID!, $id: ID!, $min: Long!, $q: String!) { space(id: $s) { subscription(id: $id) {
      periodBills(first: 10, orderBy: [{ field: ID, direction: DESC }]) { nodes { restId } }
      ledgerEntries(first: 10, filter: { id: { gt: $min } }) { nodes { restId } }
      q: periodBills(first: 10, query: $q) { nodes { restId } } } } }`,
      {
        s: String(h.space),
        id: String(first.restId),
        min: String(rest.ledgerEntries[0]),
        q: `id:${rest.periodBills[1]}`,
      },
    );
    expect(r.errors).toBeUndefined();
    expect(
      (at(r.data, 'space.subscription.periodBills.nodes') as { restId: string }[]).map((n) => n.restId),
    ).toEqual([...rest.periodBills].reverse());
    expect(
      (at(r.data, 'space.subscription.ledgerEntries.nodes') as { restId: string }[]).map((n) => n.restId),
    ).toEqual(rest.ledgerEntries.slice(1));
    expect((at(r.data, 'space.subscription.q.nodes') as { restId: string }[]).map((n) => n.restId)).toEqual([
      rest.periodBills[1],
    ]);
  });

  it('page one subscription forward and backward, each row once', async () => {
    const subs = at(
      (await h.run(pageQuery(20, 1), { s: String(h.space) })).data,
      'space.subscriptions.nodes',
    ) as Sub[];
    const sub = subs.find((s) => s.periodBills.pageInfo.hasNextPage && s.ledgerEntries.pageInfo.hasNextPage)!;
    const rest = await restChildren(sub.restId);
    expect(rest.periodBills.length).toBeGreaterThanOrEqual(3);
    for (const field of ['periodBills', 'ledgerEntries'] as const) {
      const walk = async (forward: boolean): Promise<string[]> => {
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let i = 0; i < 50; i++) {
          const args = forward
            ? `first: 2${cursor ? `, after: "${cursor}"` : ''}`
            : `last: 2${cursor ? `, before: "${cursor}"` : ''}`;
          const r = await h.run(
            `query($s: ID!, $id: ID!) { space(id: $s) { subscription(id: $id) {
            ${field}(${args}) { nodes { restId } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } } }`,
            {
              s: String(h.space),
              id: String(sub.restId),
            },
          );
          expect(r.errors).toBeUndefined();
          const page = at(r.data, `space.subscription.${field}`) as Page;
          const ids = page.nodes.map((n) => n.restId);
          if (forward) seen.push(...ids);
          else seen.unshift(...ids);
          const more = forward ? page.pageInfo.hasNextPage : page.pageInfo.hasPreviousPage;
          if (!more) return seen;
          cursor = forward ? page.pageInfo.endCursor : page.pageInfo.startCursor;
        }
        throw new Error(`${field}: paging did not end`);
      };
      expect(await walk(true)).toEqual(rest[field]);
      expect(await walk(false)).toEqual(rest[field]);
    }
  });

  // Last: it adds a version to the sandbox's store.
  it('keep cursors of ledger entries valid when the subscription gains a version', async () => {
    const subs = at(
      (await h.run(pageQuery(20, 1), { s: String(h.space) })).data,
      'space.subscriptions.nodes',
    ) as Sub[];
    const sub = subs.find((s) => s.ledgerEntries.pageInfo.hasNextPage)!;
    const before = await restChildren(sub.restId);
    const page = async (after: string | null) => {
      const r = await h.run(
        `query($s: ID!, $id: ID!, $after: String) { space(id: $s) { subscription(id: $id) {
        ledgerEntries(first: 1, after: $after) { nodes { restId } pageInfo { endCursor } } } } }`,
        { s: String(h.space), id: String(sub.restId), after },
      );
      expect(r.errors).toBeUndefined();
      return at(r.data, 'space.subscription.ledgerEntries') as Page;
    };
    const first = await page(null);
    const { store } = h.sandbox.state;
    const version = store
      .list('SubscriptionVersion', h.space)
      .find((v) => String(v.subscription) === sub.restId)!;
    const id = store.nextId();
    store.put('SubscriptionVersion', h.space, id, { ...version, id });
    expect(
      (await h.rest.call('searchSubscriptionVersions', {
        space: h.space,
        query: { query: `subscription.id:${sub.restId}` },
      })) as {
        data: Obj[];
      },
    ).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ id })]) });
    const second = await page(first.pageInfo.endCursor);
    expect(second.nodes.map((n) => n.restId)).toEqual(before.ledgerEntries.slice(1, 2));
  });
});

// Seed sizes: `small` and `large` scale the business of the spaces; a large seed tells a share of the
// transactions' stories and copies the others from a told one (with all its objects). The copies keep
// every rule of the demo data: ids rise with createdOn, every reference resolves in its space, and a
// copy's objects point at the copy, not at the original. The full `large` size is measured by
// `npm run bench:seed-size`, not here (it takes seconds of CPU); this test copies at a smaller scale.
import { afterAll, describe, expect, it } from 'vitest';
import { resources, resourceOf } from '../../src/catalog';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { seedStore, SEED_SIZES, type SeedCounts } from '../../src/sandbox/seed';
import { SEED_COUNTS } from '../../src/sandbox/seed/sizes';
import { Store, type StoredObject } from '../../src/sandbox/store';
import { fieldResolver } from '../../src/sandbox/search';
import { parseSortOrder, sortObjects } from '../../src/sandbox/search/sort';
import { signedFetch } from './support/signed-fetch';

const COPYING: SeedCounts = {
  customers: [60, 20, 10],
  transactions: [3_000, 600, 400],
  subscriptions: [7, 2, 1],
  timeScale: 20,
  told: 0.1,
};

let sandbox: RunningSandbox | undefined;
afterAll(() => sandbox?.close());

const sumOf = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

describe('seed sizes', () => {
  it('small and large are ten and a hundred times smaller and larger than default in customers and transactions', () => {
    expect(SEED_SIZES).toEqual(['small', 'default', 'large']);
    expect(sumOf(SEED_COUNTS.large.transactions)).toBe(200_000);
    expect(sumOf(SEED_COUNTS.large.customers)).toBe(100 * sumOf(SEED_COUNTS.default.customers));
    expect(sumOf(SEED_COUNTS.small.transactions)).toBe(sumOf(SEED_COUNTS.default.transactions) / 10);
  });

  it('startSandbox({ seedSize: "small" }) serves about 200 transactions, counted by paging a REST search', async () => {
    sandbox = await startSandbox({ seedSize: 'small' });
    const [user] = sandbox.users;
    let total = 0;
    for (const space of sandbox.spaces) {
      for (let offset = 0, more = true; more; offset += 100) {
        const r = await signedFetch<{ data: unknown[]; hasMore: boolean }>(
          sandbox.origin,
          { path: `/payment/transactions/search?limit=100&offset=${offset}`, space },
          { userId: user.id, key: user.key },
        );
        expect(r.status).toBe(200);
        total += r.body.data.length;
        more = r.body.hasMore;
      }
    }
    // Subscription charges are planned before they are told, so small seeds may hold a few more.
    expect(total).toBe(sandbox.state.store.count('Transaction'));
    expect(total).toBeGreaterThanOrEqual(200);
    expect(total).toBeLessThan(220);
  });
});

describe('a seed that copies stories', () => {
  const store = new Store();
  const progress: number[] = [];
  seedStore(store, 3, undefined, { size: COPYING, onProgress: (share) => progress.push(share) });
  const transactions = store.list('Transaction');

  it('makes the counts asked for and reports progress from 0 to 1', () => {
    expect(transactions).toHaveLength(4_000);
    expect(store.count('Customer')).toBe(90);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(50);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('copies: ids rise with createdOn across every model', () => {
    const stamped = store
      .models()
      .flatMap((model) => store.list(model))
      .filter((o) => typeof o.id === 'number' && typeof o.createdOn === 'string')
      .sort((a, b) => (a.id as number) - (b.id as number));
    const out = stamped.filter(
      (o, i) => i > 0 && Date.parse(o.createdOn as string) < Date.parse(stamped[i - 1].createdOn as string),
    );
    expect(out.map((o) => o.id).slice(0, 5)).toEqual([]);
  });

  it('copies: every link and id reference resolves in its space, and no two transactions share a completion', () => {
    const problems: string[] = [];
    for (const resource of resources) {
      for (const object of store.list(resource.model)) {
        const space = store.spaceOf(resource.model, object[resource.key.field] as number) ?? null;
        for (const link of [...resource.links, ...resource.references]) {
          const value = object[link.field];
          if (value === undefined) continue;
          const target = resourceOf(link.model);
          for (const id of Array.isArray(value) ? value : [value]) {
            if (!store.get(link.model, id as number, target.spaceScoped ? space : undefined))
              problems.push(
                `${resource.model} ${String(object.id)}.${link.field} -> ${link.model} ${String(id)}`,
              );
          }
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    const completionsOf = new Map<unknown, StoredObject[]>();
    for (const c of store.list('TransactionCompletion'))
      completionsOf.set(c.linkedTransaction, [...(completionsOf.get(c.linkedTransaction) ?? []), c]);
    const fulfilled = transactions.filter((t) => t.state === 'FULFILL');
    expect(fulfilled.length).toBeGreaterThan(1_000);
    // A copied FULFILL transaction has its own completion, made at its own time.
    for (const t of fulfilled) {
      const own = completionsOf.get(t.id) ?? [];
      expect(own.length, `transaction ${String(t.id)}`).toBeGreaterThan(0);
      for (const c of own)
        expect(Date.parse(c.createdOn as string)).toBeGreaterThanOrEqual(Date.parse(t.createdOn as string));
    }
  });

  it('copies differ from their originals in ids and times only where they must: creation times are all distinct', () => {
    const times = new Set(transactions.map((t) => t.createdOn));
    expect(times.size).toBe(transactions.length);
  });
});

describe('a page of a large store', () => {
  it('is the same rows in the same order whether every hit is sorted or only the page is picked', () => {
    const store = new Store();
    seedStore(store, 5, undefined, { size: COPYING });
    const space = store.list('Space')[0].id;
    const rows = store.list('Transaction', space);
    const resolve = fieldResolver(store, 'Transaction', space);
    const byId = (a: StoredObject, b: StoredObject) => Number(a.id) - Number(b.id);
    for (const order of ['createdOn:DESC', 'authorizationAmount state:DESC', 'currency customerId:DESC']) {
      const keys = parseSortOrder(order);
      const all = sortObjects(rows, keys, resolve, byId);
      for (const first of [1, 10, 100, 250])
        expect(
          sortObjects(rows, keys, resolve, byId, first).map((o) => o.id),
          `${order} first ${first}`,
        ).toEqual(all.slice(0, first).map((o) => o.id));
    }
  });
});

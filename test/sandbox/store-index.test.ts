// The store's field index (`Store.where`, `Store.whereIn`), which the life cycles use instead of listing a whole model
// per call: it must answer exactly what listing and filtering would, in the same order, after any mix
// of puts, updates, re-puts and removals, whether it was built before or after them.
import { describe, expect, it } from 'vitest';
import { Store, type StoredObject } from '../../src/sandbox/store';

/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const MODEL = 'TransactionCompletion';
const SPACES = [1, 2, null];
// Many values for 30 keys: buckets of one object (kept as the entry itself) and of several both occur.
const VALUES = [10, 11, 12, 13, 14, 15, 16, 17, '10', undefined];

function listed(store: Store, value: unknown, space: number | null | undefined): unknown[] {
  return store
    .list(MODEL, space)
    .filter((o) => o.linkedTransaction === value)
    .map((o) => o.id);
}

function randomWrites(store: Store, next: () => number, count: number): void {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)];
  for (let i = 0; i < count; i += 1) {
    const key = Math.floor(next() * 30);
    const object: StoredObject = {
      id: key,
      linkedTransaction: pick(VALUES),
      state: pick(['A', 'B']),
      step: i,
    };
    const roll = next();
    if (roll < 0.45) store.put(MODEL, pick(SPACES), key, object);
    else if (roll < 0.75)
      store.update(MODEL, key, undefined, (current) => ({ ...current, linkedTransaction: pick(VALUES) }));
    else if (roll < 0.85) store.update(MODEL, key, undefined, (current) => ({ ...current, state: 'C' }));
    else store.remove(MODEL, key);
  }
}

function expectSameAsListing(store: Store): void {
  for (const space of [...SPACES, undefined]) {
    for (const value of [...VALUES, 99]) {
      expect(
        store.where(MODEL, 'linkedTransaction', value, space).map((o) => o.id),
        `value ${String(value)} space ${space}`,
      ).toEqual(listed(store, value, space));
    }
    for (const values of [[10, 12], ['10', 10, 99], [11, 11, undefined], []]) {
      const wanted = new Set<unknown>(values);
      expect(
        store.whereIn(MODEL, 'linkedTransaction', values, space).map((o) => o.id),
        `values ${values.map(String).join(',')} space ${space}`,
      ).toEqual(
        store
          .list(MODEL, space)
          .filter((o) => wanted.has(o.linkedTransaction))
          .map((o) => o.id),
      );
    }
  }
}

describe('Store.where and whereIn', () => {
  it('answers what listing and filtering answers, in creation order, through any mix of writes', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      const store = new Store();
      randomWrites(store, next, 60);
      expectSameAsListing(store); // the index is built here, over what is stored
      randomWrites(store, next, 200); // and kept current from here on
      expectSameAsListing(store);
    }
  });

  it('moves an object to its new value, keeps its place among the others, and forgets a removed one', () => {
    const store = new Store();
    for (const id of [1, 2, 3]) store.put(MODEL, 1, id, { id, linkedTransaction: 7 });
    const ids = () => store.where(MODEL, 'linkedTransaction', 7).map((o) => o.id);
    expect(ids()).toEqual([1, 2, 3]);
    store.update(MODEL, 1, 1, (c) => ({ ...c, linkedTransaction: 8 }));
    store.put(MODEL, 1, 4, { id: 4, linkedTransaction: 7 });
    expect(ids()).toEqual([2, 3, 4]);
    store.put(MODEL, 1, 1, { id: 1, linkedTransaction: 7 });
    expect(ids()).toEqual([1, 2, 3, 4]);
    store.remove(MODEL, 3);
    expect(ids()).toEqual([1, 2, 4]);
    expect(store.where(MODEL, 'linkedTransaction', 7, 2)).toEqual([]);
    expect(store.where('Refund', 'transaction', 7)).toEqual([]);
  });
});

// The store's write journal and creation positions, which the clock's due-step runner relies on: it
// looks again only at the objects a step wrote, and orders steps due at one instant by position.
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/sandbox/store';

const written = (journal: { take(): Map<string, Set<number | string>> }) =>
  [...journal.take()].map(([model, keys]) => [model, [...keys]]);

describe('Store write journal', () => {
  it('records the puts and updates made while it is open, by model, each key once', () => {
    const store = new Store();
    store.put('Charge', 1, 1, { id: 1 });
    const journal = store.openJournal();
    store.put('Charge', 1, 2, { id: 2 });
    store.update('Charge', 1, 1, (c) => ({ ...c, state: 'DONE' }));
    store.update('Charge', 2, 1, (c) => c); // another space: not found, nothing written
    store.put('Bill', 1, 'b', { id: 'b' });
    store.put('Bill', 1, 'b', { id: 'b', state: 'BILLED' });
    expect(written(journal)).toEqual([
      ['Charge', [2, 1]],
      ['Bill', ['b']],
    ]);
    expect(written(journal)).toEqual([]);
    journal.close();
    store.put('Charge', 1, 3, { id: 3 });
    expect(written(journal)).toEqual([]);
  });

  it('is one at a time: a second while one is open is refused, and closing frees the store', () => {
    const store = new Store();
    const first = store.openJournal();
    expect(() => store.openJournal()).toThrow(/open already/);
    first.close();
    const second = store.openJournal();
    first.close(); // a closed journal's close leaves the open one open
    store.put('Charge', 1, 1, { id: 1 });
    expect(written(second)).toEqual([['Charge', [1]]]);
  });
});

describe('Store positions', () => {
  it('follow creation order: a key stored again keeps its place, one removed and added again goes last', () => {
    const store = new Store();
    for (const id of [1, 2, 3]) store.put('Charge', 1, id, { id });
    store.put('Charge', 1, 1, { id: 1, state: 'DONE' });
    store.update('Charge', 1, 3, (c) => ({ ...c, state: 'DONE' }));
    store.remove('Charge', 2);
    store.put('Charge', 1, 2, { id: 2 });
    const visited: [unknown, number][] = [];
    store.forEach('Charge', (object, key, position) => visited.push([key, position]));
    expect(visited.map(([key]) => key)).toEqual([1, 3, 2]);
    expect(store.list('Charge').map((c) => c.id)).toEqual([1, 3, 2]);
    const positions = visited.map(([, position]) => position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(visited.map(([key]) => store.positionOf('Charge', key as number))).toEqual(positions);
    expect(store.positionOf('Charge', 9)).toBeUndefined();
  });
});

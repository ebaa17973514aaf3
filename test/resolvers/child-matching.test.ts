// Child matching over a scripted REST API (no HTTP): the search terms that name a parent's children
// and the parent each child row belongs to, for the three ways a child names its parent (a field, a
// field of a linked object, another relation of the parent), and the one search that finds the
// intermediate objects of a `through` relation for all parents of a tick.
import { describe, expect, it } from 'vitest';
import { childRelations, type ChildRelation } from '../../src/catalog';
import { matchingFor, type SearchableVia } from '../../src/resolvers/child-matching';
import type { Internals } from '../../src/resolvers/context';
import { page, scriptedInternals, termValues, type ScriptedCall } from './support/scripted-rest';

const SPACE = 7;

function relation(parent: string, name: string): ChildRelation & { via: SearchableVia } {
  const found = childRelations.find((r) => r.parent === parent && r.name === name);
  if (!found || found.via.kind === 'path') throw new Error(`${parent}.${name} is not a searchable relation`);
  return found as ChildRelation & { via: SearchableVia };
}

/** A child row as the read path holds it (an entity of `model`). */
const rowOf = (internals: Internals, model: string) => (row: Record<string, unknown>) =>
  internals.cache.wrap(row, model, SPACE, []);

const noCalls = () => {
  throw new Error('no REST call was expected');
};

describe('children that name their parent in a field', () => {
  it('names each parent by the field, reads the parent from the row (id or expanded link), expands nothing', async () => {
    const { internals, recorder } = scriptedInternals(noCalls);
    const completions = relation('Transaction', 'completions');
    const m = await matchingFor(internals, completions, completions.via, SPACE, ['41', '42'], false);
    const row = rowOf(internals, 'TransactionCompletion');
    expect([m.terms('41'), m.terms('42')]).toEqual([['linkedTransaction:41'], ['linkedTransaction:42']]);
    expect(m.ownerOf(row({ id: 1, linkedTransaction: 41 }))).toBe('41');
    expect(m.ownerOf(row({ id: 2, linkedTransaction: { id: 42, state: 'FULFILL' } }))).toBe('42');
    expect(m.ownerOf(row({ id: 3 }))).toBeNull();
    expect(m.expand).toEqual([]);
    expect(m.identity).toBeUndefined();
    expect(recorder.calls).toEqual([]);
  });

  it('keeps ids beyond 2^53 exact in the terms', async () => {
    const { internals } = scriptedInternals(noCalls);
    const refunds = relation('Transaction', 'refunds');
    const m = await matchingFor(internals, refunds, refunds.via, SPACE, ['9007199254740993'], false);
    expect(m.terms('9007199254740993')).toEqual(['transaction.id:9007199254740993']);
  });
});

describe('children that name their parent through a linked object', () => {
  it('searches by the dotted name, and expands the link so the parent can be read from the row', async () => {
    const { internals, recorder } = scriptedInternals(noCalls);
    const bills = relation('Subscription', 'periodBills');
    const m = await matchingFor(internals, bills, bills.via, SPACE, ['5'], false);
    const row = rowOf(internals, 'SubscriptionPeriodBill');
    expect(m.terms('5')).toEqual(['subscriptionVersion.subscription:5']);
    expect(m.expand).toEqual(['subscriptionVersion']);
    expect(m.ownerOf(row({ id: 1, subscriptionVersion: { id: 70, subscription: 5 } }))).toBe('5');
    expect(m.ownerOf(row({ id: 2, subscriptionVersion: { id: 71, subscription: { id: 6 } } }))).toBe('6');
    // Not expanded: the link is only an id, and the parent cannot be read.
    expect(m.ownerOf(row({ id: 3, subscriptionVersion: 70 }))).toBeNull();
    expect(recorder.calls).toEqual([]);
  });
});

describe('children that name another relation of their parent (through)', () => {
  /** Versions 70 and 71 of subscription 5, 80 of subscription 6, none of subscription 9. */
  const versions = (call: ScriptedCall) => {
    const owners = new Set(termValues(call.query.query, 'subscription.id'));
    const all = [
      { id: 70, subscription: 5 },
      { id: 71, subscription: 5 },
      { id: 80, subscription: 6 },
    ];
    return page(all.filter((v) => owners.has(String(v.subscription))));
  };

  it('finds the intermediate objects of every parent in one search, then names the children by them', async () => {
    const { internals, recorder } = scriptedInternals(versions);
    const entries = relation('Subscription', 'ledgerEntries');
    const m = await matchingFor(internals, entries, entries.via, SPACE, ['5', '6', '9'], false);
    const row = rowOf(internals, 'SubscriptionLedgerEntry');
    expect(recorder.calls.map((c) => [c.operationId, c.space, c.query])).toEqual([
      [
        'searchSubscriptionVersions',
        SPACE,
        {
          order: 'id:ASC',
          limit: 100,
          query: '(subscription.id:5 OR subscription.id:6 OR subscription.id:9)',
        },
      ],
    ]);
    expect([m.terms('5'), m.terms('6'), m.terms('9')]).toEqual([
      ['subscriptionVersion:70', 'subscriptionVersion:71'],
      ['subscriptionVersion:80'],
      [],
    ]);
    expect(m.ownerOf(row({ id: 1, subscriptionVersion: 71 }))).toBe('5');
    expect(m.ownerOf(row({ id: 2, subscriptionVersion: { id: 80 } }))).toBe('6');
    expect(m.ownerOf(row({ id: 3, subscriptionVersion: 99 }))).toBeNull();
    // Cursors belong to the parent's collection, not to the list of versions in the query.
    expect(m.identity?.('5')).toBe('Subscription:5.ledgerEntries');
  });

  it('parents asked in the same tick share that search; a parent asked again is not searched again', async () => {
    const { internals, recorder } = scriptedInternals(versions);
    const entries = relation('Subscription', 'ledgerEntries');
    const [a, b] = await Promise.all([
      matchingFor(internals, entries, entries.via, SPACE, ['5'], false),
      matchingFor(internals, entries, entries.via, SPACE, ['6'], false),
    ]);
    expect([a.terms('5'), b.terms('6')]).toEqual([
      ['subscriptionVersion:70', 'subscriptionVersion:71'],
      ['subscriptionVersion:80'],
    ]);
    expect(recorder.calls).toHaveLength(1);
    await matchingFor(internals, entries, entries.via, SPACE, ['5'], false);
    expect(recorder.calls).toHaveLength(1);
  });

  it('naive matching (the benchmark baseline) searches once per parent', async () => {
    const { internals, recorder } = scriptedInternals(versions);
    const entries = relation('Subscription', 'ledgerEntries');
    await Promise.all([
      matchingFor(internals, entries, entries.via, SPACE, ['5'], true),
      matchingFor(internals, entries, entries.via, SPACE, ['6'], true),
    ]);
    expect(recorder.calls.map((c) => c.query?.query)).toEqual(['subscription.id:5', 'subscription.id:6']);
  });

  it('a failed search of the intermediates fails the matching, saying why', async () => {
    const { internals } = scriptedInternals(() => {
      throw new Error('versions unavailable');
    });
    const entries = relation('Subscription', 'ledgerEntries');
    await expect(matchingFor(internals, entries, entries.via, SPACE, ['5'], false)).rejects.toThrow(
      'versions unavailable',
    );
  });
});

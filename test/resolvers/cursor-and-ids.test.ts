import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/resolvers/cursor';
import { decodeGlobalId, encodeGlobalId } from '../../src/resolvers/global-id';
import { keysetCondition, totalOrder } from '../../src/resolvers/order';
import { pageRequest } from '../../src/resolvers/page-args';

describe('global IDs', () => {
  it('round-trip model, space and key (numeric, bigint and string keys)', () => {
    expect(decodeGlobalId(encodeGlobalId('Transaction', 7, 42))).toEqual({
      model: 'Transaction',
      space: 7,
      key: '42',
    });
    expect(decodeGlobalId(encodeGlobalId('Transaction', 7, 9007199254740993n))).toEqual({
      model: 'Transaction',
      space: 7,
      key: '9007199254740993',
    });
    expect(decodeGlobalId(encodeGlobalId('Space', null, 3))).toEqual({
      model: 'Space',
      space: null,
      key: '3',
    });
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (key) => {
        expect(decodeGlobalId(encodeGlobalId('RestCountryState', null, key))).toEqual({
          model: 'RestCountryState',
          space: null,
          key,
        });
      }),
    );
  });

  it('are the base64url of `<model>:<space>:<key>` for every prefix length and key, ASCII or not', () => {
    const plain = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    for (const model of ['Ab', 'Abc', 'Abcd', 'Transaction', 'RestCountryState'])
      for (const space of [null, 7, 12, 123])
        for (const key of [1, 42, 123456, 9007199254740993n, 'CH:ZH', 'ü', 'xü', 'xyü', '日本', ''] as const)
          expect(encodeGlobalId(model, space, key)).toBe(plain(`${model}:${space ?? '-'}:${String(key)}`));
  });

  it('refuses ids that are not ours', () => {
    expect(decodeGlobalId('42')).toBeNull();
    expect(decodeGlobalId('not base64!')).toBeNull();
    expect(decodeGlobalId(Buffer.from('Nope:1:2').toString('base64url'))).toBeNull();
    expect(decodeGlobalId(Buffer.from('Transaction:-:2').toString('base64url'))).toBeNull(); // space-scoped needs a space
    expect(decodeGlobalId(Buffer.from('Space:4:2').toString('base64url'))).toBeNull(); // account-level has none
    expect(decodeGlobalId(Buffer.from('Transaction:1:abc').toString('base64url'))).toBeNull();
  });
});

describe('cursors', () => {
  it('round-trip and are refused for another order or kind', () => {
    const c = {
      k: 's' as const,
      s: 'sig',
      f: 1 as const,
      o: 12,
      v: [3, '2024-01-01T00:00:00Z', null],
      id: '3',
    };
    const text = encodeCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, 'after', 's', 'sig')).toEqual(c);
    expect(() => decodeCursor(text, 'after', 's', 'other')).toThrow(/another order/);
    expect(() => decodeCursor(text, 'after', 'l', 'sig')).toThrow(/another order/);
    expect(() => decodeCursor('garbage!', 'before', 's', 'sig')).toThrow(/before: not a cursor/);
  });
});

describe('paging arguments', () => {
  it('accept 1-100 in one direction', () => {
    expect(pageRequest({})).toEqual({ forward: true, size: 10, cursor: null });
    expect(pageRequest({ last: 5, before: 'x' })).toEqual({ forward: false, size: 5, cursor: 'x' });
    expect(() => pageRequest({ first: 0 })).toThrow(/first must be between 1 and 100/);
    expect(() => pageRequest({ last: 101 })).toThrow(/last must be between 1 and 100/);
    expect(() => pageRequest({ first: 1, last: 1 })).toThrow(/either first or last/);
  });
});

describe('keyset condition', () => {
  it('continues after a row on every key, id last', () => {
    const order = totalOrder([{ field: 'createdOn', direction: 'DESC' }], 'id');
    expect(order).toEqual([
      { field: 'createdOn', direction: 'DESC' },
      { field: 'id', direction: 'ASC' },
    ]);
    expect(keysetCondition(order, ['2024-01-01T00:00:00Z', 9], 'Transaction')).toBe(
      '(createdOn:<2024-01-01T00:00:00Z OR createdOn:* OR (createdOn:2024-01-01T00:00:00Z AND id:>9))',
    );
  });

  // NULL sorts first in ASC and last in DESC: after a row, NULLs are named where they follow it.
  it('names NULL keys where they come after the cursor row', () => {
    const desc = totalOrder([{ field: 'completedOn', direction: 'DESC' }], 'id');
    expect(keysetCondition(desc, [null, 9], 'Transaction')).toBe('(completedOn:* AND id:>9)');
    const asc = totalOrder([{ field: 'completedOn', direction: 'ASC' }], 'id');
    expect(keysetCondition(asc, [null, 9], 'Transaction')).toBe(
      '(NOT (completedOn:*) OR (completedOn:* AND id:>9))',
    );
    expect(keysetCondition(asc, ['2024-01-01T00:00:00Z', 9], 'Transaction')).toBe(
      '(completedOn:>2024-01-01T00:00:00Z OR (completedOn:2024-01-01T00:00:00Z AND id:>9))',
    );
  });

  it('refuses string orders with a message that says how to page', () => {
    const order = totalOrder([{ field: 'merchantReference', direction: 'ASC' }], 'id');
    expect(() => keysetCondition(order, ['x', 1], 'Transaction')).toThrow(/order by id or by a date/);
  });
});

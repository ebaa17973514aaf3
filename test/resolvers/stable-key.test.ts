// stableKey: one string for equal argument values, whatever their objects' key order; bigints written
// out; values JSON.stringify writes canonically by itself take that path, the same string either way.
import { describe, expect, it } from 'vitest';
import { stableKey } from '../../src/resolvers/stable-key';

describe('stableKey', () => {
  it('writes equal values alike, whatever the order of their keys', () => {
    const sorted = stableKey(['Transaction', 'completions', 5, { a: 1, b: { c: [1, 'x'], d: null } }]);
    const unsorted = stableKey(['Transaction', 'completions', 5, { b: { d: null, c: [1, 'x'] }, a: 1 }]);
    expect(unsorted).toBe(sorted);
    expect(sorted).toBe('["Transaction","completions",5,{"a":1,"b":{"c":[1,"x"],"d":null}}]');
  });

  it('writes integer-like keys in numeric order (as JSON.stringify always does) and bigints with an n', () => {
    expect(stableKey({ 10: 'a', 9: 'b', x: 1 })).toBe('{"9":"b","10":"a","x":1}');
    expect(stableKey([{ id: 9007199254740993n }])).toBe('[{"id":"9007199254740993n"}]');
    expect(stableKey({ z: undefined, a: [undefined] })).toBe('{"a":[null]}');
    expect(stableKey(undefined)).toBe('null');
  });

  it('tells apart values that differ', () => {
    expect(stableKey([{ eq: '1' }])).not.toBe(stableKey([{ eq: 1 }]));
    expect(stableKey([1n])).not.toBe(stableKey([1]));
  });
});

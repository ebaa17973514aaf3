// The get-or-create of Pothos type references: once per key, remembered before it is implemented.
import { describe, expect, it } from 'vitest';
import { refCache } from '../../src/schema/ref-cache';

describe('refCache', () => {
  it('makes a reference once per key and answers the same one after', () => {
    const made: string[] = [];
    const ref = refCache((key: string) => {
      made.push(key);
      return { key };
    });
    const first = ref('Customer');
    expect(ref('Customer')).toBe(first);
    expect(ref('Token')).not.toBe(first);
    expect(made).toEqual(['Customer', 'Token']);
  });

  it('uses further arguments for the first making only', () => {
    const ref = refCache((key: string, label: string) => ({ key, label }));
    expect(ref('Customer', 'first')).toEqual({ key: 'Customer', label: 'first' });
    expect(ref('Customer', 'second')).toEqual({ key: 'Customer', label: 'first' });
  });

  it('remembers a reference before implementing it, so a type that refers to itself meets the same one', () => {
    type Node = { key: string; self?: Node };
    const ref: (key: string) => Node = refCache(
      (key: string): Node => ({ key }),
      (node, key) => {
        node.self = ref(key);
      },
    );
    const node = ref('Filter');
    expect(node.self).toBe(node);
  });

  it('remembers null ("nothing to make") without making again', () => {
    let calls = 0;
    const ref = refCache((key: string) => {
      calls += 1;
      return key === 'empty' ? null : { key };
    });
    expect(ref('empty')).toBeNull();
    expect(ref('empty')).toBeNull();
    expect(calls).toBe(1);
  });
});

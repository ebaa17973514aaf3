// The filter translator, checked against the REST search parser itself: whatever the values, the
// parsed query has exactly the structure the filter describes and carries each value unchanged.
import fc from 'fast-check';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { translateFilter } from '../../src/resolvers/filter-translator';
import { parseQuery, type QueryNode } from '../../src/search-syntax';

const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'AND',
    'OR',
    'NOT',
    'and',
    '-x',
    'a:b',
    '(',
    ')',
    '"',
    "'",
    '\\',
    '\\"',
    'a b',
    '',
    ' ',
    'x) OR (id:*',
    '<5',
    '*',
    '~',
  ),
  fc.stringMatching(/^[ a-zA-Z0-9"'()\\:,\-*<>=~]{0,12}$/),
);

function q(filter: Record<string, unknown>, model = 'Transaction'): QueryNode | null {
  return parseQuery(translateFilter(filter, model));
}

describe('translateFilter', () => {
  it('prints each condition kind', () => {
    expect(translateFilter({ state: { eq: 'FULFILL' } }, 'Transaction')).toBe('state:FULFILL');
    expect(translateFilter({ id: { gt: 5, lte: 9 } }, 'Transaction')).toBe('(id:>5 AND id:<=9)');
    expect(translateFilter({ id: { in: [1, 2] } }, 'Transaction')).toBe('(id:1 OR id:2)');
    expect(translateFilter({ id: { notIn: [1] } }, 'Transaction')).toBe('NOT (id:1)');
    expect(translateFilter({ merchantReference: { isNull: true } }, 'Transaction')).toBe(
      'merchantReference:*',
    );
    expect(translateFilter({ merchantReference: { isNull: false } }, 'Transaction')).toBe(
      'NOT (merchantReference:*)',
    );
    expect(translateFilter({ merchantReference: { contains: 'ab' } }, 'Transaction')).toBe(
      'merchantReference:~ab',
    );
    expect(translateFilter({ id: { in: [] } }, 'Transaction')).toBe('id:*');
  });

  it('turns filters on link fields into dotted names', () => {
    expect(translateFilter({ token: { state: { eq: 'ACTIVE' } } }, 'Transaction')).toBe('token.state:ACTIVE');
    expect(translateFilter({ transaction: { token: { id: { eq: 3 } } } }, 'Refund')).toBe(
      'transaction.token.id:3',
    );
  });

  it('combines and / or / not', () => {
    const text = translateFilter(
      { or: [{ id: { eq: 1 } }, { and: [{ id: { gt: 3 } }, { not: { state: { eq: 'FAILED' } } }] }] },
      'Transaction',
    );
    expect(text).toBe('(id:1 OR (id:>3 AND NOT (state:FAILED)))');
    expect(translateFilter({ or: [] }, 'Transaction')).toBe('id:*');
    expect(translateFilter({}, 'Transaction')).toBe('');
  });

  it('refuses what it cannot express, saying where', () => {
    expect(() => translateFilter({ merchantReference: { contains: 'a,b' } }, 'Transaction')).toThrow(
      /merchantReference\.contains/,
    );
    expect(() => translateFilter({ id: { like: 1 } }, 'Transaction')).toThrow(/unknown condition "like"/);
    expect(() => translateFilter({ 'a b': { eq: 1 } }, 'Transaction')).toThrow(GraphQLError);
    expect(() => translateFilter({ id: { eq: { nested: 1 } } }, 'Transaction')).toThrow(/id\.eq/);
  });

  it('no value changes the structure of the query (eq, ne, contains, in)', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        expect(q({ merchantReference: { eq: a } })).toEqual({
          kind: 'term',
          name: 'merchantReference',
          comparator: ':',
          value: a,
        });
        expect(q({ merchantReference: { ne: a } })).toEqual({
          kind: 'not',
          term: { kind: 'term', name: 'merchantReference', comparator: ':', value: a },
        });
        expect(q({ customerEmailAddress: { in: [a, b] }, merchantReference: { lt: b } })).toEqual({
          kind: 'and',
          terms: [
            {
              kind: 'or',
              terms: [
                { kind: 'term', name: 'customerEmailAddress', comparator: ':', value: a },
                { kind: 'term', name: 'customerEmailAddress', comparator: ':', value: b },
              ],
            },
            { kind: 'term', name: 'merchantReference', comparator: ':<', value: b },
          ],
        });
        if (!a.includes(',') && a !== '') {
          expect(q({ merchantReference: { contains: a } })).toEqual({
            kind: 'term',
            name: 'merchantReference',
            comparator: ':~',
            value: a,
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});

// Property tests of the search grammar: random query trees print to text that parses back to the
// same tree, quoteValue protects any value, and any text parses or fails inside itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SearchSyntaxError,
  normalizeQuery,
  parseQuery,
  printQuery,
  quoteValue,
  type Comparator,
  type QueryNode,
} from '../../src/search-syntax';
import { anyString, tree } from './arbitraries';

describe('search syntax properties', () => {
  it('parse(print(tree)) is the normalised tree', () => {
    fc.assert(
      fc.property(tree, (t) => {
        expect(parseQuery(printQuery(t))).toStrictEqual(normalizeQuery(t));
      }),
      { numRuns: 500 },
    );
  });

  it('quoteValue reads back as the same single value, among other terms and after any comparator', () => {
    fc.assert(
      fc.property(
        anyString,
        fc.constantFrom<Comparator>(':', ':<', ':>', ':<=', ':>=', ':~'),
        (value, comparator) => {
          const node = parseQuery(`a:1 (f${comparator}${quoteValue(value)} OR b:*)`);
          expect(node).toStrictEqual({
            kind: 'and',
            terms: [
              { kind: 'term', name: 'a', comparator: ':', value: '1' },
              {
                kind: 'or',
                terms: [
                  { kind: 'term', name: 'f', comparator, value },
                  { kind: 'term', name: 'b', comparator: ':*' },
                ],
              },
            ],
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('any text either parses to a tree that prints stably or fails with a SearchSyntaxError inside the text', () => {
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            'a:1',
            'b:"x y"',
            ' ',
            '(',
            ')',
            'AND ',
            'OR ',
            'NOT ',
            '-',
            ':',
            ':*',
            '"',
            "'",
            '\\',
            'x',
          ),
          fc.string({ maxLength: 2 }),
        ),
        { maxLength: 8 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (q) => {
        let node: QueryNode | null;
        try {
          node = parseQuery(q);
        } catch (e) {
          expect(e).toBeInstanceOf(SearchSyntaxError);
          const { position } = e as SearchSyntaxError;
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(q.length);
          return;
        }
        if (node) expect(parseQuery(printQuery(node))).toStrictEqual(node);
      }),
      { numRuns: 1000 },
    );
  });
});

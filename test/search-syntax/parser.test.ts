import { describe, expect, it } from 'vitest';
import {
  SearchSyntaxError,
  parseQuery,
  printQuery,
  quoteValue,
  type QueryNode,
} from '../../src/search-syntax';

const t = (
  name: string,
  comparator: QueryNode & { kind: 'term' } extends { comparator: infer C } ? C : never,
  value?: string,
): QueryNode =>
  value === undefined ? { kind: 'term', name, comparator } : { kind: 'term', name, comparator, value };
const and = (...terms: QueryNode[]): QueryNode => ({ kind: 'and', terms });
const or = (...terms: QueryNode[]): QueryNode => ({ kind: 'or', terms });
const not = (term: QueryNode): QueryNode => ({ kind: 'not', term });

describe('parseQuery: constructs', () => {
  it('returns null for empty or blank text', () => {
    expect(parseQuery('')).toBeNull();
    expect(parseQuery('  \t\n ')).toBeNull();
  });

  it('reads every comparator', () => {
    expect(parseQuery('a:1')).toStrictEqual(t('a', ':', '1'));
    expect(parseQuery('a:<1')).toStrictEqual(t('a', ':<', '1'));
    expect(parseQuery('a:>1')).toStrictEqual(t('a', ':>', '1'));
    expect(parseQuery('a:<=1')).toStrictEqual(t('a', ':<=', '1'));
    expect(parseQuery('a:>=1')).toStrictEqual(t('a', ':>=', '1'));
    expect(parseQuery('a:~x,y')).toStrictEqual(t('a', ':~', 'x,y'));
    expect(parseQuery('a:*')).toStrictEqual(t('a', ':*'));
  });

  it('implies AND between terms and accepts an explicit AND', () => {
    const expected = and(t('a', ':', '1'), t('b', ':', '2'), t('c', ':', '3'));
    expect(parseQuery('a:1 b:2 c:3')).toStrictEqual(expected);
    expect(parseQuery('a:1 AND b:2 AND c:3')).toStrictEqual(expected);
    expect(parseQuery('  a:1\tAND\nb:2   c:3  ')).toStrictEqual(expected);
  });

  it('binds AND tighter than OR', () => {
    expect(parseQuery('a:1 b:2 OR c:3')).toStrictEqual(
      or(and(t('a', ':', '1'), t('b', ':', '2')), t('c', ':', '3')),
    );
    expect(parseQuery('a:1 OR b:2 AND c:3')).toStrictEqual(
      or(t('a', ':', '1'), and(t('b', ':', '2'), t('c', ':', '3'))),
    );
  });

  it('groups with parentheses and flattens nested groups of the same kind', () => {
    expect(parseQuery('a:1 (b:2 OR c:3)')).toStrictEqual(
      and(t('a', ':', '1'), or(t('b', ':', '2'), t('c', ':', '3'))),
    );
    expect(parseQuery('(a:1 b:2) c:3')).toStrictEqual(
      and(t('a', ':', '1'), t('b', ':', '2'), t('c', ':', '3')),
    );
    expect(parseQuery('((a:1))')).toStrictEqual(t('a', ':', '1'));
    expect(parseQuery('( a:1 OR (b:2 OR c:3) )')).toStrictEqual(
      or(t('a', ':', '1'), t('b', ':', '2'), t('c', ':', '3')),
    );
  });

  it('treats a parenthesis as a separator', () => {
    expect(parseQuery('a:1(b:2 OR c:3)')).toStrictEqual(
      and(t('a', ':', '1'), or(t('b', ':', '2'), t('c', ':', '3'))),
    );
    expect(parseQuery('(a:1)(b:2)')).toStrictEqual(and(t('a', ':', '1'), t('b', ':', '2')));
    expect(parseQuery('(a:1)OR(b:2)')).toStrictEqual(or(t('a', ':', '1'), t('b', ':', '2')));
  });

  it('negates with - and NOT, which bind tightest', () => {
    expect(parseQuery('-a:1')).toStrictEqual(not(t('a', ':', '1')));
    expect(parseQuery('NOT a:1')).toStrictEqual(not(t('a', ':', '1')));
    expect(parseQuery('NOT a:1 b:2')).toStrictEqual(and(not(t('a', ':', '1')), t('b', ':', '2')));
    expect(parseQuery('-(a:1 OR b:2)')).toStrictEqual(not(or(t('a', ':', '1'), t('b', ':', '2'))));
    expect(parseQuery('NOT (a:1)')).toStrictEqual(not(t('a', ':', '1')));
    expect(parseQuery('NOT(a:1)')).toStrictEqual(not(t('a', ':', '1')));
    expect(parseQuery('--a:1')).toStrictEqual(not(not(t('a', ':', '1'))));
    expect(parseQuery('NOT -a:*')).toStrictEqual(not(not(t('a', ':*'))));
    expect(parseQuery('a:1 OR -b:2')).toStrictEqual(or(t('a', ':', '1'), not(t('b', ':', '2'))));
  });

  it('reads dotted names and names that merely start with a keyword', () => {
    expect(parseQuery('transaction.state:PENDING')).toStrictEqual(t('transaction.state', ':', 'PENDING'));
    expect(parseQuery('NOTE:x ORDER:y ANDROID:z')).toStrictEqual(
      and(t('NOTE', ':', 'x'), t('ORDER', ':', 'y'), t('ANDROID', ':', 'z')),
    );
    expect(parseQuery('and:1 or:2')).toStrictEqual(and(t('and', ':', '1'), t('or', ':', '2')));
  });

  it('reads bare values with colons, dashes, commas, backslashes and unicode', () => {
    expect(parseQuery('createdOn:>=2024-05-01T10:00:00Z')).toStrictEqual(
      t('createdOn', ':>=', '2024-05-01T10:00:00Z'),
    );
    expect(parseQuery('amount:-5')).toStrictEqual(t('amount', ':', '-5'));
    expect(parseQuery('path:C:\\dir')).toStrictEqual(t('path', ':', 'C:\\dir'));
    expect(parseQuery('name:Zürich→東京')).toStrictEqual(t('name', ':', 'Zürich→東京'));
    expect(parseQuery('a:x=y')).toStrictEqual(t('a', ':', 'x=y'));
  });

  it('reads quoted values with the escape rule', () => {
    expect(parseQuery('a:"x y"')).toStrictEqual(t('a', ':', 'x y'));
    expect(parseQuery("a:'x y'")).toStrictEqual(t('a', ':', 'x y'));
    expect(parseQuery('a:""')).toStrictEqual(t('a', ':', ''));
    expect(parseQuery('a:"say \\"hi\\""')).toStrictEqual(t('a', ':', 'say "hi"'));
    expect(parseQuery("a:'it\\'s'")).toStrictEqual(t('a', ':', "it's"));
    expect(parseQuery('a:"back\\\\slash"')).toStrictEqual(t('a', ':', 'back\\slash'));
    expect(parseQuery('a:"not an \\escape"')).toStrictEqual(t('a', ':', 'not an \\escape'));
    expect(parseQuery('a:"it\'s"')).toStrictEqual(t('a', ':', "it's"));
    expect(parseQuery('a:"(x) OR y"')).toStrictEqual(t('a', ':', '(x) OR y'));
  });

  it('concatenates value pieces written back to back', () => {
    expect(parseQuery('a:x"y z"')).toStrictEqual(t('a', ':', 'xy z'));
    expect(parseQuery('tags:~"a b",c')).toStrictEqual(t('tags', ':~', 'a b,c'));
    expect(parseQuery('tags:~c,"a b"')).toStrictEqual(t('tags', ':~', 'c,a b'));
  });

  it('reads keywords right after a comparator as values', () => {
    expect(parseQuery('a:AND b:OR')).toStrictEqual(and(t('a', ':', 'AND'), t('b', ':', 'OR')));
    expect(parseQuery('a:"NOT"')).toStrictEqual(t('a', ':', 'NOT'));
  });
});

describe('parseQuery: errors name the position', () => {
  const cases: [string, number, RegExp][] = [
    ['(a:1', 0, /'\(' at position 0 is never closed/],
    ['a:1 (b:2 (c:3)', 4, /never closed/],
    ['a:1)', 3, /unexpected '\)'/],
    [')', 0, /expected a term at the start of the query, found '\)'/],
    ['()', 1, /expected a term after '\(' at position 0, found '\)'/],
    ['a', 1, /expected a comparator .* after field name 'a', found end of query/],
    ['a 1', 1, /after field name 'a', found whitespace/],
    ['a=1', 3, /after field name 'a=1', found end of query/],
    ['a:', 2, /expected a value after the comparator ':', found end of query/],
    ['a:< 5', 3, /expected a value after the comparator ':<', found whitespace/],
    ['(a:>=)', 5, /expected a value after the comparator ':>=', found '\)'/],
    ['a:1 AND', 7, /expected a term after 'AND' at position 4, found end of query/],
    ['a:1 OR', 6, /expected a term after 'OR' at position 4/],
    ['AND a:1', 0, /found connective 'AND'/],
    ['OR a:1', 0, /found connective 'OR'/],
    ['a:1 AND OR b:1', 8, /after 'AND' at position 4, found connective 'OR'/],
    ['a:1 OR OR b:1', 7, /found connective 'OR'/],
    ['(a:1 OR)', 7, /after 'OR' at position 5, found '\)'/],
    ['a:"x', 2, /unterminated quoted value: the " at position 2/],
    ["a:1 b:'x y", 6, /unterminated quoted value: the ' at position 6/],
    ['a:"x\\"', 2, /unterminated/],
    ['- a:1', 1, /expected a term immediately after '-', found whitespace/],
    ['a:1 -', 5, /immediately after '-', found end of query/],
    ['NOT', 3, /expected a term after 'NOT' at position 0/],
    ['a:1 NOT OR b:1', 8, /after 'NOT' at position 4, found connective 'OR'/],
    [':1', 0, /expected a field name, '\(' or a modifier, found ':'/],
    ['"a":1', 0, /expected a field name/],
    ['a:*x', 3, /':\*' \(is NULL\) takes no value, found 'x'/],
    ['a:*"x"', 3, /takes no value/],
    ['a:1 b', 5, /after field name 'b'/],
  ];
  it.each(cases)('%j fails at position %i', (text, position, message) => {
    let error: unknown;
    try {
      parseQuery(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SearchSyntaxError);
    const syntax = error as SearchSyntaxError;
    expect(syntax.position).toBe(position);
    expect(syntax.message).toContain(`at position ${position}:`);
    expect(syntax.message).toMatch(message);
  });
});

describe('printQuery and quoteValue', () => {
  it('prints canonical text', () => {
    expect(printQuery(parseQuery('a:1  AND b:2 OR (c:3)')!)).toBe('a:1 b:2 OR c:3');
    expect(printQuery(parseQuery('a:1 (b:2 OR c:3)')!)).toBe('a:1 (b:2 OR c:3)');
    expect(printQuery(parseQuery('NOT (a:1 b:*)')!)).toBe('-(a:1 b:*)');
    expect(printQuery(parseQuery('NOT NOT a:1')!)).toBe('--a:1');
    expect(printQuery(parseQuery("a:'x y' b:AND")!)).toBe('a:"x y" b:"AND"');
  });

  it('flattens nested nodes of one kind, so the text reads back normalised', () => {
    const nested = and(t('a', ':', '1'), and(t('b', ':', '2'), or(t('c', ':', '3'))));
    expect(printQuery(nested)).toBe('a:1 b:2 c:3');
    expect(parseQuery(printQuery(nested))).toStrictEqual(
      and(t('a', ':', '1'), t('b', ':', '2'), t('c', ':', '3')),
    );
  });

  it('rejects trees no text can express', () => {
    expect(() => printQuery(and())).toThrow(/needs at least one term/);
    expect(() => printQuery(t('a b', ':', '1'))).toThrow(/cannot be written as a field name/);
    expect(() => printQuery(t('-a', ':', '1'))).toThrow(/field name/);
    expect(() => printQuery({ kind: 'term', name: 'a', comparator: ':' })).toThrow(/needs a value/);
  });

  it('leaves safe values bare and quotes the rest', () => {
    expect(quoteValue('abc')).toBe('abc');
    expect(quoteValue('2024-05-01T10:00:00Z')).toBe('2024-05-01T10:00:00Z');
    expect(quoteValue('-5')).toBe('-5');
    expect(quoteValue('')).toBe('""');
    expect(quoteValue('a b')).toBe('"a b"');
    expect(quoteValue('(x)')).toBe('"(x)"');
    expect(quoteValue('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(quoteValue("it's")).toBe('"it\'s"');
    expect(quoteValue('and')).toBe('"and"');
    expect(quoteValue('NOT')).toBe('"NOT"');
    expect(quoteValue('*x')).toBe('"*x"');
    expect(quoteValue('=5')).toBe('"=5"');
    expect(quoteValue('~')).toBe('"~"');
  });

  it('quoted values read back as the same value after every comparator', () => {
    for (const value of ['=5', '<', '*', 'a b', '"', "'", '\\', 'OR', 'x)', '\u00a0']) {
      for (const comparator of [':', ':<', ':>', ':<=', ':>=', ':~'] as const) {
        expect(parseQuery(`f${comparator}${quoteValue(value)}`)).toStrictEqual(t('f', comparator, value));
      }
    }
  });
});

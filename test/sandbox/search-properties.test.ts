// Property tests: random query trees print to text that parses back to the same tree, compile to
// the same verdicts as a direct (reference) evaluation of the tree, and quoteValue protects any value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SearchSyntaxError,
  compileQuery,
  normalizeQuery,
  parseQuery,
  printQuery,
  quoteValue,
  type Comparator,
  type FieldAccessor,
  type QueryNode,
} from '../../src/sandbox/search';

type Obj = Record<string, unknown>;
type FieldName = 's' | 'tags' | 'n' | 'b' | 'd' | 'e';

const ENUM = ['RED', 'GREEN', 'BLUE'];
const accessors: Record<FieldName, FieldAccessor> = {
  s: { type: 'string', get: (o) => o.s },
  tags: { type: 'string', list: true, get: (o) => o.tags },
  n: { type: 'number', get: (o) => o.n },
  b: { type: 'boolean', get: (o) => o.b },
  d: { type: 'date', get: (o) => o.d },
  e: { type: 'enum', values: ENUM, get: (o) => o.e },
};
const resolve = (name: string): FieldAccessor | undefined => accessors[name as FieldName];

// ---- values ---------------------------------------------------------------------------------------

const tricky = ['AND', 'OR', 'NOT', 'and', 'Or', '-', '--x', ':', 'a:b', ',', '(', ')', '()', '"', "'", '\\', '\\"', ' ', '', 'a b', '*', '<=', '>', '~x', '=', 'é', 'Straße', '日本', '🙂', '\u00a0', '\t\n'];
const pieces = fc.oneof(fc.constantFrom(...tricky), fc.string({ maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 3 }));
const anyString = fc.array(pieces, { maxLength: 3 }).map((p) => p.join(''));
/** Words objects and queries share, so that equality and containment actually hit. */
const pool = ['apple', 'Apple pie', 'AND', 'a b', 'x,y', '(z)', 'say "hi"', "it's", 'é', '日本'];
const stringValue = fc.oneof(fc.constantFrom(...pool), anyString);
const numberValue = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
const dayMs = 86_400_000;
const dateMs = fc.integer({ min: 0, max: 4 * dayMs }).map((ms) => Date.UTC(2024, 0, 1) + ms - (ms % 3_600_000));
const dateText = fc.tuple(dateMs, fc.boolean()).map(([ms, dayOnly]) => new Date(ms).toISOString().slice(0, dayOnly ? 10 : 24));

function valueFor(field: FieldName, comparator: Comparator): fc.Arbitrary<string> {
  const single: Record<FieldName, fc.Arbitrary<string>> = {
    s: stringValue,
    tags: stringValue,
    n: numberValue.map(String),
    b: fc.constantFrom('true', 'false', 'TRUE', 'False'),
    d: dateText,
    e: fc.constantFrom(...ENUM, 'red', 'Green'),
  };
  if (comparator !== ':~') return single[field];
  return fc.array(single[field], { minLength: 1, maxLength: 3 }).map((items) => items.join(','));
}

const comparatorArb = fc.constantFrom<Comparator>(':', ':<', ':>', ':<=', ':>=', ':*', ':~');
const term: fc.Arbitrary<QueryNode> = fc
  .tuple(fc.constantFrom<FieldName>('s', 'tags', 'n', 'b', 'd', 'e'), comparatorArb)
  .chain(([name, comparator]) =>
    comparator === ':*'
      ? fc.constant<QueryNode>({ kind: 'term', name, comparator })
      : valueFor(name, comparator).map((value): QueryNode => ({ kind: 'term', name, comparator, value })),
  );

const { tree } = fc.letrec<{ tree: QueryNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    term,
    tie('tree').map((t): QueryNode => ({ kind: 'not', term: t })),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((terms): QueryNode => ({ kind: 'and', terms })),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((terms): QueryNode => ({ kind: 'or', terms })),
  ),
}));

const object: fc.Arbitrary<Obj> = fc.record(
  {
    s: fc.oneof(stringValue, fc.constant(null)),
    tags: fc.array(stringValue, { maxLength: 3 }),
    n: fc.oneof(fc.integer({ min: -5, max: 5 }), numberValue, fc.constant(null)),
    b: fc.boolean(),
    d: dateMs.map((ms) => new Date(ms).toISOString()),
    e: fc.constantFrom(...ENUM),
  },
  { requiredKeys: [] },
);

// ---- reference semantics, written straight from the specification --------------------------------

function reference(node: QueryNode, o: Obj): boolean {
  switch (node.kind) {
    case 'and':
      return node.terms.every((t) => reference(t, o));
    case 'or':
      return node.terms.some((t) => reference(t, o));
    case 'not':
      return !reference(node.term, o);
    case 'term':
      return referenceTerm(node.name as FieldName, node.comparator, node.value ?? '', o);
  }
}

function referenceTerm(name: FieldName, comparator: Comparator, value: string, o: Obj): boolean {
  const raw = o[name];
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== null && v !== undefined);
  if (comparator === ':*') return values.length === 0;
  if (comparator === ':~') {
    return value.split(',').every((item) =>
      values.some((v) => {
        if (name === 's' || name === 'e') return String(v).toLowerCase().includes(item.toLowerCase());
        return compareOne(name, v, item) === 0;
      }),
    );
  }
  return values.some((v) => {
    const order = compareOne(name, v, value);
    return { ':': order === 0, ':<': order < 0, ':<=': order <= 0, ':>': order > 0, ':>=': order >= 0 }[comparator as ':'];
  });
}

/** Sign of (stored - query value); for dates, against the interval the written value covers. */
function compareOne(name: FieldName, stored: unknown, query: string): number {
  switch (name) {
    case 'n':
      return Math.sign((stored as number) - Number(query));
    case 'b':
      return Math.sign(Number(stored as boolean) - Number(query.toLowerCase() === 'true'));
    case 'd': {
      const t = Date.parse(stored as string);
      const start = Date.parse(query.length === 10 ? `${query}T00:00:00Z` : query);
      const end = start + (query.length === 10 ? dayMs : 1);
      return t < start ? -1 : t >= end ? 1 : 0;
    }
    default: {
      const a = String(stored).toLowerCase();
      const b = query.toLowerCase();
      return a < b ? -1 : a > b ? 1 : 0;
    }
  }
}

// ---- properties ---------------------------------------------------------------------------------------

describe('search syntax properties', () => {
  it('parse(print(tree)) is the normalised tree', () => {
    fc.assert(
      fc.property(tree, (t) => {
        expect(parseQuery(printQuery(t))).toStrictEqual(normalizeQuery(t));
      }),
      { numRuns: 500 },
    );
  });

  it('the compiled query agrees with the reference evaluation of the tree', () => {
    fc.assert(
      fc.property(tree, fc.array(object, { minLength: 1, maxLength: 8 }), (t, objects) => {
        const matches = compileQuery(parseQuery(printQuery(t)), resolve);
        for (const o of objects) expect(matches(o), JSON.stringify(o)).toBe(reference(t, o));
      }),
      { numRuns: 400 },
    );
  });

  it('quoteValue reads back as the same single value, among other terms and after any comparator', () => {
    fc.assert(
      fc.property(anyString, fc.constantFrom<Comparator>(':', ':<', ':>', ':<=', ':>=', ':~'), (value, comparator) => {
        const node = parseQuery(`a:1 (f${comparator}${quoteValue(value)} OR b:*)`);
        expect(node).toStrictEqual({
          kind: 'and',
          terms: [
            { kind: 'term', name: 'a', comparator: ':', value: '1' },
            { kind: 'or', terms: [{ kind: 'term', name: 'f', comparator, value }, { kind: 'term', name: 'b', comparator: ':*' }] },
          ],
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('any text either parses to a tree that prints stably or fails with a SearchSyntaxError inside the text', () => {
    const text = fc.array(fc.oneof(fc.constantFrom('a:1', 'b:"x y"', ' ', '(', ')', 'AND ', 'OR ', 'NOT ', '-', ':', ':*', '"', "'", '\\', 'x'), fc.string({ maxLength: 2 })), { maxLength: 8 }).map((p) => p.join(''));
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

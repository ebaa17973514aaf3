// Random query trees, values and objects for the search-syntax property tests (the grammar's here,
// the sandbox's evaluation in test/sandbox). Fields: s (string), tags (string list), n (number),
// b (boolean), d (date), e (enum).
import fc from 'fast-check';
import type { Comparator, QueryNode } from '../../src/search-syntax';

export type Obj = Record<string, unknown>;
export type FieldName = 's' | 'tags' | 'n' | 'b' | 'd' | 'e';
export const ENUM = ['RED', 'GREEN', 'BLUE'];
export const dayMs = 86_400_000;

// ---- values ---------------------------------------------------------------------------------------

const tricky = [
  'AND',
  'OR',
  'NOT',
  'and',
  'Or',
  '-',
  '--x',
  ':',
  'a:b',
  ',',
  '(',
  ')',
  '()',
  '"',
  "'",
  '\\',
  '\\"',
  ' ',
  '',
  'a b',
  '*',
  '<=',
  '>',
  '~x',
  '=',
  'é',
  'Straße',
  '日本',
  '🙂',
  '\u00a0',
  '\t\n',
];
const pieces = fc.oneof(
  fc.constantFrom(...tricky),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);
export const anyString = fc.array(pieces, { maxLength: 3 }).map((p) => p.join(''));
/** Words objects and queries share, so that equality and containment actually hit. */
const pool = ['apple', 'Apple pie', 'AND', 'a b', 'x,y', '(z)', 'say "hi"', "it's", 'é', '日本'];
const stringValue = fc.oneof(fc.constantFrom(...pool), anyString);
const numberValue = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
export const dateMs = fc
  .integer({ min: 0, max: 4 * dayMs })
  .map((ms) => Date.UTC(2024, 0, 1) + ms - (ms % 3_600_000));
const dateText = fc
  .tuple(dateMs, fc.boolean())
  .map(([ms, dayOnly]) => new Date(ms).toISOString().slice(0, dayOnly ? 10 : 24));

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

export const { tree } = fc.letrec<{ tree: QueryNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    term,
    tie('tree').map((t): QueryNode => ({ kind: 'not', term: t })),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((terms): QueryNode => ({ kind: 'and', terms })),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((terms): QueryNode => ({ kind: 'or', terms })),
  ),
}));

export const object: fc.Arbitrary<Obj> = fc.record(
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

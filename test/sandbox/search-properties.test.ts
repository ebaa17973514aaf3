// Property test of the sandbox's search evaluation: a compiled query agrees with a direct (reference)
// evaluation of the tree, written straight from the specification.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileQuery,
  parseQuery,
  printQuery,
  type Comparator,
  type FieldAccessor,
  type QueryNode,
} from '../../src/sandbox/search';
import { ENUM, dayMs, object, tree, type FieldName, type Obj } from '../search-syntax/arbitraries';

const accessors: Record<FieldName, FieldAccessor> = {
  s: { type: 'string', get: (o) => o.s },
  tags: { type: 'string', list: true, get: (o) => o.tags },
  n: { type: 'number', get: (o) => o.n },
  b: { type: 'boolean', get: (o) => o.b },
  d: { type: 'date', get: (o) => o.d },
  e: { type: 'enum', values: ENUM, get: (o) => o.e },
};
const resolve = (name: string): FieldAccessor | undefined => accessors[name as FieldName];

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
    return { ':': order === 0, ':<': order < 0, ':<=': order <= 0, ':>': order > 0, ':>=': order >= 0 }[
      comparator as ':'
    ];
  });
}

/** Sign of (stored - query value); for dates, against the interval the written value covers. */
function compareOne(name: FieldName, stored: unknown, query: string): number {
  switch (name) {
    case 'n':
      return Math.sign((stored as number) - Number(query));
    case 'b':
      return Math.sign(Number(stored) - Number(query.toLowerCase() === 'true'));
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

describe('search evaluation properties', () => {
  it('the compiled query agrees with the reference evaluation of the tree', () => {
    fc.assert(
      fc.property(tree, fc.array(object, { minLength: 1, maxLength: 8 }), (t, objects) => {
        const matches = compileQuery(parseQuery(printQuery(t)), resolve);
        for (const o of objects) expect(matches(o), JSON.stringify(o)).toBe(reference(t, o));
      }),
      { numRuns: 400 },
    );
  });
});

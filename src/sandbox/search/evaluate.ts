// Compiles a query tree into one predicate over stored objects. Every field is resolved and every
// value is read as its field's type here, once, so evaluation per object does no parsing.
import { SearchFieldError, type Comparator, type QueryNode } from '../../search-syntax';
import type { FieldAccessor, FieldResolver } from './accessor';
import {
  parseBoolean,
  parseEnum,
  parseInstant,
  parseNumber,
  storedBoolean,
  storedNumber,
  storedString,
  storedTime,
} from './values';

export type Predicate = (object: Record<string, unknown>) => boolean;
type ElementTest = (element: unknown) => boolean;
type TermNode = QueryNode & { kind: 'term' };

/** A predicate for the query (null matches everything); throws SearchFieldError before any object is seen. */
export function compileQuery(node: QueryNode | null, resolve: FieldResolver): Predicate {
  return node ? compileNode(node, resolve) : () => true;
}

function compileNode(node: QueryNode, resolve: FieldResolver): Predicate {
  switch (node.kind) {
    case 'term':
      return compileTerm(node, resolveField(resolve, node.name));
    case 'not': {
      const inner = compileNode(node.term, resolve);
      return (o) => !inner(o);
    }
    case 'and': {
      const parts = node.terms.map((t) => compileNode(t, resolve));
      return (o) => {
        for (const p of parts) if (!p(o)) return false;
        return true;
      };
    }
    case 'or':
      return compileOr(node.terms, resolve);
  }
}

export function resolveField(resolve: FieldResolver, name: string): FieldAccessor {
  const field = resolve(name);
  if (!field) throw new SearchFieldError(`Unknown search field '${name}'`, name);
  return field;
}

/**
 * Long OR chains of equality on one field (`id:1 OR id:2 ...`, as batch loaders write them) become
 * one set lookup per object instead of one comparison per term.
 */
function compileOr(terms: QueryNode[], resolve: FieldResolver): Predicate {
  const equalities = new Map<string, TermNode[]>();
  const others: QueryNode[] = [];
  for (const t of terms) {
    if (t.kind === 'term' && t.comparator === ':')
      equalities.set(t.name, [...(equalities.get(t.name) ?? []), t]);
    else others.push(t);
  }
  const parts: Predicate[] = [];
  for (const [name, group] of equalities) {
    const field = resolveField(resolve, name);
    const set = group.length >= 4 ? equalitySet(group, field) : undefined;
    if (set) parts.push(set);
    else for (const t of group) parts.push(compileTerm(t, field));
  }
  for (const t of others) parts.push(compileNode(t, resolve));
  return (o) => {
    for (const p of parts) if (p(o)) return true;
    return false;
  };
}

/** How equality compares for a type, as a key both query values and stored values map to. */
export function equalityKey(
  type: FieldAccessor['type'],
): ((v: unknown) => string | number | null) | undefined {
  switch (type) {
    case 'string':
    case 'enum':
      return (v) => storedString(v)?.toLowerCase() ?? null;
    case 'integer':
    case 'number':
      return storedNumber;
    case 'boolean':
      return (v) => {
        const b = storedBoolean(v);
        return b === null ? null : Number(b);
      };
    default:
      return undefined; // dates compare as intervals, not keys
  }
}

function equalitySet(group: TermNode[], field: FieldAccessor): Predicate | undefined {
  const key = equalityKey(field.type);
  if (!key) return undefined;
  const set = new Set(group.map((t) => key(typedOperand(field, t.name, t.value ?? ''))));
  const { get } = field;
  return (o) => anyElement(get(o), (e) => set.has(key(e)));
}

/** A query value read as the field's type (validated), for equality keys. */
export function typedOperand(field: FieldAccessor, name: string, text: string): unknown {
  switch (field.type) {
    case 'integer':
    case 'number':
      return parseNumber(name, field.type, text);
    case 'boolean':
      return parseBoolean(name, text);
    case 'enum':
      return parseEnum(name, text, field.values);
    default:
      return text;
  }
}

function compileTerm(term: TermNode, field: FieldAccessor): Predicate {
  const { get } = field;
  if (term.comparator === ':*') return (o) => isNull(get(o));
  const text = term.value ?? '';
  if (term.comparator === ':~') return containsAll(field, term.name, text);
  const test = elementTest(field, term.name, term.comparator, text);
  return (o) => anyElement(get(o), test);
}

function anyElement(value: unknown, test: ElementTest): boolean {
  if (!Array.isArray(value)) return value !== null && value !== undefined && test(value);
  for (const e of value) if (e !== null && e !== undefined && test(e)) return true;
  return false;
}

/** NULL: no value, or no non-null element (an empty many-link counts as NULL). */
function isNull(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return Array.isArray(value) && value.every((e) => e === null || e === undefined);
}

function holds(comparator: Comparator, order: number): boolean {
  switch (comparator) {
    case ':<':
      return order < 0;
    case ':<=':
      return order <= 0;
    case ':>':
      return order > 0;
    case ':>=':
      return order >= 0;
    default:
      return order === 0;
  }
}

/** The test one stored element must pass for `name comparator text`. */
function elementTest(field: FieldAccessor, name: string, comparator: Comparator, text: string): ElementTest {
  switch (field.type) {
    case 'integer':
    case 'number':
      return numericTest(comparator, parseNumber(name, field.type, text), storedNumber);
    case 'boolean':
      return numericTest(comparator, Number(parseBoolean(name, text)), (v) => {
        const b = storedBoolean(v);
        return b === null ? null : Number(b);
      });
    case 'date':
      return dateTest(comparator, parseInstant(name, text));
    case 'enum':
      return stringTest(comparator, parseEnum(name, text, field.values));
    default:
      return stringTest(comparator, text);
  }
}

function numericTest(
  comparator: Comparator,
  operand: number,
  read: (v: unknown) => number | null,
): ElementTest {
  return (e) => {
    const n = read(e);
    return n !== null && holds(comparator, n < operand ? -1 : n > operand ? 1 : n === operand ? 0 : NaN);
  };
}

function dateTest(comparator: Comparator, { start, end }: { start: number; end: number }): ElementTest {
  // The operand is the interval its written precision covers: `:2024-05-01` is that whole day.
  const inRange: Record<string, (t: number) => boolean> = {
    ':': (t) => t >= start && t < end,
    ':<': (t) => t < start,
    ':<=': (t) => t < end,
    ':>': (t) => t >= end,
    ':>=': (t) => t >= start,
  };
  const test = inRange[comparator];
  return (e) => {
    const t = storedTime(e);
    return t !== null && test(t);
  };
}

function stringTest(comparator: Comparator, operand: string): ElementTest {
  if (comparator === ':') {
    const lower = operand.toLowerCase();
    return (e) => storedString(e)?.toLowerCase() === lower;
  }
  // Case-insensitive like equality, so `name:hat` and `name:>=hat` agree on 'Hat'.
  const lower = operand.toLowerCase();
  return (e) => {
    const s = storedString(e)?.toLowerCase();
    return s !== undefined && holds(comparator, s < lower ? -1 : s > lower ? 1 : 0);
  };
}

/**
 * `:~a,b`: every listed value is contained. Strings and enums: a case-insensitive substring of the
 * value (of some element, when the path fans out); list fields: an element equal to it; other types:
 * equal to the value or some element.
 */
function containsAll(field: FieldAccessor, name: string, text: string): Predicate {
  const items = text.split(',');
  const { get } = field;
  if ((field.type === 'string' || field.type === 'enum') && !field.list) {
    const needles = items.map((i) => i.toLowerCase());
    const has =
      (needle: string): ElementTest =>
      (e) =>
        storedString(e)?.toLowerCase().includes(needle) ?? false;
    const tests = needles.map(has);
    return (o) => {
      const value = get(o);
      return tests.every((t) => anyElement(value, t));
    };
  }
  const tests = items.map((item) => elementTest(field, name, ':', item));
  return (o) => {
    const value = get(o);
    return tests.every((t) => anyElement(value, t));
  };
}

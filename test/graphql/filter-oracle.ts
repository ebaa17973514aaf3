// The oracle of the filter property tests: random typed filters with hostile values over a described
// set of fields (scalars, enums, and single embedded objects as nested filters), and the same filter
// evaluated directly on REST objects with SPEC semantics (`:` case-insensitive equality, `:~`
// case-insensitive substring, `:*` no value). A field of a missing embedded object has no value.
import fc from 'fast-check';
import type { Filter } from '../../src/resolvers';

export type Obj = Record<string, unknown>;

/** The fields a generated filter may use, by kind; `nested` are embedded objects, filtered inside. */
export interface Fields {
  strings: readonly string[];
  numbers: readonly string[];
  enums?: Readonly<Record<string, readonly string[]>>;
  nested?: Readonly<Record<string, Fields>>;
}

const lower = (v: unknown) => String(v).toLowerCase();
const absent = (v: unknown) => v === null || v === undefined;
const record = (v: unknown): Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {};

function scalarHolds(value: unknown, cond: Obj): boolean {
  return Object.entries(cond).every(([op, arg]) => {
    const eq = (a: unknown) =>
      !absent(value) && (typeof a === 'number' ? Number(value) === a : lower(value) === lower(a));
    switch (op) {
      case 'eq':
        return eq(arg);
      case 'ne':
        return !eq(arg);
      case 'in':
        return (arg as unknown[]).some(eq);
      case 'notIn':
        return !(arg as unknown[]).some(eq);
      case 'lt':
        return !absent(value) && Number(value) < (arg as number);
      case 'lte':
        return !absent(value) && Number(value) <= (arg as number);
      case 'gt':
        return !absent(value) && Number(value) > (arg as number);
      case 'gte':
        return !absent(value) && Number(value) >= (arg as number);
      case 'contains':
        return !absent(value) && lower(value).includes(lower(arg));
      case 'isNull':
        return absent(value) === arg;
      default:
        throw new Error(`oracle: unknown ${op}`);
    }
  });
}

/** Whether the filter holds for the object, evaluated directly. */
export function holds(filter: Filter, o: Obj, fields: Fields): boolean {
  return Object.entries(filter).every(([key, arg]) => {
    if (key === 'and') return (arg as Filter[]).every((f) => holds(f, o, fields));
    if (key === 'or') return (arg as Filter[]).some((f) => holds(f, o, fields));
    if (key === 'not') return !holds(arg as Filter, o, fields);
    const nested = fields.nested?.[key];
    if (nested) return holds(arg as Filter, record(o[key]), nested);
    return scalarHolds(o[key], arg as Obj);
  });
}

// ---- random filters ----
const hostile = fc.oneof(
  fc.constantFrom(
    'AND',
    'OR',
    'NOT',
    '-',
    'a:b',
    '(',
    ')',
    '"',
    "'",
    '\\',
    'x) OR (id:*',
    "O'Brien",
    'say "hi"',
    ' ',
    '*',
    '<',
    'a,b',
    '-id:1',
  ),
  fc.stringMatching(/^[ a-zA-Z0-9"'()\\:,\-*<>=~.@]{0,10}$/),
);

function stringValue(objects: readonly Obj[], field: string): fc.Arbitrary<string> {
  const seen = [...new Set(objects.map((c) => c[field]).filter((v): v is string => typeof v === 'string'))];
  const fromData = seen.length ? fc.constantFrom(...seen) : fc.constant('x');
  const cased = fromData.map((v) => v.toUpperCase());
  const piece = fromData.chain((v) =>
    fc.integer({ min: 0, max: Math.max(0, v.length - 1) }).map((i) => v.slice(i, i + 3)),
  );
  return fc.oneof(fromData, cased, piece, hostile);
}

function stringCondition(objects: readonly Obj[], field: string): fc.Arbitrary<Filter> {
  const v = stringValue(objects, field);
  const containsValue = v.filter((s) => s !== '' && !s.includes(','));
  return fc
    .oneof(
      v.map((x) => ({ eq: x })),
      v.map((x) => ({ ne: x })),
      fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ in: xs })),
      fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ notIn: xs })),
      containsValue.map((x) => ({ contains: x })),
      fc.boolean().map((b) => ({ isNull: b })),
    )
    .map((cond) => ({ [field]: cond }));
}

function numberCondition(objects: readonly Obj[], field: string): fc.Arbitrary<Filter> {
  const values = objects
    .map((c) => c[field])
    .filter((v) => !absent(v))
    .map(Number);
  const v = fc.oneof(
    values.length ? fc.constantFrom(...values) : fc.constant(0),
    fc.integer({ min: -5, max: 100_000 }),
  );
  const op = fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte');
  return fc.oneof(
    fc.tuple(op, v).map(([o, x]) => ({ [field]: { [o]: x } })),
    fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ [field]: { in: xs } })),
    fc.boolean().map((b) => ({ [field]: { isNull: b } })),
  );
}

function enumCondition(field: string, values: readonly string[]): fc.Arbitrary<Filter> {
  const v = fc.constantFrom(...values);
  return fc
    .oneof(
      v.map((x) => ({ eq: x })),
      v.map((x) => ({ ne: x })),
      fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ in: xs })),
      fc.array(v, { minLength: 1, maxLength: 3 }).map((xs) => ({ notIn: xs })),
      fc.boolean().map((b) => ({ isNull: b })),
    )
    .map((cond) => ({ [field]: cond }));
}

/** Random filter trees (and/or/not, nested embedded filters) over the fields, values drawn from the objects and hostile text. */
export function filterArb(objects: readonly Obj[], fields: Fields): fc.Arbitrary<Filter> {
  const leaves: fc.Arbitrary<Filter>[] = [
    ...fields.strings.map((f) => stringCondition(objects, f)),
    ...fields.numbers.map((f) => numberCondition(objects, f)),
    ...Object.entries(fields.enums ?? {}).map(([f, values]) => enumCondition(f, values)),
    ...Object.entries(fields.nested ?? {}).map(([f, inner]) =>
      filterArb(
        objects.map((o) => record(o[f])),
        inner,
      ).map((sub) => ({ [f]: sub })),
    ),
  ];
  const { tree } = fc.letrec<{ tree: Filter }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(...leaves),
      fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((xs) => ({ and: xs })),
      fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((xs) => ({ or: xs })),
      tie('tree').map((x) => ({ not: x })),
    ),
  }));
  return tree;
}

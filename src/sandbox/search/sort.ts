// The `order` parameter of search operations: `createdOn:DESC id`, fields separated by whitespace
// (a '+' in the URL arrives as a space; a literal '+' separates too, since no name contains one).
import type { FieldAccessor, FieldResolver } from './accessor';
import { SearchSyntaxError, describeAt, endsName, isWhitespace } from '../../search-syntax';
import { resolveField } from './evaluate';
import { compareKeys, sortKey } from './values';

export interface SortKey {
  name: string;
  direction: 'ASC' | 'DESC';
}

const isSeparator = (ch: string): boolean => ch === '+' || isWhitespace(ch);

function sortError(position: number, what: string): SearchSyntaxError {
  return new SearchSyntaxError(`Invalid sort order at position ${position}: ${what}`, position);
}

/** Parses an order text; blank text is no order. The direction is case-insensitive, ASC by default. */
export function parseSortOrder(text: string): SortKey[] {
  const keys: SortKey[] = [];
  let pos = 0;
  const skip = (): void => {
    while (pos < text.length && isSeparator(text[pos])) pos += 1;
  };
  for (skip(); pos < text.length; skip()) {
    const start = pos;
    while (pos < text.length && !isSeparator(text[pos]) && !endsName(text[pos])) pos += 1;
    const name = text.slice(start, pos);
    if (name === '') throw sortError(start, `expected a field name, found ${describeAt(text, start)}`);
    let direction: SortKey['direction'] = 'ASC';
    if (text[pos] === ':') {
      const at = pos + 1;
      pos = at;
      while (pos < text.length && !isSeparator(text[pos])) pos += 1;
      const word = text.slice(at, pos).toUpperCase();
      if (word !== 'ASC' && word !== 'DESC') {
        throw sortError(at, `expected ASC or DESC after '${name}:', found ${word ? `'${text.slice(at, pos)}'` : describeAt(text, at)}`);
      }
      direction = word;
    } else if (pos < text.length && !isSeparator(text[pos])) {
      throw sortError(pos, `expected ':ASC', ':DESC' or a space after field name '${name}', found ${describeAt(text, pos)}`);
    }
    keys.push({ name, direction });
  }
  return keys;
}

/**
 * A comparator for Array.prototype.sort. NULL sorts first in ASC (last in DESC); a field with many
 * values sorts by its first non-null one. Objects the keys tie on compare equal: callers add `id`
 * last when they need a total order.
 */
export function compileSort(keys: SortKey[], resolve: FieldResolver): (a: Record<string, unknown>, b: Record<string, unknown>) => number {
  const fields = resolveKeys(keys, resolve);
  return (a, b) => {
    for (const { field, sign } of fields) {
      const order = compareKeys(keyOf(field, a), keyOf(field, b));
      if (order !== 0) return order * sign;
    }
    return 0;
  };
}

/**
 * Sorts like compileSort, but reads each object's keys once (not once per comparison): cheaper when
 * keys follow links. Returns a new array; `tieBreak` orders objects whose keys are all equal.
 */
export function sortObjects<T extends Record<string, unknown>>(
  objects: readonly T[],
  keys: SortKey[],
  resolve: FieldResolver,
  tieBreak?: (a: T, b: T) => number,
): T[] {
  const fields = resolveKeys(keys, resolve);
  const rows = objects.map((object) => ({ object, keys: fields.map(({ field }) => keyOf(field, object)) }));
  rows.sort((a, b) => {
    for (let i = 0; i < fields.length; i += 1) {
      const order = compareKeys(a.keys[i], b.keys[i]);
      if (order !== 0) return order * fields[i].sign;
    }
    return tieBreak ? tieBreak(a.object, b.object) : 0;
  });
  return rows.map((row) => row.object);
}

function resolveKeys(keys: SortKey[], resolve: FieldResolver): { field: FieldAccessor; sign: number }[] {
  return keys.map((k) => ({ field: resolveField(resolve, k.name), sign: k.direction === 'DESC' ? -1 : 1 }));
}

function keyOf(field: FieldAccessor, object: Record<string, unknown>): number | string | null {
  return sortKey(field.type, firstValue(field.get(object)));
}

function firstValue(value: unknown): unknown {
  if (!Array.isArray(value)) return value ?? null;
  return value.find((e) => e !== null && e !== undefined) ?? null;
}

// The `order` parameter of search operations: `createdOn:DESC id`, fields separated by whitespace
// (a '+' in the URL arrives as a space; a literal '+' separates too, since no name contains one).
import type { FieldResolver } from './accessor';
import { SearchSyntaxError } from './errors';
import { resolveField } from './evaluate';
import { describeAt, endsName, isWhitespace } from './lexicon';
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
export function compileSort(
  keys: SortKey[],
  resolve: FieldResolver,
): (a: Record<string, unknown>, b: Record<string, unknown>) => number {
  const fields = keys.map((k) => ({ field: resolveField(resolve, k.name), sign: k.direction === 'DESC' ? -1 : 1 }));
  // Keys are read once per object per sort: reading may follow links.
  const cache = new WeakMap<object, (number | string | null)[]>();
  const keysOf = (o: Record<string, unknown>): (number | string | null)[] => {
    let k = cache.get(o);
    if (!k) {
      k = fields.map(({ field }) => sortKey(field.type, firstValue(field.get(o))));
      cache.set(o, k);
    }
    return k;
  };
  return (a, b) => {
    const ka = keysOf(a);
    const kb = keysOf(b);
    for (let i = 0; i < fields.length; i += 1) {
      const order = compareKeys(ka[i], kb[i]);
      if (order !== 0) return order * fields[i].sign;
    }
    return 0;
  };
}

function firstValue(value: unknown): unknown {
  if (!Array.isArray(value)) return value ?? null;
  return value.find((e) => e !== null && e !== undefined) ?? null;
}

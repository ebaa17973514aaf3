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
        throw sortError(
          at,
          `expected ASC or DESC after '${name}:', found ${word ? `'${text.slice(at, pos)}'` : describeAt(text, at)}`,
        );
      }
      direction = word;
    } else if (pos < text.length && !isSeparator(text[pos])) {
      throw sortError(
        pos,
        `expected ':ASC', ':DESC' or a space after field name '${name}', found ${describeAt(text, pos)}`,
      );
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
 * keys follow links. Returns a new array; `tieBreak` orders objects whose keys are all equal. With
 * `first`, only the first `first` objects of the order are returned: a page of a large store is then
 * picked in one pass (a bounded heap) instead of sorting every object.
 */
export function sortObjects<T extends Record<string, unknown>>(
  objects: readonly T[],
  keys: SortKey[],
  resolve: FieldResolver,
  tieBreak?: (a: T, b: T) => number,
  first?: number,
): T[] {
  const fields = resolveKeys(keys, resolve);
  const rows = objects.map((object) => ({ object, keys: fields.map(({ field }) => keyOf(field, object)) }));
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    for (let i = 0; i < fields.length; i += 1) {
      const order = compareKeys(a.keys[i], b.keys[i]);
      if (order !== 0) return order * fields[i].sign;
    }
    return tieBreak ? tieBreak(a.object, b.object) : 0;
  };
  const chosen =
    first !== undefined && first < rows.length / 4 ? smallest(rows, Math.max(first, 0), compare) : rows;
  return chosen.sort(compare).map((row) => row.object);
}

/** The `count` smallest items by `compare` (in no order): a max-heap of `count` over one pass. */
function smallest<R>(items: readonly R[], count: number, compare: (a: R, b: R) => number): R[] {
  const heap: R[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  const siftDown = (i: number) => {
    for (;;) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let top = i;
      if (l < heap.length && compare(heap[l], heap[top]) > 0) top = l;
      if (r < heap.length && compare(heap[r], heap[top]) > 0) top = r;
      if (top === i) return;
      swap(i, top);
      i = top;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && compare(heap[i], heap[(i - 1) >> 1]) > 0; i = (i - 1) >> 1)
        swap(i, (i - 1) >> 1);
    } else if (count > 0 && compare(item, heap[0]) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap;
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

// Paging rules of the list and search operations.
import { badRequest } from '../errors';
import type { StoredObject } from '../store';

export const DEFAULT_LIMIT = 10;

export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  return raw === null ? fallback : Number(raw);
}

/**
 * List paging over objects in chronological order: `after`/`before` name object ids (the page right
 * after / right before them in the applied order; both together, the range between), `order` ASC|DESC.
 */
export function listPage(objects: StoredObject[], keyField: string, query: URLSearchParams) {
  const limit = intParam(query, 'limit', DEFAULT_LIMIT);
  const descending = query.get('order') === 'DESC';
  const ordered = descending ? [...objects].reverse() : objects;
  const after = query.get('after');
  const before = query.get('before');
  const position = (key: string) => (o: StoredObject) => {
    const id = Number(o[keyField]);
    return descending ? Number(key) - id : id - Number(key);
  };
  let range = ordered;
  if (after !== null) range = range.filter((o) => position(after)(o) > 0);
  if (before !== null) range = range.filter((o) => position(before)(o) < 0);
  if (before !== null && after === null) {
    const start = Math.max(0, range.length - limit);
    return { data: range.slice(start), hasMore: start > 0, limit };
  }
  return { data: range.slice(0, limit), hasMore: range.length > limit, limit };
}

/** The rows a search page spans: `offset` (at least 0) and `limit`. */
export function searchWindow(query: URLSearchParams): { offset: number; limit: number } {
  const limit = intParam(query, 'limit', DEFAULT_LIMIT);
  const offset = intParam(query, 'offset', 0);
  if (offset < 0)
    throw badRequest('Query parameter offset must not be negative.', { offset: 'must be at least 0' });
  return { offset, limit };
}

/** A page of `objects` (sorted, or at least their first offset + limit); `total` counts all the hits. */
export function searchPage(objects: StoredObject[], query: URLSearchParams, total = objects.length) {
  const { offset, limit } = searchWindow(query);
  return { data: objects.slice(offset, offset + limit), offset, limit, hasMore: total > offset + limit };
}

// Relay paging arguments, checked once: a direction, a page size of 1 to 100 and at most one cursor.
import { graphError } from './errors';

export interface CollectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  filter?: Record<string, unknown> | null;
  orderBy?: { field: string; direction: 'ASC' | 'DESC' }[] | null;
  query?: string | null;
}

export interface PageRequest {
  forward: boolean;
  size: number;
  cursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

function size(name: string, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) {
    throw graphError('BAD_USER_INPUT', `${name} must be between 1 and ${MAX_PAGE_SIZE}, got ${n}`);
  }
  return n;
}

export function pageRequest(args: CollectionArgs): PageRequest {
  const { first, after, last, before } = args;
  const hasFirst = first !== undefined && first !== null;
  const hasLast = last !== undefined && last !== null;
  if (hasFirst && hasLast) throw graphError('BAD_USER_INPUT', 'give either first or last, not both');
  if (after && before) throw graphError('BAD_USER_INPUT', 'give either after or before, not both');
  if (hasLast || (before && !hasFirst)) {
    if (after) throw graphError('BAD_USER_INPUT', 'after pages forward; use it with first');
    return { forward: false, size: hasLast ? size('last', last) : DEFAULT_PAGE_SIZE, cursor: before ?? null };
  }
  if (before) throw graphError('BAD_USER_INPUT', 'before pages backward; use it with last');
  return { forward: true, size: hasFirst ? size('first', first) : DEFAULT_PAGE_SIZE, cursor: after ?? null };
}

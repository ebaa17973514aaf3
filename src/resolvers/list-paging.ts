// Pages of a list operation: the cursor is the object id, onto REST `after` and `order`. Paging
// backward lists in the opposite order after the cursor and turns the page around.
import type { Internals } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { keyOf } from './entity-cache';
import { inRequestedOrder, type Connection } from './connection';
import { lazySignature, type FetchTarget } from './fetch-target';
import type { Direction } from './order';
import type { PageRequest } from './page-args';
import { asPage, callOp, withExpand } from './rest-calls';

export function listable(target: FetchTarget): boolean {
  const names = new Set(target.resource.ops.L?.queryParams.map((p) => p.name));
  return target.query === undefined && names.has('after') && names.has('limit') && names.has('order');
}

export async function listPage(
  internals: Internals,
  target: FetchTarget,
  direction: Direction,
  page: PageRequest,
): Promise<Connection> {
  const sig = lazySignature(target, `list:${direction}`);
  const c = page.cursor ? decodeCursor(page.cursor, page.forward ? 'after' : 'before', 'l', sig()) : null;
  const order: Direction = page.forward === (direction === 'ASC') ? 'ASC' : 'DESC';
  const params: Record<string, unknown> = { limit: page.size, order };
  if (c) params.after = c.id;
  const { resource } = target;
  const body = await callOp(internals.caller, resource.ops.L!, {
    space: target.space,
    path: target.path,
    query: withExpand(resource.ops.L!, params, target.expand),
  });
  const { data, hasMore } = asPage(body);
  const rows = data.map((row) => internals.cache.wrap(row, resource.model, target.space, target.expand));
  const cursorOf = (i: number) =>
    encodeCursor({ k: 'l', s: sig(), id: keyOf(rows[i][resource.key.field]) ?? '' });
  return inRequestedOrder(!page.forward, rows, cursorOf, hasMore, c !== null);
}

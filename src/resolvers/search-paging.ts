// Pages of a search operation: by offset in the requested order (frame 0) or in its reverse (frame
// 1, to page from the end), and by keyset on the sort keys and id once the offset would pass the
// REST limit, so that any collection can be walked to its end in either direction.
import type { Internals } from './context';
import { decodeCursor, encodeCursor, type Frame, type SearchCursor } from './cursor';
import type { Entity } from './entity';
import { keyOf } from './entity-cache';
import { inRequestedOrder, noCursor, type Connection } from './connection';
import { lazySignature, type FetchTarget } from './fetch-target';
import { keysetCondition, orderString, reverse, sortValues, type OrderKey } from './order';
import type { PageRequest } from './page-args';
import { asPage, callOp, withExpand } from './rest-calls';
import { combineQueries } from './search-syntax';

type Window =
  | { kind: 'offset'; start: number; limit: number }
  | { kind: 'keyset'; from: SearchCursor; limit: number };

const flip = (f: Frame): Frame => (f === 0 ? 1 : 0);

/** Where the page lies: in which frame, and from which offset or keyset row. */
function windowFor(
  page: PageRequest,
  c: SearchCursor | null,
  maxOffset: number,
): { frame: Frame; window: Window } {
  if (!c) return { frame: page.forward ? 0 : 1, window: { kind: 'offset', start: 0, limit: page.size } };
  const rowsAfterInItsFrame = page.forward === (c.f === 0);
  if (rowsAfterInItsFrame) {
    if (c.o !== null && c.o + 1 <= maxOffset)
      return { frame: c.f, window: { kind: 'offset', start: c.o + 1, limit: page.size } };
    return { frame: c.f, window: { kind: 'keyset', from: c, limit: page.size } };
  }
  if (c.o !== null) {
    const start = Math.max(0, c.o - page.size);
    return { frame: c.f, window: { kind: 'offset', start, limit: c.o - start } };
  }
  return { frame: flip(c.f), window: { kind: 'keyset', from: c, limit: page.size } };
}

export function rowCursor(
  sig: string,
  frame: Frame,
  offset: number | null,
  row: Entity,
  order: OrderKey[],
  keyField: string,
): string {
  return encodeCursor({
    k: 's',
    s: sig,
    f: frame,
    o: offset,
    v: sortValues(row, order),
    id: keyOf(row[keyField]) ?? '',
  });
}

export async function searchPage(
  internals: Internals,
  target: FetchTarget,
  order: OrderKey[],
  page: PageRequest,
): Promise<Connection> {
  const sig = lazySignature(target, orderString(order));
  const c = page.cursor
    ? (decodeCursor(page.cursor, page.forward ? 'after' : 'before', 's', sig()) as SearchCursor)
    : null;
  const { frame, window } = windowFor(page, c, internals.maxOffset);
  const keys = frame === 0 ? order : reverse(order);
  if (window.limit === 0) return inRequestedOrder(frame === 1, [], noCursor, true, false);

  const { resource } = target;
  const query = combineQueries(
    target.query,
    window.kind === 'keyset' ? keysetCondition(keys, window.from.v, resource.model) : undefined,
  );
  const params: Record<string, unknown> = { order: orderString(keys), limit: window.limit };
  if (query) params.query = query;
  if (window.kind === 'offset' && window.start > 0) params.offset = window.start;
  const body = await callOp(internals.caller, resource.ops.S!, {
    space: target.space,
    path: target.path,
    query: withExpand(resource.ops.S!, params, target.expand),
  });
  const { data, hasMore } = asPage(body);
  const rows: Entity[] = data.map((row) =>
    internals.cache.wrap(row, resource.model, target.space, target.expand),
  );
  const cursorOf = (i: number) =>
    rowCursor(
      sig(),
      frame,
      window.kind === 'offset' ? window.start + i : null,
      rows[i],
      order,
      resource.key.field,
    );
  const moreBefore = window.kind === 'offset' ? window.start > 0 : true;
  return inRequestedOrder(frame === 1, rows, cursorOf, hasMore, moreBefore);
}

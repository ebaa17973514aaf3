// The Relay connection shape, and what every paging strategy hands back to build one.
import type { Entity } from './entity';

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection {
  edges: { readonly cursor: string; node: Entity }[];
  pageInfo: PageInfo;
}

/** The cursor of the row at `index` of the page as fetched. */
export type CursorOf = (index: number) => string;

/**
 * An edge whose cursor is made when it is read: most selections ask for nodes only, and a cursor is
 * an encoding of the row's keys (and the collection's signature, a hash) per row.
 */
class Edge {
  constructor(
    readonly node: Entity,
    private readonly cursorOf: CursorOf,
    private readonly index: number,
  ) {}

  get cursor(): string {
    return this.cursorOf(this.index);
  }
}

class LazyPageInfo implements PageInfo {
  constructor(
    readonly hasNextPage: boolean,
    readonly hasPreviousPage: boolean,
    private readonly cursorOf: CursorOf,
    private readonly count: number,
  ) {}

  get startCursor(): string | null {
    return this.count > 0 ? this.cursorOf(0) : null;
  }

  get endCursor(): string | null {
    return this.count > 0 ? this.cursorOf(this.count - 1) : null;
  }
}

export function connectionOf(
  rows: Entity[],
  cursorOf: CursorOf,
  hasNextPage: boolean,
  hasPreviousPage: boolean,
): Connection {
  return {
    edges: rows.map((node, i) => new Edge(node, cursorOf, i)),
    pageInfo: new LazyPageInfo(hasNextPage, hasPreviousPage, cursorOf, rows.length),
  };
}

/** The CursorOf of an empty page (never called). */
export const noCursor: CursorOf = () => {
  throw new Error('an empty page has no cursor');
};

/** Rows fetched in the reversed frame come back in the requested order, with their page info swapped. */
export function inRequestedOrder(
  reversed: boolean,
  rows: Entity[],
  cursorOf: CursorOf,
  moreAfter: boolean,
  moreBefore: boolean,
): Connection {
  if (!reversed) return connectionOf(rows, cursorOf, moreAfter, moreBefore);
  const last = rows.length - 1;
  return connectionOf([...rows].reverse(), (i) => cursorOf(last - i), moreBefore, moreAfter);
}

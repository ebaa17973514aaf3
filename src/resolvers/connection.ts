// The Relay connection shape, and what every paging strategy hands back to build one.
import type { Entity } from './entity';

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection {
  edges: { cursor: string; node: Entity }[];
  pageInfo: PageInfo;
}

export function connectionOf(
  rows: Entity[],
  cursors: string[],
  hasNextPage: boolean,
  hasPreviousPage: boolean,
): Connection {
  return {
    edges: rows.map((node, i) => ({ cursor: cursors[i], node })),
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: cursors[0] ?? null,
      endCursor: cursors[cursors.length - 1] ?? null,
    },
  };
}

/** Rows fetched in the reversed frame come back in the requested order, with their page info swapped. */
export function inRequestedOrder(
  reversed: boolean,
  rows: Entity[],
  cursors: string[],
  moreAfter: boolean,
  moreBefore: boolean,
): Connection {
  if (!reversed) return connectionOf(rows, cursors, moreAfter, moreBefore);
  return connectionOf([...rows].reverse(), [...cursors].reverse(), moreBefore, moreAfter);
}

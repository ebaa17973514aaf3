// Opaque cursors (base64url JSON). A list cursor carries the object id (REST `after`/`before`); a
// search cursor carries the row's offset in its frame (null once past the offset limit) plus the
// row's sort keys and id, so paging can continue by keyset from any row. Both carry the order they
// were made under: a cursor from another order would silently skip or repeat rows, so it is refused.
import { graphError } from './errors';

export type KeyValue = string | number | null;

/** Frame 0 is the requested order, frame 1 the same order reversed (used to page from the end). */
export type Frame = 0 | 1;

export interface ListCursor {
  k: 'l';
  s: string;
  id: string;
}

export interface SearchCursor {
  k: 's';
  s: string;
  f: Frame;
  o: number | null;
  v: KeyValue[];
  id: string;
}

export type Cursor = ListCursor | SearchCursor;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function isKeyValue(v: unknown): v is KeyValue {
  return v === null || typeof v === 'string' || typeof v === 'number';
}

function parse(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof c !== 'object' || c === null || typeof c.s !== 'string' || typeof c.id !== 'string') return null;
  if (c.k === 'l') return { k: 'l', s: c.s, id: c.id };
  if (c.k !== 's' || (c.f !== 0 && c.f !== 1) || !Array.isArray(c.v) || !c.v.every(isKeyValue)) return null;
  const o = c.o;
  if (o !== null && (typeof o !== 'number' || !Number.isInteger(o) || o < 0)) return null;
  return { k: 's', s: c.s, f: c.f, o, v: c.v, id: c.id };
}

/** Decodes a cursor made for this kind of paging and this order, or says clearly what is wrong. */
export function decodeCursor(
  text: string,
  argument: 'after' | 'before',
  kind: 'l' | 's',
  signature: string,
): Cursor {
  const cursor = parse(text);
  if (!cursor) throw graphError('BAD_USER_INPUT', `${argument}: not a cursor of this API`);
  if (cursor.k !== kind || cursor.s !== signature) {
    throw graphError(
      'BAD_USER_INPUT',
      `${argument}: the cursor was made for another order, filter or collection; start again without it`,
    );
  }
  return cursor;
}

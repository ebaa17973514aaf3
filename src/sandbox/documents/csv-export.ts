// Transaction export as CSV: the requested fields (dotted names through embedded and linked objects,
// resolved by the search field resolver), filtered by `query`, sorted by `order` (creation order by
// default), then `offset` and `limit` (default 2,000; offset at most 100,000, more is 416). The rows
// are chosen at once (bad parameters are refused before anything is sent) and written as a stream,
// a few hundred rows at a time: a large export starts at once and never exists whole in memory.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { ApiError, badRequest } from '../errors';
import {
  compileQuery,
  compileSort,
  fieldResolver,
  parseQuery,
  parseSortOrder,
  type FieldAccessor,
} from '../search';
import type { Store, StoredObject } from '../store';

export const EXPORT_DEFAULT_LIMIT = 2000;
export const EXPORT_MAX_OFFSET = 100_000;
export const EXPORT_DEFAULT_FIELDS = [
  'id',
  'createdOn',
  'state',
  'currency',
  'authorizationAmount',
  'completedAmount',
  'refundedAmount',
  'merchantReference',
  'customerId',
  'customerEmailAddress',
];

/** `fields` given repeated, comma-separated, or both. */
export function requestedFields(query: URLSearchParams): string[] {
  const names = query
    .getAll('fields')
    .flatMap((v) => v.split(','))
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length ? [...new Set(names)] : EXPORT_DEFAULT_FIELDS;
}

function wholeNumber(query: URLSearchParams, name: string, fallback: number, min: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min) {
    throw badRequest(`Query parameter ${name} must be a whole number of at least ${min} (got "${raw}").`, {
      [name]: `must be at least ${min}`,
    });
  }
  return value;
}

/** A cell: scalars as text, several values (arrays, many-links) joined by `;`, nothing as empty. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value))
    return value
      .map(cell)
      .filter((v) => v !== '')
      .join(';');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const ROWS_PER_CHUNK = 500;

export function exportTransactionsCsv(store: Store, space: number, query: URLSearchParams): Readable {
  const resolve = fieldResolver(store, 'Transaction', space);
  const fields = requestedFields(query);
  const accessors: FieldAccessor[] = [];
  const unknown: Record<string, string> = {};
  for (const name of fields) {
    const accessor = resolve(name);
    if (accessor) accessors.push(accessor);
    else unknown[`fields.${name}`] = 'is not a field of Transaction';
  }
  if (Object.keys(unknown).length) {
    throw badRequest(
      `Unknown export fields: ${Object.keys(unknown)
        .map((k) => k.slice(7))
        .join(', ')} (names are Transaction properties, dotted into linked or embedded objects).`,
      unknown,
    );
  }
  const limit = wholeNumber(query, 'limit', EXPORT_DEFAULT_LIMIT, 1);
  const offset = wholeNumber(query, 'offset', 0, 0);
  if (offset > EXPORT_MAX_OFFSET) {
    throw new ApiError(
      416,
      `Query parameter offset is ${offset}; the export allows at most ${EXPORT_MAX_OFFSET}.`,
      {
        offset: `must be at most ${EXPORT_MAX_OFFSET}`,
      },
    );
  }
  const matches = compileQuery(parseQuery(query.get('query') ?? ''), resolve);
  const rows: StoredObject[] = store.list('Transaction', space).filter(matches);
  const sortKeys = parseSortOrder(query.get('order') ?? '');
  if (sortKeys.length) {
    const compare = compileSort(sortKeys, resolve);
    rows.sort((a, b) => compare(a, b) || Number(a.id) - Number(b.id));
  }
  const page = rows.slice(offset, offset + limit);
  return Readable.from(csvChunks(fields, accessors, page), { objectMode: false });
}

/** The header, then the rows a chunk at a time, each chunk rendered only when the reader wants it. */
function* csvChunks(fields: string[], accessors: FieldAccessor[], rows: StoredObject[]): Generator<string> {
  const options = { record_delimiter: '\r\n' } as const;
  yield stringify([fields], options);
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    yield stringify(
      rows.slice(start, start + ROWS_PER_CHUNK).map((row) => accessors.map((a) => cell(a.get(row)))),
      options,
    );
  }
}

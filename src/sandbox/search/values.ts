// Typed values: reading a query value as the field's type (once, when a query is compiled) and
// reading stored values for comparison (per object, without regular expressions).
import { SearchFieldError } from '../../search-syntax';

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'enum';

/** A date or date-time as the interval [start, end) its written precision covers, in epoch ms. */
export interface Instant {
  start: number;
  end: number;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const DAY_MS = 86_400_000;

function typeError(field: string, value: string, expected: string): SearchFieldError {
  return new SearchFieldError(`The value '${value}' of field '${field}' is not ${expected}`, field);
}

export function parseNumber(field: string, type: 'integer' | 'number', text: string): number {
  const n = NUMBER.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isFinite(n)) throw typeError(field, text, 'a number');
  if (type === 'integer' && !Number.isInteger(n)) throw typeError(field, text, 'an integer');
  return n;
}

export function parseBoolean(field: string, text: string): boolean {
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw typeError(field, text, "a boolean ('true' or 'false')");
}

/**
 * An ISO 8601 date (`2024-05-01`) or date-time (`2024-05-01T10:00`, `...:30`, `...:30.250`, with `Z`
 * or an offset; without one, UTC). The interval is as long as the written precision: a day, a minute,
 * a second or a millisecond.
 */
export function parseInstant(field: string, text: string): Instant {
  const m = ISO.exec(text.trim());
  if (!m) throw typeError(field, text, 'an ISO date or date-time');
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const utc = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    ms,
  );
  const check = new Date(utc);
  const valid =
    check.getUTCMonth() === Number(mo) - 1 &&
    check.getUTCDate() === Number(d) &&
    Number(h ?? 0) < 24 &&
    Number(mi ?? 0) < 60 &&
    Number(s ?? 0) < 60;
  if (!valid) throw typeError(field, text, 'a valid date');
  const start = utc - offsetMs(zone);
  const length = h === undefined ? DAY_MS : s === undefined ? 60_000 : frac === undefined ? 1000 : 1;
  return { start, end: start + length };
}

function offsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

/** An enum value, matched case-insensitively against the allowed values (when they are known). */
export function parseEnum(field: string, text: string, values: readonly string[] | undefined): string {
  if (!values) return text;
  const found = values.find((v) => v.toLowerCase() === text.toLowerCase());
  if (found === undefined) {
    throw new SearchFieldError(
      `The value '${text}' of field '${field}' is not one of ${values.join(', ')}`,
      field,
    );
  }
  return found;
}

// ---- stored values -------------------------------------------------------------------------------

export function storedNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isNaN(n) ? null : n;
  }
  if (typeof v === 'bigint') return Number(v);
  return null;
}

export function storedBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return null;
}

// Date.parse costs far more than a map lookup, and stored dates repeat across searches and sorts.
const parsedTimes = new Map<string, number>();
// A large sandbox holds some 200,000 transactions: their times must fit, or sorting by them thrashes.
const PARSED_TIMES_LIMIT = 1_000_000;

/** An instant as the sandbox stores it (`toISOString()`: 24 characters, UTC): such strings compare in time order. */
export function isCanonicalInstant(value: string): boolean {
  return value.length === 24 && value.charCodeAt(10) === 84 /* T */ && value.endsWith('Z');
}

export function storedTime(v: unknown): number | null {
  if (typeof v === 'string') {
    let t = parsedTimes.get(v);
    if (t === undefined) {
      if (parsedTimes.size >= PARSED_TIMES_LIMIT) parsedTimes.clear();
      t = Date.parse(v);
      parsedTimes.set(v, t);
    }
    return Number.isNaN(t) ? null : t;
  }
  if (typeof v === 'number') return v;
  if (v instanceof Date) return v.getTime();
  return null;
}

export function storedString(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return null;
}

/** Orders strings case-insensitively first, then by code units, so that the order is total. */
export function compareStrings(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** A stored value as the comparable key of its type (number for numbers, dates and booleans). */
export function sortKey(type: FieldType, v: unknown): number | string | null {
  switch (type) {
    case 'integer':
    case 'number':
      return storedNumber(v);
    case 'date':
      return storedTime(v);
    case 'boolean': {
      const b = storedBoolean(v);
      return b === null ? null : Number(b);
    }
    default:
      return storedString(v);
  }
}

/** Compares two keys of one type; null (no value) sorts before every value. */
export function compareKeys(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return compareStrings(String(a), String(b));
}

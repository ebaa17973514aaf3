// Checks of one scalar value against its schema: JSON type, OpenAPI format (int32/int64 ranges,
// date, date-time, byte), enum membership and the numeric and length bounds a schema may carry.
import type { JsonSchema } from '../../catalog';
import { isDecimal } from '../../rest/decimal';
import { allowedValues, jsonTypeOf, numericText, shown, type Problems } from './validate-problems';

/** The keywords this validator reads beyond the catalog's JsonSchema (generic; openapi.json may add them). */
export type Schema = JsonSchema & {
  title?: string;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

interface IntRange {
  low: bigint;
  high: bigint;
  /** The bounds as numbers, for safe integers (int64's round outward, past every safe integer). */
  lowNumber: number;
  highNumber: number;
}

function intRange(low: bigint, high: bigint): IntRange {
  return { low, high, lowNumber: Number(low), highNumber: Number(high) };
}

const INT_RANGES: Record<string, IntRange> = {
  int32: intRange(-(2n ** 31n), 2n ** 31n - 1n),
  int64: intRange(-(2n ** 63n), 2n ** 63n - 1n),
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  return !!m && isCalendarDate(m[1]) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 61;
}

/** Characters as the REST API counts them (code points), without an array of them. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

function checkString(schema: Schema, value: string, path: string, out: Problems): void {
  if (schema.format === 'date' && !isCalendarDate(value))
    out.add(path, `${shown(value)} is not a date; use YYYY-MM-DD, e.g. 2025-01-31.`);
  if (schema.format === 'date-time' && !isDateTime(value)) {
    out.add(
      path,
      `${shown(value)} is not a date-time; use RFC 3339 with a time zone, e.g. 2025-01-31T12:00:00Z.`,
    );
  }
  if (schema.format === 'byte' && !BASE64.test(value)) out.add(path, 'is not base64 data.');
  if (schema.maxLength === undefined && schema.minLength === undefined) return;
  const length = codePoints(value);
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    out.add(path, `is ${length} characters long; at most ${schema.maxLength} are allowed.`);
  }
  if (schema.minLength !== undefined && length < schema.minLength) {
    out.add(path, `is ${length} characters long; at least ${schema.minLength} are required.`);
  }
}

/** Whether a whole number lies in the range; a safe integer is compared as a number (no BigInt made). */
function inRange(value: number | bigint, range: IntRange): boolean {
  if (typeof value === 'number') return value >= range.lowNumber && value <= range.highNumber;
  return value >= range.low && value <= range.high;
}

function checkInteger(schema: Schema, value: number | bigint, path: string, out: Problems): boolean {
  if (typeof value === 'number' && !Number.isInteger(value)) {
    out.add(path, `must be a whole number, not ${shown(value)}.`);
    return false;
  }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    out.add(
      path,
      `${shown(value)} is too large to be exact as a number; send it as a string of digits (ID) or bigint.`,
    );
    return false;
  }
  const range = schema.format ? INT_RANGES[schema.format] : undefined;
  if (range && !inRange(value, range)) {
    out.add(
      path,
      `${shown(value)} is out of range for ${schema.format}: ${range.low} to ${range.high} are allowed.`,
    );
    return false;
  }
  return true;
}

function checkBounds(schema: Schema, value: unknown, path: string, out: Problems): void {
  const n = Number(numericText(value));
  if (schema.minimum !== undefined && n < schema.minimum)
    out.add(path, `must be at least ${schema.minimum}, not ${shown(value)}.`);
  if (schema.maximum !== undefined && n > schema.maximum)
    out.add(path, `must be at most ${schema.maximum}, not ${shown(value)}.`);
  if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum) {
    out.add(path, `must be greater than ${schema.exclusiveMinimum}, not ${shown(value)}.`);
  }
  if (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum) {
    out.add(path, `must be less than ${schema.exclusiveMaximum}, not ${shown(value)}.`);
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
};

/** Whether `value` is of the schema's JSON type; integers may be bigint (ids past 2^53). */
export function hasType(type: string | undefined, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value));
    case 'number':
      return (
        typeof value === 'bigint' || isDecimal(value) || (typeof value === 'number' && Number.isFinite(value))
      );
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

/** Type problem of `value`, reported once; true when the value has the schema's type. */
export function checkType(schema: Schema, value: unknown, path: string, out: Problems): boolean {
  if (hasType(schema.type, value)) return true;
  const wanted = TYPE_NAMES[schema.type ?? ''] ?? schema.type;
  const given = value === null ? 'null (leave the field out instead)' : jsonTypeOf(value);
  out.add(path, `must be ${wanted}${schema.format ? ` (${schema.format})` : ''}, not ${given}.`);
  return false;
}

/** Enum, format and bounds of a value already known to have the schema's type. */
export function checkScalar(
  schema: Schema,
  value: unknown,
  path: string,
  out: Problems,
  enumName?: string,
): void {
  if (schema.enum && !schema.enum.includes(value as string)) {
    const what = enumName ? `a ${enumName}` : 'an allowed value';
    out.add(path, `${shown(value)} is not ${what}; allowed: ${allowedValues(schema.enum)}.`);
    return;
  }
  if (typeof value === 'string') checkString(schema, value, path, out);
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (schema.type === 'integer' && !checkInteger(schema, value, path, out)) return;
    checkBounds(schema, value, path, out);
  }
  if (isDecimal(value)) checkBounds(schema, value, path, out);
}

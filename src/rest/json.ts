// JSON for the REST wire, lossless for large integers and for decimals: JSON.parse silently rounds
// the REST API's int64 ids past 2^53 and changes the text of some amounts, so no digit REST sent may be lost.
import { isInteger, LosslessNumber, parse, stringify } from 'lossless-json';
import { isDecimal, MAX_EXPONENT } from './decimal';
import { inexactNumbers } from './json-numbers';

export class JsonNumberError extends Error {
  override name = 'JsonNumberError';
}

/**
 * Integers at or above 2^53 in magnitude become `bigint`, every other one a plain `number`: code that
 * handles ids accepts `number | bigint` (the GraphQL Long scalar does). A decimal stays a `number` only
 * where its shortest printing (`String(n)`, what the Decimal scalar answers) is exactly REST's text
 * (110.08; not 853.80, 1.5E2 or 0.1000000000000000055), else a LosslessNumber. A number that cannot be
 * represented at all (1e400) fails loudly instead of becoming Infinity.
 */
function parseNumber(text: string): number | bigint | LosslessNumber {
  if (isInteger(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  const exponent = /[eE]([-+]?\d+)$/.exec(text)?.[1];
  if (
    !Number.isFinite(Number.parseFloat(text)) ||
    (exponent !== undefined && Math.abs(Number(exponent)) > MAX_EXPONENT)
  ) {
    throw new JsonNumberError(`number ${text.slice(0, 40)} cannot be represented`);
  }
  const value = Number(text);
  return String(value) === text ? value : new LosslessNumber(text);
}

/** The numbers at `spans` written as JSON strings behind a NUL marker, for JSON.parse to hand over as text. */
function marked(text: string, spans: number[]): string {
  const parts: string[] = [];
  let last = 0;
  for (let k = 0; k < spans.length; k += 2) {
    parts.push(text.slice(last, spans[k]), '"\\u0000', text.slice(spans[k], spans[k + 1]), '"');
    last = spans[k + 1];
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** The parsed value with each marked string read as the number it was (in place). */
function unmarked(value: unknown): unknown {
  if (typeof value === 'string') return value.charCodeAt(0) === 0 ? parseNumber(value.slice(1)) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = unmarked(value[i]);
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) record[key] = unmarked(record[key]);
  }
  return value;
}

/**
 * Parses REST JSON: integers >= 2^53 in magnitude become bigint, decimals keep their text, everything
 * else as JSON.parse. The numbers a double would change (json-numbers.ts) are handed to JSON.parse as
 * marked strings and read back exactly; a body with none is JSON.parse alone. A body whose own strings
 * could pass for a marker (one starting with NUL) takes the lossless parser instead.
 */
export function parseJson(text: string): unknown {
  const spans = inexactNumbers(text);
  if (spans.length === 0) return JSON.parse(text);
  if (text.includes('"\\u0000')) return parse(text, null, parseNumber);
  return unmarked(JSON.parse(marked(text, spans)));
}

/**
 * Serialises a request body; bigint and LosslessNumber values are written exactly, Dates as ISO strings.
 * A body of plain JSON values only (no bigint, decimal, toJSON but Date's, or number a double cannot
 * send) is JSON.stringify's own output, which is what the lossless writer makes of it, about ten times
 * faster: checking for those is one walk, and a 250-item bulk body is all plain.
 */
export function stringifyJson(value: unknown): string {
  if (isPlainJson(value, 0)) {
    const out = JSON.stringify(value);
    if (out !== undefined) return out;
  }
  const out = stringify(value, null, undefined, [
    // A LosslessNumber that went through structuredClone is a plain object with the same fields.
    { test: isDecimal, stringify: (v: unknown) => (v as { value: string }).value },
    { test: (v: unknown) => typeof v === 'number' && !Number.isFinite(v), stringify: badNumber },
    // An integer past 2^53 held as a JS number has already lost digits: refuse rather than send another id.
    {
      test: (v: unknown) => typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v),
      stringify: unsafeInteger,
    },
  ]);
  if (out === undefined) throw new TypeError('request body is not JSON-serialisable');
  return out;
}

/** Deeper bodies take the lossless writer (which also reports a cycle). */
const MAX_PLAIN_DEPTH = 64;

/** True when JSON.stringify writes `value` exactly as the lossless writer would. */
function isPlainJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return true;
    case 'number':
      return Number.isFinite(value) && (Number.isSafeInteger(value) || !Number.isInteger(value));
    case 'object': {
      if (value === null || value instanceof Date) return true;
      if (depth >= MAX_PLAIN_DEPTH || isDecimal(value)) return false;
      if (Array.isArray(value)) {
        for (const item of value) if (!isPlainJson(item, depth + 1)) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
        return false;
      const record = value as Record<string, unknown>;
      for (const key in record) if (!isPlainJson(record[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

function unsafeInteger(v: unknown): string {
  throw new JsonNumberError(`cannot send ${String(v)} exactly: it is past 2^53; pass it as a bigint`);
}

function badNumber(v: unknown): string {
  throw new JsonNumberError(`cannot send ${String(v)} as a JSON number`);
}

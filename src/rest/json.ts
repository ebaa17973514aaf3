// JSON for the REST wire, lossless for large integers.
//
// The REST API's ids and versions are Longs (int64). JavaScript numbers hold integers exactly only
// below 2^53, and JSON.parse silently rounds anything larger (9007199254740993 becomes ...992).
// Choice: integers whose magnitude is at or above 2^53 come back as `bigint`; every other number
// stays a plain `number`, so ordinary values (ids of today's data, amounts, counts) are unchanged
// for callers. Consumers that handle ids should accept `number | bigint` (the GraphQL Long scalar
// does). When sending, `bigint` values in a body, path or query are written out digit for digit.
// A number that cannot be represented at all (e.g. 1e400) fails loudly instead of becoming Infinity.
import { isInteger, parse, stringify } from 'lossless-json';

export class JsonNumberError extends Error {
  override name = 'JsonNumberError';
}

function parseNumber(text: string): number | bigint {
  if (isInteger(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  const value = Number.parseFloat(text);
  if (!Number.isFinite(value)) throw new JsonNumberError(`number ${text.slice(0, 40)} cannot be represented`);
  return value;
}

/**
 * A text with no run of 16+ digits holds no integer of 2^53 or more (2^53 has 16 digits), and with
 * no three-digit exponent no number that overflows: native JSON.parse (about five times faster
 * than the lossless parser) then yields exactly the same values. Digit runs inside strings only
 * send a text down the slow path, never change its result.
 */
const MAY_LOSE_PRECISION = /\d{16}|\d[eE][+-]?\d{3}/;

/** Parses REST JSON: integers >= 2^53 in magnitude become bigint, everything else as JSON.parse. */
export function parseJson(text: string): unknown {
  if (!MAY_LOSE_PRECISION.test(text)) return JSON.parse(text);
  return parse(text, null, parseNumber);
}

/** Serialises a request body; bigint values are written exactly, Dates as ISO strings. */
export function stringifyJson(value: unknown): string {
  const out = stringify(value, null, undefined, [
    { test: (v: unknown) => typeof v === 'number' && !Number.isFinite(v), stringify: badNumber },
    // An integer past 2^53 held as a JS number has already lost digits: refuse rather than send another id.
    { test: (v: unknown) => typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v), stringify: unsafeInteger },
  ]);
  if (out === undefined) throw new TypeError('request body is not JSON-serialisable');
  return out;
}

function unsafeInteger(v: unknown): string {
  throw new JsonNumberError(`cannot send ${String(v)} exactly: it is past 2^53; pass it as a bigint`);
}

function badNumber(v: unknown): string {
  throw new JsonNumberError(`cannot send ${String(v)} as a JSON number`);
}

// JSON for the REST wire, lossless for large integers and for decimals.
//
// The REST API's ids and versions are Longs (int64). JavaScript numbers hold integers exactly only
// below 2^53, and JSON.parse silently rounds anything larger (9007199254740993 becomes ...992).
// Choice: integers whose magnitude is at or above 2^53 come back as `bigint`; every other integer
// stays a plain `number`. Consumers that handle ids should accept `number | bigint` (the GraphQL
// Long scalar does).
//
// Amounts are decimals. A decimal stays a plain `number` only where its shortest printing
// (`String(n)`, what the graph's Decimal scalar answers) is exactly the text REST sent: 110.08 does,
// 853.80 (a trailing zero), 1.5E2 (an exponent) or 0.1000000000000000055 (more digits than a double
// holds) do not, and such a body is parsed losslessly, its decimals kept as LosslessNumber (see
// decimal.ts). So no digit REST sent is lost or changed, and the common body still takes the fast
// native parser. When sending, `bigint` and LosslessNumber values are written out digit for digit.
// A number that cannot be represented at all (e.g. 1e400) fails loudly instead of becoming Infinity.
import { isInteger, LosslessNumber, parse, stringify } from 'lossless-json';
import { isDecimal, MAX_EXPONENT } from './decimal';

export class JsonNumberError extends Error {
  override name = 'JsonNumberError';
}

function parseNumber(text: string): number | bigint | LosslessNumber {
  if (isInteger(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  const exponent = /[eE]([-+]?\d+)$/.exec(text)?.[1];
  if (!Number.isFinite(Number.parseFloat(text)) || (exponent !== undefined && Math.abs(Number(exponent)) > MAX_EXPONENT)) {
    throw new JsonNumberError(`number ${text.slice(0, 40)} cannot be represented`);
  }
  const value = Number(text);
  return String(value) === text ? value : new LosslessNumber(text);
}

const QUOTE = 34;
const BACKSLASH = 92;
const MINUS = 45;
const POINT = 46;
const ZERO = 48;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= ZERO + 9;
}

/** The index after the string whose first character (after its opening quote) is at `i`. */
function endOfString(text: string, i: number): number {
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length;
    let b = quote - 1;
    while (text.charCodeAt(b) === BACKSLASH) b--;
    if ((quote - 1 - b) % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/**
 * Whether native JSON.parse followed by String() could change a number of the text: an integer of
 * 16+ digits (2^53 has 16), a decimal with 16+ digits, an exponent, a fraction ending in 0, or a
 * value below 1e-6 (String() prints it with an exponent). Every other JSON number has at most 15
 * significant digits in plain notation, so its double prints back as its own text. One pass over the
 * numbers outside strings (strings are skipped with indexOf): about a third of JSON.parse's time.
 */
function mayChange(text: string): boolean {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i + 1);
    } else if (isDigit(c) || c === MINUS) {
      const start = c === MINUS ? i + 1 : i;
      let j = start;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      let digits = j - start;
      if (text.charCodeAt(j) === POINT) {
        const fraction = ++j;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
        digits += j - fraction;
        if (text.charCodeAt(j - 1) === ZERO) return true;
        if (text.charCodeAt(start) === ZERO && text.startsWith('000000', fraction)) return true;
      }
      const next = text.charCodeAt(j) | 0x20;
      if (next === 0x65 /* e or E */ || digits >= 16) return true;
      i = j;
    } else {
      i++;
    }
  }
  return false;
}

/** Parses REST JSON: integers >= 2^53 in magnitude become bigint, decimals stay exact, everything else as JSON.parse. */
export function parseJson(text: string): unknown {
  if (!mayChange(text)) return JSON.parse(text);
  return parse(text, null, parseNumber);
}

/** Serialises a request body; bigint and LosslessNumber values are written exactly, Dates as ISO strings. */
export function stringifyJson(value: unknown): string {
  const out = stringify(value, null, undefined, [
    // A LosslessNumber that went through structuredClone is a plain object with the same fields.
    { test: isDecimal, stringify: (v: unknown) => (v as { value: string }).value },
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

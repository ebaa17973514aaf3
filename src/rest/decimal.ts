// Exact decimals (amounts). A REST amount reaches paygraph as JSON number text; it is kept either as
// a JS number whose shortest printing (String) is exactly that text (json.ts proves it before it
// lets JSON.parse make one), or as a LosslessNumber holding the text. Either way the decimal text
// REST sent is what comes back out: `decimalText` gives it, in plain notation. Client input travels
// the same way: a Decimal input is a LosslessNumber, which stringifyJson writes digit for digit.
import { LosslessNumber } from 'lossless-json';

export { LosslessNumber };

/** An exact decimal held as its text: REST's (json.ts) or a client's (the Decimal scalar). */
export type Decimal = LosslessNumber;

/** A JSON number in plain notation: what the graph answers and accepts as decimal text. */
export const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/;
/** Exponents beyond this are refused: doubles end near 1e308 and 5e-324, and plain text of 1e-1000000 is a megabyte. */
export const MAX_EXPONENT = 400;

/** A LosslessNumber, or what one becomes after structuredClone or JSON (the class is gone, the fields stay). */
export function isDecimal(value: unknown): value is { value: string } {
  if (value instanceof LosslessNumber) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { isLosslessNumber?: unknown }).isLosslessNumber === true
  );
}

/** JSON number text (`1.5E+2`, `-0.50`) in plain notation (`150`, `-0.50`), digits kept; undefined if not a number. */
export function plainDecimal(text: string): string | undefined {
  const m = JSON_NUMBER.exec(text.trim());
  if (!m) return undefined;
  const [, sign, whole, fraction = '', exponentText] = m;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  if (exponent === 0) return `${sign}${trimLeadingZeros(whole)}${fraction ? `.${fraction}` : ''}`;
  // Move the point: digits stay, zeros are added only where the exponent puts the point past them.
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const integer = trimLeadingZeros(padded.slice(0, at));
  const rest = padded.slice(at);
  return `${sign}${integer}${rest ? `.${rest}` : ''}`;
}

function trimLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/** A finite JS number in plain notation: its shortest exact printing, without exponent. */
export function numberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  return plainDecimal(String(value));
}

/**
 * The decimal text of a value: a number (its shortest printing, which json.ts guarantees is REST's
 * own text), a bigint, a LosslessNumber, or decimal text. Undefined for anything else.
 */
export function decimalText(value: unknown): string | undefined {
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'bigint') return value.toString();
  if (isDecimal(value)) return plainDecimal(value.value);
  if (typeof value === 'string') return plainDecimal(value);
  return undefined;
}

/** A decimal to send or keep exactly (stringifyJson writes its text as a JSON number). */
export function toDecimal(text: string): LosslessNumber {
  const plain = plainDecimal(text);
  if (plain === undefined)
    throw new TypeError(`${JSON.stringify(text.slice(0, 40))} is not a decimal number`);
  return new LosslessNumber(plain);
}

/** A decimal text as a scaled integer (`-12.50` -> -1250n at scale 2), for exact sums and comparisons. */
export function scaled(text: string): { units: bigint; scale: number } {
  const plain = plainDecimal(text) ?? '0';
  const [whole, fraction = ''] = plain.split('.');
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/** The exact sum of decimal texts, as decimal text. */
export function sumDecimals(texts: readonly string[]): string {
  const parts = texts.map(scaled);
  const scale = Math.max(0, ...parts.map((p) => p.scale));
  const total = parts.reduce((sum, p) => sum + p.units * 10n ** BigInt(scale - p.scale), 0n);
  return unscaled(total, scale);
}

/** -1250n at scale 2 -> `-12.50`. */
export function unscaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Sign of a decimal text: -1, 0 or 1. */
export function decimalSign(text: string): -1 | 0 | 1 {
  const { units } = scaled(text);
  return units < 0n ? -1 : units > 0n ? 1 : 0;
}

// Long (int64) values without silent precision loss. Output: always a string of digits, one wire
// type at every size (JSON numbers past 2^53 are rounded by every JS client, and a type that is a
// number below 2^53 and a string above it is two types to every client). Input: a string of digits,
// or an Int literal of any length, or a safe JSON number; safe values become numbers, larger ones
// bigint, so the REST client can send them digit for digit.
import { GraphQLError } from 'graphql';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DIGITS = /^-?\d+$/;
/** int64 has at most 19 digits and a sign; longer input is refused before any parsing, unechoed. */
export const MAX_LONG_INPUT_LENGTH = 40;

function badLong(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** A bigint inside the int64 range, as a number when that is exact. */
function narrow(value: bigint): number | bigint {
  if (value < INT64_MIN || value > INT64_MAX)
    throw badLong(`Long value ${value} is outside the 64-bit range`);
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** Parses a Long from client input (variables or literals). */
export function parseLong(value: unknown): number | bigint {
  if (typeof value === 'bigint') return narrow(value);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw badLong(`Long cannot represent non-integer value ${value}`);
    // A JSON number past 2^53 was already rounded by the client's or our JSON parser: refuse it.
    if (!Number.isSafeInteger(value)) {
      throw badLong(
        `Long value ${value} is not exact as a JSON number; send values of 2^53 or more as strings`,
      );
    }
    return value;
  }
  if (typeof value === 'string') {
    if (value.length > MAX_LONG_INPUT_LENGTH) {
      throw badLong(
        `Long value of ${value.length} characters is too long: a Long has at most 20 (sign and 19 digits)`,
      );
    }
    const text = value.trim();
    if (!DIGITS.test(text))
      throw badLong(`Long cannot represent ${JSON.stringify(value.slice(0, 40))}: expected digits`);
    return narrow(BigInt(text));
  }
  throw badLong(`Long cannot represent a value of type ${typeof value}`);
}

/** Serialises a REST Long for the response: its digits. */
export function serializeLong(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError(`Long cannot represent non-integer value ${value}`);
    return BigInt(value).toString();
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && DIGITS.test(value)) return parseLong(value).toString();
  throw new TypeError(`Long cannot represent ${JSON.stringify(value)}`);
}

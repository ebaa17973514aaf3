// Printing REST search terms (SPEC "Search query syntax") so that no value can change the structure
// of the query: string values go through quoteValue, numbers and decimals are printed as plain digits, and names
// are checked against a strict pattern.
// The printer is the shared search grammar's: what it writes, the REST search parser reads back as
// the same value (backslash escapes inside quotes, keywords always quoted).
import { SearchSyntaxError, parseQuery, printQuery, quoteValue } from '../search-syntax';
import { decimalText, isDecimal, type Decimal } from '../rest/decimal';
import { graphError } from './errors';

export { quoteValue };

export type Comparator = ':' | ':<' | ':>' | ':<=' | ':>=' | ':~';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const PLAIN_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export type SearchValue = string | number | bigint | boolean | Decimal;

/** A field name as the search syntax addresses it (dotted into linked objects). */
export function searchName(name: string): string {
  if (!NAME.test(name))
    throw graphError('BAD_USER_INPUT', `"${name}" is not a field name that can be searched or sorted on`);
  return name;
}

export function printValue(value: SearchValue): string {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return value.toString();
  // An exact decimal (a Decimal filter value, a keyset cursor's amount) is printed with all its digits.
  if (isDecimal(value)) return decimalText(value) ?? quoteValue(value.value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw graphError('BAD_USER_INPUT', `${value} is not a number the search can compare`);
    const text = String(value);
    return PLAIN_NUMBER.test(text) ? text : quoteValue(text);
  }
  return quoteValue(value);
}

export function term(name: string, comparator: Comparator, value: SearchValue): string {
  return `${searchName(name)}${comparator}${printValue(value)}`;
}

export function isNullTerm(name: string): string {
  return `${searchName(name)}:*`;
}

export const NEVER = 'id:*';

export function group(parts: string[], connective: 'AND' | 'OR'): string {
  const nonEmpty = parts.filter((p) => p !== '');
  if (nonEmpty.length === 0) return '';
  if (nonEmpty.length === 1) return nonEmpty[0];
  return `(${nonEmpty.join(` ${connective} `)})`;
}

/** `id:1 OR id:2 ...` (or `isoCode2:CH OR ...`): objects of a resource by their REST keys. */
export function keysQuery(field: string, numeric: boolean, keys: readonly string[]): string {
  return group(
    keys.map((k) => term(field, ':', numeric ? BigInt(k) : k)),
    'OR',
  );
}

export function negate(part: string): string {
  return part === '' ? NEVER : `NOT (${part})`;
}

/**
 * The user's raw `query` argument in canonical form. It is parsed rather than pasted: pasted text
 * could close the parentheses it is wrapped in (`id:1) OR (-id:*`) and cancel the parent and keyset
 * conditions it is AND-ed with; a printed tree is always one balanced expression.
 */
export function rawQuery(text: string | null | undefined, argument = 'query'): string | undefined {
  if (text === null || text === undefined) return undefined;
  try {
    const node = parseQuery(text);
    return node ? printQuery(node) : undefined;
  } catch (error) {
    if (error instanceof SearchSyntaxError) {
      throw graphError('BAD_USER_INPUT', `${argument}: ${error.message}`, { position: error.position });
    }
    throw error;
  }
}

/** The user's filter and raw query together: both must hold. */
export function combineQueries(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return present.map((p) => `(${p})`).join(' AND ');
}

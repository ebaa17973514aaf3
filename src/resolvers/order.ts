// Sort orders for search operations: the REST `order` string, its reverse, the row's sort keys, and
// the keyset condition that continues an order after a row (DESIGN "Keyset continuation").
import { decimalText, isDecimal } from '../rest/decimal';
import { deref, schemas, type JsonSchema } from '../catalog';
import type { KeyValue } from './cursor';
import { graphError } from './errors';
import { NEVER, group, isNullTerm, negate, searchName, term } from './search-syntax';

export type Direction = 'ASC' | 'DESC';
export interface OrderKey {
  field: string;
  direction: Direction;
}

/** The requested order with `id` as the last tie-breaker (keys after `id` cannot change anything). */
export function totalOrder(orderBy: readonly OrderKey[] | null | undefined, keyField: string): OrderKey[] {
  const keys: OrderKey[] = [];
  for (const key of orderBy ?? []) {
    if (key.direction !== 'ASC' && key.direction !== 'DESC') {
      throw graphError('BAD_USER_INPUT', `orderBy ${key.field}: direction must be ASC or DESC`);
    }
    searchName(key.field);
    if (keys.some((k) => k.field === key.field)) continue;
    keys.push({ field: key.field, direction: key.direction });
    if (key.field === keyField) return keys;
  }
  keys.push({ field: keyField, direction: 'ASC' });
  return keys;
}

export function reverse(keys: readonly OrderKey[]): OrderKey[] {
  return keys.map((k) => ({ field: k.field, direction: k.direction === 'ASC' ? 'DESC' : 'ASC' }));
}

export function orderString(keys: readonly OrderKey[]): string {
  return keys.map((k) => `${k.field}:${k.direction}`).join(' ');
}

function fieldSchema(model: string, path: string[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = schemas[model];
  for (const part of path) {
    const props: Record<string, JsonSchema> | undefined = schema ? deref(schema).properties : undefined;
    const next: JsonSchema | undefined = props?.[part];
    if (!next) return undefined;
    schema = next.items ?? next;
  }
  return schema ? deref(schema) : undefined;
}

/** Keyset paging needs keys the search syntax compares totally: numbers and dates (and ids). */
export function keysetCapable(model: string, keys: readonly OrderKey[]): boolean {
  return keys.every((k) => {
    const s = fieldSchema(model, k.field.split('.'));
    if (!s) return false;
    return (
      s.type === 'integer' ||
      s.type === 'number' ||
      (s.type === 'string' && (s.format === 'date-time' || s.format === 'date'))
    );
  });
}

function at(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export function sortValues(row: Record<string, unknown>, keys: readonly OrderKey[]): KeyValue[] {
  return keys.map((k) => {
    const v = at(row, k.field);
    if (typeof v === 'number' || typeof v === 'string') return v;
    if (typeof v === 'bigint') return v.toString();
    // An exact decimal keeps its digits in the cursor (as text, which the search reads as the field's type).
    if (isDecimal(v)) return decimalText(v) ?? null;
    return null;
  });
}

/**
 * Rows strictly after the row with `values` in the order `keys`:
 * `(k1 after v1) OR (k1 = v1 AND k2 after v2) OR ...`. The sandbox sorts NULL first in ASC and
 * last in DESC (SPEC leaves it open), so "after" and "equal" must name
 * NULL explicitly: a plain `k:<v` never matches NULL, and such rows silently dropped out of walks.
 */
export function keysetCondition(
  keys: readonly OrderKey[],
  values: readonly KeyValue[],
  model: string,
): string {
  if (!keysetCapable(model, keys)) {
    throw graphError(
      'RANGE_NOT_SATISFIABLE',
      `paging past the REST offset limit needs an order on numbers, dates or id only (got ${orderString(keys)}); ` +
        'order by id or by a date such as createdOn, or narrow the filter, to page further',
    );
  }
  const alternatives: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const equal = keys.slice(0, i).map((k, j) => equalTerm(k.field, values[j] ?? null));
    for (const after of afterTerms(keys[i], values[i] ?? null))
      alternatives.push(group([...equal, after], 'AND'));
  }
  return alternatives.length === 0 ? NEVER : group(alternatives, 'OR');
}

function equalTerm(field: string, v: KeyValue): string {
  return v === null ? isNullTerm(field) : term(field, ':', v);
}

/** Alternatives for a key coming strictly after `v` in the key's direction (none after a NULL in DESC). */
function afterTerms(key: OrderKey, v: KeyValue): string[] {
  if (key.direction === 'ASC') return [v === null ? negate(isNullTerm(key.field)) : term(key.field, ':>', v)];
  return v === null ? [] : [term(key.field, ':<', v), isNullTerm(key.field)];
}

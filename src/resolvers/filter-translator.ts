// Typed GraphQL filters (contract "Values R receives") to the REST search syntax. Field names come
// from the schema and are checked again here; values are only ever printed through search-syntax,
// so no value can add a term, a connective or a parenthesis. Nested filters on links and on single
// embedded objects become dotted names (`token.state`, `billingAddress.country`).
import { refName, resourceByModel, schemas } from '../catalog';
import { graphError } from './errors';
import { isDateTimeField, splitDateConditions } from './date-filters';
import { idFieldTarget, restKeyConditions } from './filter-ids';
import type { ScalarFilter } from './scalar-filter';
import { isDecimal } from '../rest/decimal';
import { group, isNullTerm, negate, NEVER, term, type SearchValue } from './search-syntax';

export type { ScalarFilter };

export interface Filter {
  and?: Filter[] | null;
  or?: Filter[] | null;
  not?: Filter | null;
  [field: string]: unknown;
}

const LOGICAL = new Set(['and', 'or', 'not']);
const COMPARATORS = { lt: ':<', lte: ':<=', gt: ':>', gte: ':>=' } as const;

function isValue(v: unknown): v is SearchValue {
  return (
    typeof v === 'string' ||
    typeof v === 'number' ||
    typeof v === 'bigint' ||
    typeof v === 'boolean' ||
    isDecimal(v)
  );
}

function value(v: unknown, where: string): SearchValue {
  if (!isValue(v))
    throw graphError('BAD_USER_INPUT', `filter ${where}: expected a string, number or boolean`);
  return v;
}

function list(v: unknown, where: string): SearchValue[] {
  if (!Array.isArray(v)) throw graphError('BAD_USER_INPUT', `filter ${where}: expected a list`);
  return v.map((item, i) => value(item, `${where}[${i}]`));
}

/** REST reads a comma after `:~` as "all of these values", so a comma cannot be searched for. */
function containsValue(raw: unknown, where: string): string {
  const text = String(value(raw, where));
  if (text.includes(',')) {
    throw graphError(
      'BAD_USER_INPUT',
      `filter ${where}: the REST search cannot look for a comma; use and: [{contains}, {contains}] for several parts`,
    );
  }
  if (text === '') throw graphError('BAD_USER_INPUT', `filter ${where}: contains needs a non-empty value`);
  return text;
}

/** One field's scalar filter: every condition given must hold. */
function scalar(name: string, f: ScalarFilter): string {
  const parts: string[] = [];
  for (const [op, raw] of Object.entries(f)) {
    if (raw === undefined || raw === null) continue;
    const where = `${name}.${op}`;
    if (op === 'eq') parts.push(term(name, ':', value(raw, where)));
    else if (op === 'ne') parts.push(negate(term(name, ':', value(raw, where))));
    else if (op === 'lt' || op === 'lte' || op === 'gt' || op === 'gte')
      parts.push(term(name, COMPARATORS[op], value(raw, where)));
    else if (op === 'in') {
      const values = list(raw, where);
      parts.push(
        values.length === 0
          ? NEVER
          : group(
              values.map((v) => term(name, ':', v)),
              'OR',
            ),
      );
    } else if (op === 'notIn') {
      const values = list(raw, where);
      if (values.length > 0)
        parts.push(
          negate(
            group(
              values.map((v) => term(name, ':', v)),
              'OR',
            ),
          ),
        );
    } else if (op === 'contains') parts.push(term(name, ':~', containsValue(raw, where)));
    else if (op === 'isNull') parts.push(raw === true ? isNullTerm(name) : negate(isNullTerm(name)));
    else throw graphError('BAD_USER_INPUT', `filter ${name}: unknown condition "${op}"`);
  }
  return group(parts, 'AND');
}

/**
 * The model a nested filter under `field` of `model` is about: the linked entity of a link, or the
 * embedded schema of a single embedded object; undefined for a scalar or enum field. Arrays of
 * embedded objects have no nested filter (see src/schema/filters-embedded.ts).
 */
function nestedModel(model: string, field: string): string | undefined {
  const link = resourceByModel.get(model)?.links.find((l) => l.field === field);
  if (link) return link.model;
  const properties = schemas[model]?.properties;
  const property = properties && Object.hasOwn(properties, field) ? properties[field] : undefined;
  if (!property || property.type === 'array') return undefined;
  const target = refName(property);
  if (!target || resourceByModel.has(target) || !schemas[target]?.properties) return undefined;
  return target;
}

function translate(filter: Filter, model: string, prefix: string): string {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw graphError('BAD_USER_INPUT', `filter ${prefix.slice(0, -1) || 'root'}: expected an object`);
  }
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (raw === undefined || raw === null) continue;
    if (LOGICAL.has(key)) {
      if (key === 'not') parts.push(negate(translate(raw as Filter, model, prefix)));
      else {
        if (!Array.isArray(raw))
          throw graphError('BAD_USER_INPUT', `filter ${prefix}${key}: expected a list of filters`);
        const subs = (raw as Filter[]).map((sub) => translate(sub, model, prefix));
        // An empty `or` matches nothing, an empty `and` everything (as in logic).
        if (key === 'or') parts.push(subs.length === 0 ? NEVER : group(subs.map(orTrue), 'OR'));
        else parts.push(group(subs, 'AND'));
      }
      continue;
    }
    // The REST key of an embedded object is `restId` in the graph, `id` in REST.
    const restName = key === 'restId' && !resourceByModel.has(model) ? 'id' : key;
    const name = `${prefix}${restName}`;
    const nested = nestedModel(model, restName);
    const idTarget = idFieldTarget(model, restName);
    if (nested) parts.push(translate(raw as Filter, nested, `${name}.`));
    else if (idTarget) parts.push(scalar(name, restKeyConditions(raw, idTarget, name)));
    else if (isDateTimeField(model, restName)) parts.push(dateTimeConditions(name, raw));
    else parts.push(scalar(name, raw));
  }
  return group(parts, 'AND');
}

/** Conditions on a date-time field: plain dates stand for their whole day. */
function dateTimeConditions(name: string, f: ScalarFilter): string {
  const { terms, rest } = splitDateConditions(name, f);
  return group([...terms, scalar(name, rest)], 'AND');
}

// An empty sub-filter inside `or` means "true"; `NOT (id:*)` says so in the syntax.
function orTrue(part: string): string {
  return part === '' ? negate(NEVER) : part;
}

/** Translates a filter on a model into a search query; '' when the filter holds no condition. */
export function translateFilter(filter: Filter | null | undefined, model: string): string {
  if (!filter) return '';
  return translate(filter, model, '');
}

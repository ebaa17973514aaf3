// Validation of a REST request body before it is sent: every problem, with the input path of the
// field at fault, derived from the operation's request body schema in openapi.json (required
// properties, types and formats, enums, unknown and read-only properties, bounds, unique items)
// plus the REST rules the schema does not express (validate-rules.ts).
import { deref, operation, refName, type JsonSchema } from '../../catalog';
import { checkArrayRules, checkObjectRules, checkPropertyRules } from './validate-rules';
import {
  allowedValues,
  fieldPath,
  indexPath,
  isObject,
  Problems,
  shown,
  type FieldProblem,
} from './validate-problems';
import { checkScalar, checkType, type Schema } from './validate-values';

export type { FieldProblem } from './validate-problems';
export { MAX_PROBLEMS } from './validate-problems';
export { METADATA_LIMITS, NUMBER_RULES, REQUIRED_ONE_OF } from './validate-rules';

/**
 * Properties a body carries that its schema leaves out, per operation: the bulk update items name
 * the customer they update by `id`, which the Customer Active schema does not list.
 */
const ITEM_PROPERTIES: Readonly<
  Record<string, { properties: Record<string, JsonSchema>; required: string[] }>
> = {
  updateCustomersBulk: { properties: { id: { type: 'integer', format: 'int64' } }, required: ['id'] },
};

/** Canonical JSON of a value (object keys sorted, bigint as digits), to compare list items. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function writableNames(schema: Schema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, p]) => !p.readOnly && !deref(p).readOnly)
    .map(([name]) => name);
}

function walkObject(
  name: string | undefined,
  schema: Schema,
  value: Record<string, unknown>,
  path: string,
  out: Problems,
): void {
  const required = schema.required ?? [];
  for (const r of required)
    if (value[r] === undefined || value[r] === null) out.add(fieldPath(path, r), 'is required.');
  for (const key in value) {
    if (out.full) return;
    const v = value[key];
    if (v === undefined || (v === null && required.includes(key))) continue;
    const at = out.field(path, key);
    // Own properties only: a body key such as `constructor` must not find Object.prototype's.
    const property =
      schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (property) {
      if (property.readOnly || deref(property).readOnly)
        out.add(at, 'is read-only: the REST API sets it and does not accept it.');
      else walk(property, v, at, out, name, key);
    } else if (isObject(schema.additionalProperties)) {
      walk(schema.additionalProperties, v, at, out);
    } else if (schema.additionalProperties !== true) {
      const allowed = writableNames(schema);
      out.add(
        at,
        `is not a field of ${name ?? 'this object'}; allowed: ${allowed.length ? allowedValues(allowed) : 'none'}.`,
      );
    }
  }
  checkObjectRules(name, value, path, out);
}

function walkArray(schema: Schema, value: unknown[], path: string, out: Problems): void {
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    out.add(path, `has ${value.length} items; at most ${schema.maxItems} are allowed.`);
  }
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    out.add(path, `has ${value.length} items; at least ${schema.minItems} are required.`);
  }
  const items = schema.items;
  if (items) value.forEach((item, i) => walk(items, item, out.item(path, i), out));
  if (schema.uniqueItems) {
    const seen = new Map<string, number>();
    value.forEach((item, i) => {
      const key = canonical(item);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else
        out.add(
          indexPath(path, i),
          `repeats ${indexPath(path, first)} (${shown(item)}); items must be unique.`,
        );
    });
  }
  checkArrayRules(refName(items), value, path, out);
}

/** `owner` and `property`: the schema name of the object holding the value and its property name. */
function walk(
  schema: JsonSchema,
  value: unknown,
  path: string,
  out: Problems,
  owner?: string,
  property?: string,
): void {
  if (out.full) return;
  const name = refName(schema);
  const resolved = deref(schema) as Schema;
  if (!resolved) {
    out.add(path, `has no schema (${shown(name)}) to validate against.`);
    return;
  }
  if (!checkType(resolved, value, path, out)) return;
  if (isObject(value) && (resolved.type === 'object' || resolved.properties))
    walkObject(name ?? resolved.title, resolved, value, path, out);
  else if (Array.isArray(value)) walkArray(resolved, value, path, out);
  else checkScalar(resolved, value, path, out, name);
  if (property !== undefined) checkPropertyRules(owner, property, resolved, value, path, out);
}

/**
 * The problems `check` finds. A valid body is the usual case: the first walk only finds out whether
 * there is a problem, without naming a field's path; only a body with one is walked again to name them.
 */
function problemsOf(check: (out: Problems) => void): FieldProblem[] {
  const any = new Problems(false);
  check(any);
  if (any.list.length === 0) return any.list;
  const named = new Problems();
  check(named);
  return named.list;
}

/** Every problem of `value` against `schema` (a `$ref` or an inline schema), [] when valid; at most 50. */
export function validateAgainst(schema: JsonSchema, value: unknown, path: string): FieldProblem[] {
  return problemsOf((out) => walk(schema, value, path, out));
}

/**
 * The request body schema of an operation as this module validates it: openapi.json's, plus the
 * properties the body carries beyond it (the `id` of bulk update items). Undefined without a body.
 */
export function requestBodySchema(operationId: string): JsonSchema | undefined {
  if (!bodySchemas.has(operationId)) bodySchemas.set(operationId, extendedBodySchema(operationId));
  return bodySchemas.get(operationId);
}

/** Made once per operation: a bulk asks for every item. */
const bodySchemas = new Map<string, JsonSchema | undefined>();

function extendedBodySchema(operationId: string): JsonSchema | undefined {
  const schema = operation(operationId).requestBody;
  const extra = ITEM_PROPERTIES[operationId];
  if (!schema || !extra || !schema.items) return schema;
  const items = deref(schema.items);
  const extended: Schema = {
    ...items,
    title: refName(schema.items),
    properties: { ...items.properties, ...extra.properties },
    required: [...(items.required ?? []), ...extra.required],
  };
  return { ...schema, items: extended };
}

/**
 * Every problem of `body` against the request body schema of `operationId`, [] when valid. Paths are
 * dotted/indexed input paths under `pathPrefix`: `metaData`, `lineItems[2].quantity`,
 * `billingAddress.country`; a problem of the whole body has the path `pathPrefix` ('' by default).
 */
export function validateRequestBody(operationId: string, body: unknown, pathPrefix = ''): FieldProblem[] {
  const op = operation(operationId);
  if (!op.requestBody)
    return body === undefined ? [] : [{ path: pathPrefix, message: `${operationId} takes no request body.` }];
  if (body === undefined)
    return op.requestBodyRequired
      ? [{ path: pathPrefix, message: 'is required: the operation needs a request body.' }]
      : [];
  return validateAgainst(requestBodySchema(operationId) ?? op.requestBody, body, pathPrefix);
}

/**
 * Every problem of one item of an array body (a bulk call's), at `path` (`customers[3]`): its schema
 * and the array rules as they apply to the item alone. A bulk validates each item apart, so that one
 * bad item refuses only itself.
 */
export function validateBodyItem(operationId: string, item: unknown, path: string): FieldProblem[] {
  const body = requestBodySchema(operationId);
  const items = body ? (deref(body) as Schema).items : undefined;
  if (!items) return [{ path, message: `${operationId} takes no list of items.` }];
  return problemsOf((out) => {
    walk(items, item, path, out);
    checkArrayRules(refName(items), [item], path, out);
  });
}

// A minimal valid value for a request schema: every required property, typed as the schema says.
// Integer fields that name another object are filled with the id of an existing one, via `idFor`.
import { refName, schemas, type JsonSchema } from '../../../src/catalog';

export interface BodyHooks {
  /** The id of an existing object the integer field `field` of `owner` should name, if it names one. */
  idFor(owner: string | undefined, field: string): number | string | undefined;
  /** Now, for date-time fields. */
  now: Date;
}

const MAX_DEPTH = 6;

function resolve(schema: JsonSchema): { schema: JsonSchema; name?: string } {
  const name = refName(schema);
  return name ? { schema: schemas[name], name } : { schema };
}

function scalar(schema: JsonSchema, field: string, owner: string | undefined, hooks: BodyHooks): unknown {
  switch (schema.type) {
    case 'integer':
      return hooks.idFor(owner, field) ?? Math.max(1, schema.minimum ?? 1);
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return hooks.now.toISOString();
      if (schema.format === 'date') return hooks.now.toISOString().slice(0, 10);
      if (schema.format === 'email') return 'contract@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/contract';
      return `contract-${field}`;
    default:
      return undefined;
  }
}

/** A minimal value of `schema`; `field` is the property it fills, `owner` the schema holding it. */
export function minimalValue(
  input: JsonSchema,
  hooks: BodyHooks,
  field = 'body',
  owner?: string,
  depth = 0,
): unknown {
  if (depth > MAX_DEPTH) throw new Error(`minimal body: schema nests deeper than ${MAX_DEPTH} at ${field}`);
  const { schema, name } = resolve(input);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.type === 'array')
    return schema.items ? [minimalValue(schema.items, hooks, field, owner, depth + 1)] : [];
  if (schema.type === 'object' || schema.properties) {
    if (
      !schema.properties &&
      schema.additionalProperties &&
      typeof schema.additionalProperties === 'object'
    ) {
      return { 'en-US': `contract-${field}` };
    }
    const out: Record<string, unknown> = {};
    for (const property of schema.required ?? []) {
      const propertySchema = schema.properties?.[property];
      if (propertySchema)
        out[property] = minimalValue(propertySchema, hooks, property, name ?? owner, depth + 1);
    }
    return out;
  }
  return scalar(schema, field, owner, hooks);
}

/** A minimal object for a named request schema (e.g. `CustomerCreate`). */
export function minimalBody(
  schemaName: string,
  hooks: BodyHooks,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...(minimalValue({ $ref: `#/components/schemas/${schemaName}` }, hooks) as Record<string, unknown>),
    ...extra,
  };
}

// fast-check arbitraries derived from a request schema of openapi.json: any value the schema allows
// (optional properties present or not, enums, nested objects, short arrays), with integer fields that
// name another object filled with the id of an existing one (the contract world's `idFor`), so that
// a body is about real demo objects rather than ids that name nothing.
import fc from 'fast-check';
import { refName, schemas, type JsonSchema } from '../../../src/catalog';
import type { BodyHooks } from './minimal-body';

const MAX_DEPTH = 4;

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'de-CH',
    'en-US',
    'CH',
    'CHF',
    'EUR',
    'a@example.com',
    'https://example.com/x',
    '2031-12',
    '0',
    ' ',
  ),
);

function scalar(
  schema: JsonSchema,
  field: string,
  owner: string | undefined,
  hooks: BodyHooks,
): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'integer': {
      const id = hooks.idFor(owner, field);
      if (id !== undefined) return fc.constant(id);
      const min = schema.minimum ?? (schema.format === 'int32' ? -(2 ** 31) : Number.MIN_SAFE_INTEGER);
      const max = schema.maximum ?? (schema.format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }),
        fc.integer({ min, max }),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === 'date')
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      return text;
    default:
      return fc.constant(undefined);
  }
}

/** An arbitrary of the values `input` allows; `field` is the property it fills, `owner` the schema holding it. */
export function schemaArbitrary(
  input: JsonSchema,
  hooks: BodyHooks,
  field = 'body',
  owner?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const name = refName(input);
  const schema = name ? schemas[name] : input;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.type === 'array') {
    if (!schema.items || depth >= MAX_DEPTH) return fc.constant([]);
    return fc.array(schemaArbitrary(schema.items, hooks, field, owner, depth + 1), { maxLength: 2 });
  }
  if (schema.type === 'object' || schema.properties) {
    if (!schema.properties) {
      // A map: its values as `additionalProperties` types them (strings when it says nothing).
      const values =
        schema.additionalProperties && typeof schema.additionalProperties === 'object' && depth < MAX_DEPTH
          ? schemaArbitrary(schema.additionalProperties, hooks, field, name ?? owner, depth + 1)
          : fc.string({ maxLength: 8 });
      return fc.dictionary(fc.constantFrom('en-US', 'de-CH', 'key'), values, { maxKeys: 2 });
    }
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties).filter(
      ([property]) => required.has(property) || depth < MAX_DEPTH,
    );
    const shape = Object.fromEntries(
      entries.map(([property, s]) => [
        property,
        schemaArbitrary(s, hooks, property, name ?? owner, depth + 1),
      ]),
    );
    return fc.record(shape, { requiredKeys: entries.map(([p]) => p).filter((p) => required.has(p)) });
  }
  return scalar(schema, field, owner, hooks);
}

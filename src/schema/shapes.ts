// How a JSON schema property of the REST facts maps onto GraphQL: a scalar, an enum, or an object
// (an entity or an embedded type), possibly as a list. Pure data; the factories build types from it.
import { deref, refName, schemas, type JsonSchema } from '../catalog';

export type ScalarName = 'String' | 'Int' | 'Long' | 'Decimal' | 'Boolean' | 'DateTime' | 'JSON' | 'JSONObject';

export type FieldShape = { kind: 'scalar'; scalar: ScalarName } | { kind: 'enum'; name: string } | { kind: 'object'; model: string };

export interface PropertyShape {
  name: string;
  shape: FieldShape;
  list: boolean;
  description?: string;
}

function scalarOf(schema: JsonSchema): ScalarName {
  switch (schema.type) {
    case 'string':
      return schema.format === 'date-time' ? 'DateTime' : 'String';
    case 'integer':
      return schema.format === 'int64' ? 'Long' : 'Int';
    case 'number':
      return 'Decimal';
    case 'boolean':
      return 'Boolean';
    case 'object':
      return 'JSONObject';
    default:
      return 'JSON';
  }
}

/** The GraphQL shape of one schema (property, item, parameter or response). */
export function shapeOf(schema: JsonSchema): { shape: FieldShape; list: boolean } {
  if (schema.type === 'array' && schema.items) return { shape: shapeOf(schema.items).shape, list: true };
  const ref = refName(schema);
  if (ref) {
    const target = deref(schema);
    if (target.enum) return { shape: { kind: 'enum', name: ref }, list: false };
    if (target.properties) return { shape: { kind: 'object', model: ref }, list: false };
    return { shape: { kind: 'scalar', scalar: scalarOf(target) }, list: false };
  }
  return { shape: { kind: 'scalar', scalar: scalarOf(schema) }, list: false };
}

/** Every property of a model, in the order of the facts. */
export function propertiesOf(model: string): PropertyShape[] {
  const schema = schemas[model];
  if (!schema) throw new Error(`no schema ${model} in the REST facts`);
  return Object.entries(schema.properties ?? {}).map(([name, prop]) => ({
    name,
    ...shapeOf(prop),
    description: prop.description,
  }));
}

/** Values of an enum schema. */
export function enumValues(name: string): string[] {
  const values = schemas[name]?.enum;
  if (!values) throw new Error(`schema ${name} is not an enum`);
  return values;
}

/** Whether a property can be compared and sorted by the REST search (a scalar or enum, not a list). */
export function isComparable(p: PropertyShape): boolean {
  if (p.list) return false;
  if (p.shape.kind === 'enum') return true;
  return p.shape.kind === 'scalar' && p.shape.scalar !== 'JSON' && p.shape.scalar !== 'JSONObject';
}

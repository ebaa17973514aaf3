// How a JSON schema property of the REST facts maps onto GraphQL: a scalar, an enum, or an object
// (an entity or an embedded type), possibly as a list. Pure data; the factories build types from it.
import { deref, keyValueMaps, refName, schemas, type JsonSchema } from '../catalog';
import { fieldDescription } from './descriptions';

export type ScalarName =
  | 'String'
  | 'Int'
  | 'Long'
  | 'Decimal'
  | 'Boolean'
  | 'DateTime'
  | 'JSON'
  | 'JSONObject';

export type FieldShape =
  | { kind: 'scalar'; scalar: ScalarName }
  | { kind: 'enum'; name: string }
  | { kind: 'object'; model: string };

export interface PropertyShape {
  name: string;
  shape: FieldShape;
  list: boolean;
  description?: string;
  /** A map of language code -> text: offered as a LocalizedString. */
  localized?: boolean;
}

/** REST's own shape of localized text: a list of `{language, string}`. */
const REST_LOCALIZED_STRING = 'LocalizedString';

/** A map of String to String that is not key-value data, or a list of REST LocalizedString: localized text. */
function isLocalized(name: string, schema: JsonSchema): boolean {
  if (schema.type === 'array' && schema.items && refName(schema.items) === REST_LOCALIZED_STRING) return true;
  const values = schema.additionalProperties;
  return (
    schema.type === 'object' &&
    typeof values === 'object' &&
    values.type === 'string' &&
    !keyValueMaps.has(name)
  );
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
  return Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const localized = isLocalized(name, prop);
    const shape: { shape: FieldShape; list: boolean } = localized
      ? { shape: { kind: 'scalar', scalar: 'JSONObject' }, list: false }
      : shapeOf(prop);
    return { name, ...shape, description: fieldDescription(model, name, prop.description), localized };
  });
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

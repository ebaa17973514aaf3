// What @envelop/response-cache reads of the schema at start, without rebuilding it. The plugin notes
// each field's type and the types' id fields through graphql-tools' `mapSchema`, and throws its answer
// away: mapSchema rebuilds every type, field and argument and a new schema (about a tenth of a start's
// CPU with the response cache on). The production build has the plugin call this instead
// (scripts/build-substitutions.mjs, responseCacheSchemaWalkPlugin): the same mapper calls, in the same
// order, on the same field configs, and the schema given back untouched.
import { MapperKind } from '@graphql-tools/utils';
import {
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

/** The kinds of mapper the plugin passes (its mapper object's keys), as graphql-tools names them. */
export const FIELD_MAPPER = MapperKind.FIELD;
export const COMPOSITE_TYPE_MAPPER = MapperKind.COMPOSITE_TYPE;
const NOTED_KINDS: ReadonlySet<string> = new Set([FIELD_MAPPER, COMPOSITE_TYPE_MAPPER]);

type Mapper = (...args: never[]) => unknown;

const visible = (schema: GraphQLSchema): GraphQLNamedType[] =>
  Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));

/**
 * Calls `mappers` as `mapSchema(schema, mappers)` would (composite types first, then the fields of
 * object, interface and input types with their configs), for mappers that only note what they see.
 * Any other kind of mapper is refused: this walk does not apply what mappers answer.
 */
export function walkSchemaFields(
  schema: GraphQLSchema,
  mappers: Record<string, Mapper | undefined>,
): GraphQLSchema {
  const unknown = Object.keys(mappers).filter((k) => !NOTED_KINDS.has(k));
  if (unknown.length > 0)
    throw new Error(`walkSchemaFields notes fields and composite types only, not ${unknown.join(', ')}`);
  const onType = mappers[COMPOSITE_TYPE_MAPPER] as
    | ((type: GraphQLNamedType, schema: GraphQLSchema) => unknown)
    | undefined;
  const onField = mappers[FIELD_MAPPER] as
    | ((config: unknown, fieldName: string, typeName: string, schema: GraphQLSchema) => unknown)
    | undefined;
  const types = visible(schema);
  if (onType)
    for (const type of types)
      if (isObjectType(type) || isInterfaceType(type) || isUnionType(type)) onType(type, schema);
  if (onField)
    for (const type of types) {
      if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) continue;
      const fields = type.toConfig().fields as Record<string, unknown>;
      for (const name in fields) onField(fields[name], name, type.name, schema);
    }
  return schema;
}

// The production build has @envelop/response-cache read the schema with walkSchemaFields instead of
// graphql-tools' mapSchema (scripts/build-substitutions.mjs): the plugin's notes are only as right as
// the walk's mapper calls are the same as mapSchema's. Both walk paygraph's own schema here with mappers
// that note what they are given, as the plugin's do.
import { getDirective, mapSchema, MapperKind } from '@graphql-tools/utils';
import { GraphQLSchema, isListType, isNonNullType, type GraphQLType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema';
import {
  COMPOSITE_TYPE_MAPPER,
  FIELD_MAPPER,
  walkSchemaFields,
} from '../../src/server/cache/schema-field-walk';

function named(type: GraphQLType): string {
  return isListType(type) || isNonNullType(type) ? named(type.ofType) : type.name;
}

/** The plugin's mappers, noting (type, field, result type, directives) as its own do. */
function noting(seen: string[]) {
  return {
    [MapperKind.COMPOSITE_TYPE]: (type: { name: string }) => {
      seen.push(
        `type ${type.name} ${JSON.stringify(getDirective(schema, type as never, 'deprecated') ?? null)}`,
      );
      return undefined;
    },
    [MapperKind.FIELD]: (config: { type: GraphQLType }, fieldName: string, typeName: string) => {
      seen.push(
        `field ${typeName}.${fieldName}: ${named(config.type)} ${JSON.stringify(getDirective(schema, config as never, 'deprecated') ?? null)}`,
      );
      return undefined;
    },
  };
}

describe('walkSchemaFields', () => {
  it("calls the response cache's mappers as mapSchema does, on paygraph's schema", () => {
    const mapped: string[] = [];
    const walked: string[] = [];
    mapSchema(schema, noting(mapped));
    const answer = walkSchemaFields(schema, noting(walked));
    expect(walked.length).toBeGreaterThan(2000);
    expect(walked).toEqual(mapped);
    expect(answer).toBe(schema);
  });

  it('uses the mapper kinds graphql-tools names', () => {
    expect(MapperKind.FIELD).toBe(FIELD_MAPPER);
    expect(MapperKind.COMPOSITE_TYPE).toBe(COMPOSITE_TYPE_MAPPER);
  });

  it('refuses a mapper whose answer mapSchema would apply', () => {
    expect(() =>
      walkSchemaFields(new GraphQLSchema({}), { [MapperKind.OBJECT_TYPE]: () => undefined }),
    ).toThrow(/notes fields and composite types only, not MapperKind.OBJECT_TYPE/);
  });
});

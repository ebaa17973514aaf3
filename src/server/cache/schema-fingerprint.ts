// A short fingerprint of the schema's shape (type names, fields and their types), part of every
// response-cache key in Redis: during a rolling deploy, instances of another version keep to their
// own answers instead of serving ones shaped by another schema. Descriptions are left out (printing
// the whole schema costs hundreds of milliseconds at start; this walk costs about ten).
import { createHash } from 'node:crypto';
import { isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';

export function schemaFingerprint(schema: GraphQLSchema): string {
  const hash = createHash('sha256');
  for (const type of Object.values(schema.getTypeMap())) {
    hash.update(`\n${type.name}`);
    if (isObjectType(type) || isInterfaceType(type))
      for (const field of Object.values(type.getFields()))
        hash.update(` ${field.name}:${String(field.type)}`);
  }
  return hash.digest('hex').slice(0, 16);
}

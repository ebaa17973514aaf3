// A graphql-codegen plugin (codegen.ts) writing what client caches need to know of the schema beyond
// possibleTypes: every connection field by parent type with the arguments that key its list (Apollo
// field policies, urql graphcache's relayPagination), and the object types without an id (values kept
// inside their parent: graphcache `keys` answer null for them).
const { getNamedType, isObjectType } = require('graphql');

const PAGING_ARGS = new Set(['first', 'after', 'last', 'before']);

function isConnection(type) {
  return (
    isObjectType(type) &&
    type.name.endsWith('Connection') &&
    'pageInfo' in type.getFields() &&
    'edges' in type.getFields()
  );
}

module.exports = {
  plugin(schema) {
    const connectionFields = {};
    const keylessTypes = [];
    const types = Object.values(schema.getTypeMap())
      .filter((t) => isObjectType(t) && !t.name.startsWith('__'))
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const type of types) {
      const fields = type.getFields();
      if (
        !('id' in fields) &&
        ![schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].includes(type)
      ) {
        keylessTypes.push(type.name);
      }
      for (const field of Object.values(fields)) {
        if (!isConnection(getNamedType(field.type))) continue;
        connectionFields[type.name] ??= {};
        connectionFields[type.name][field.name] = field.args
          .map((a) => a.name)
          .filter((a) => !PAGING_ARGS.has(a));
      }
    }
    return [
      '/** Every connection field, by parent type: the arguments that select another list (the cache key arguments). */',
      `export const connectionFields: Record<string, Record<string, readonly string[]>> = ${JSON.stringify(connectionFields, null, 2)};`,
      '',
      '/** Object types without an id: values kept inside their parent, never objects of their own. */',
      `export const keylessTypes: readonly string[] = ${JSON.stringify(keylessTypes, null, 2)};`,
      '',
    ].join('\n');
  },
};

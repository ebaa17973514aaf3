// A graphql-codegen plugin (codegen.ts) writing the schema as urql's graphcache takes it (`schema`):
// the introspection minified by @urql/introspection. With it graphcache matches fragments on
// interfaces and unions exactly, on reads and writes, and knows which fields may be null.
const { getIntrospectedSchema, minifyIntrospectionQuery } = require('@urql/introspection');

module.exports = {
  plugin(schema) {
    const minified = minifyIntrospectionQuery(getIntrospectedSchema(schema));
    return `/** paygraph's schema for graphcache (\`cacheExchange({ schema })\`), minified introspection. */\nconst schema = ${JSON.stringify(minified)};\n\nexport default schema;\n`;
  },
};

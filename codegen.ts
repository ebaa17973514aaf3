// graphql-codegen: TypeScript types for the operations paygraph ships (the GraphiQL examples) and
// typed documents (TypedDocumentNode) for the typed client examples and for the operations of the
// main end-to-end tests (test/operations), checked against the printed schema; and what client caches
// need of the schema (examples/clients/generated: possibleTypes for Apollo Client, the minified
// introspection for urql's graphcache, connection fields and id-less types). `npm run generate` writes them; `check:generated`
// fails on drift, so a schema change that breaks an example fails CI. Scalars map to the client types
// paygraph publishes (src/schema/client-scalars.ts), never `unknown`.
import type { CodegenConfig } from '@graphql-codegen/cli';
import { clientScalars } from './src/schema/client-scalars';

const header = {
  add: { content: '// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)' },
};

// Typed documents: results always hold every selected field; inputs need only what the caller gives.
const typedDocuments = {
  plugins: [header, 'typescript-operations', 'typed-document-node'],
  config: {
    onlyOperationTypes: true,
    enumsAsTypes: true,
    avoidOptionals: { field: true, object: true, inputValue: false, defaultValue: false },
    useTypeImports: true,
    scalars: clientScalars,
  },
};

const config: CodegenConfig = {
  schema: 'schema.graphql',
  generates: {
    'src/server/generated/example-operations.ts': {
      documents: ['src/server/graphiql-examples.ts'],
      plugins: [header, 'typescript-operations'],
      config: {
        onlyOperationTypes: true,
        enumsAsTypes: true,
        avoidOptionals: true,
        scalars: clientScalars,
      },
    },
    'examples/typed-client/generated/graphql.ts': {
      documents: ['examples/typed-client/operations.graphql'],
      ...typedDocuments,
    },
    'examples/clients/generated/graphql.ts': {
      documents: ['examples/clients/operations.graphql'],
      ...typedDocuments,
    },
    'test/operations/generated.ts': { documents: ['test/operations/*.graphql'], ...typedDocuments },
    'examples/clients/generated/possible-types.ts': {
      plugins: [header, 'fragment-matcher'],
      config: { apolloClientVersion: 3, useExplicitTyping: true },
    },
    'examples/clients/generated/schema-shape.ts': { plugins: [header, './scripts/codegen-client-shape.cjs'] },
    'examples/clients/generated/urql-schema.ts': { plugins: [header, './scripts/codegen-urql-schema.cjs'] },
  },
  silent: true,
};

export default config;

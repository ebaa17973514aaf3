// graphql-codegen: TypeScript types for the operations paygraph ships (the GraphiQL examples) and
// typed documents (TypedDocumentNode) for the typed client example and for the operations of the
// main end-to-end tests (test/operations), checked against the printed schema. `npm run generate` writes them; `check:generated` fails on drift, so a schema change that
// breaks an example fails CI.
import type { CodegenConfig } from '@graphql-codegen/cli';

const scalars = {
  Long: { input: 'number | string', output: 'number | string' },
  DateTime: { input: 'string', output: 'string' },
  DateOrDateTime: { input: 'string', output: 'string' },
  Decimal: { input: 'number', output: 'number' },
  JSON: { input: 'unknown', output: 'unknown' },
  JSONObject: { input: 'Record<string, unknown>', output: 'Record<string, unknown>' },
};
const header = { add: { content: '// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)' } };

// Typed documents: results always hold every selected field; inputs need only what the caller gives.
const typedDocuments = {
  plugins: [header, 'typescript-operations', 'typed-document-node'],
  config: {
    onlyOperationTypes: true,
    enumsAsTypes: true,
    avoidOptionals: { field: true, object: true, inputValue: false, defaultValue: false },
    useTypeImports: true,
    scalars,
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
        scalars,
      },
    },
    'examples/typed-client/generated/graphql.ts': { documents: ['examples/typed-client/operations.graphql'], ...typedDocuments },
    'test/operations/generated.ts': { documents: ['test/operations/*.graphql'], ...typedDocuments },
  },
  silent: true,
};

export default config;

// graphql-codegen: TypeScript types for the operations paygraph ships (the GraphiQL examples),
// checked against the printed schema. `npm run generate` writes them; `check:generated` fails on drift,
// so a schema change that breaks an example fails CI.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['src/server/graphiql-examples.ts'],
  generates: {
    'src/server/generated/example-operations.ts': {
      plugins: [
        { add: { content: '// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)' } },
        'typescript-operations',
      ],
      config: {
        onlyOperationTypes: true,
        enumsAsTypes: true,
        avoidOptionals: true,
        scalars: {
          Long: { input: 'number | string', output: 'number | string' },
          DateTime: { input: 'string', output: 'string' },
          DateOrDateTime: { input: 'string', output: 'string' },
          Decimal: { input: 'number', output: 'number' },
          JSON: { input: 'unknown', output: 'unknown' },
          JSONObject: { input: 'Record<string, unknown>', output: 'Record<string, unknown>' },
        },
      },
    },
  },
  silent: true,
};

export default config;

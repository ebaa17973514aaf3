// @defer and @stream (graphql-yoga's plugin), with validation kept per document. Yoga's own validation
// cache keyed its results by the names of every rule, joined anew for each request, and the defer/stream
// plugin rebuilt the rule list for each request too (each rule's name read again): a tenth of what a
// small request cost in those steps. An app's rules are the same for every request (its configuration
// chooses them), so a document validated once is answered from here, and the defer/stream rules are
// added only where a document is validated.
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type ValidationResult = readonly Error[];

/** The defer/stream plugin whose validation results are kept per schema and document. */
export function useDeferStreamValidated(): Plugin {
  const deferStream = useDeferStream();
  const validated = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, ValidationResult>>();
  return {
    onSchemaChange: deferStream.onSchemaChange,
    onValidate(payload) {
      // Typed loosely by envelop: these are the schema and document being validated.
      const schema = payload.params.schema as GraphQLSchema;
      const documentAST = payload.params.documentAST as DocumentNode;
      const known = validated.get(schema)?.get(documentAST);
      if (known) {
        payload.setResult(known);
        return;
      }
      void deferStream.onValidate?.(payload);
      return ({ result }) => {
        let bySchema = validated.get(schema);
        if (!bySchema) validated.set(schema, (bySchema = new WeakMap()));
        bySchema.set(documentAST, result);
      };
    },
  };
}

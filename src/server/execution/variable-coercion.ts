// An operation's variables coerced as execution will see them, for the cost step (which reads them)
// and compiled execution (which then need not check them again). graphql-js walks every value
// through its types each time: a bulk mutation's 250 items cost more there than anything else
// paygraph does with them. From an operation's second run on, graphql-jit's parser compiled for it
// does the same work; graphql-js still decides, and words, every refusal.
import { getVariableValues, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { jitModule } from './jit-module';
import { hasRecursiveVariable } from './recursive-inputs';

export interface CoercedVariables {
  /** Coerced when valid; as given otherwise. */
  values: Record<string, unknown>;
  valid: boolean;
}

/** graphql-jit's answer holds both keys, one of them undefined. */
type Parse = (inputs: Record<string, unknown>) => {
  errors?: readonly unknown[];
  coerced?: Record<string, unknown>;
};

/** Per schema and operation: its compiled parser; null when seen once; false when not compilable. */
const parsers = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, Parse | null | false>>();

function compiledParse(schema: GraphQLSchema, operation: OperationDefinitionNode): Parse | undefined {
  let bySchema = parsers.get(schema);
  if (!bySchema) parsers.set(schema, (bySchema = new WeakMap()));
  const known = bySchema.get(operation);
  if (known) return known;
  // Compiling costs more than coercing once: one-off documents never pay it.
  if (known === undefined) bySchema.set(operation, null);
  if (known !== null) return undefined;
  const jit = jitModule();
  if (!jit) return undefined;
  // The same limit as compiled execution: a recursive input type is written out without end.
  const parse =
    !hasRecursiveVariable(schema, operation) &&
    jit.compileVariableParsing(schema, operation.variableDefinitions ?? []);
  bySchema.set(operation, parse);
  return parse || undefined;
}

export function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): CoercedVariables {
  const definitions = operation.variableDefinitions;
  if (!definitions?.length) return { values: variables, valid: true };
  const parsed = compiledParse(schema, operation)?.(variables);
  if (parsed?.coerced && !parsed.errors) return { values: parsed.coerced, valid: true };
  const coerced = getVariableValues(schema, definitions, variables, { maxErrors: 1 });
  return coerced.coerced ? { values: coerced.coerced, valid: true } : { values: variables, valid: false };
}

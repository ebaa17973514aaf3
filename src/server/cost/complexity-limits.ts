// The schema's complexity limits: depth, breadth and complexity of an operation's selection as
// @pothos/plugin-complexity measures them (every field 1, a connection its page size, a list 10).
// Checked in the cost step (use-cost.ts), kept per document and the variables the measure reads,
// instead of by the plugin at each request's root fields: an operation over a limit is refused
// before execution, as one over the REST budget is.
import { complexityFromQuery } from '@pothos/plugin-complexity';
import {
  GraphQLError,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

/** Upper bounds on one operation; connections count as many children as they ask for. */
export const complexityLimits = { complexity: 50_000, depth: 16, breadth: 400 };

type Measure = keyof typeof complexityLimits;

/** In the order the plugin checks them: the first exceeded is the one reported. */
const MEASURES: Measure[] = ['depth', 'breadth', 'complexity'];

function limitError(measure: Measure, value: number): GraphQLError {
  const limit = complexityLimits[measure];
  return new GraphQLError(`operation ${measure} ${value} exceeds the limit of ${limit}`, {
    extensions: { code: 'COST_LIMIT_EXCEEDED', kind: measure, value, limit },
  });
}

/** What is kept of a document for one schema: the variables the measure reads, and the refusals found. */
interface DocumentMeasures {
  read: string[];
  /** Per operation, by the values of the variables read: the refusal, or null when within the limits. */
  refusals: WeakMap<OperationDefinitionNode, Map<string, GraphQLError | null>>;
}

const measures = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, DocumentMeasures>>();

/** Refusals kept per operation; past this many sets of values, an operation's are forgotten. */
const MAX_KEPT_PER_OPERATION = 64;

/**
 * The variables the measure reads: those in the arguments of fields whose complexity is a function of
 * their arguments (a connection's page size). The others (a bulk mutation's 250 items) neither key the
 * kept refusals nor are coerced again for it: execution coerces them once.
 */
function variablesMeasured(schema: GraphQLSchema, document: DocumentNode): string[] {
  const found = new Set<string>();
  const types = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(types, {
      Field(node) {
        if (typeof types.getFieldDef()?.extensions.complexity !== 'function') return;
        for (const argument of node.arguments ?? [])
          visit(argument, { Variable: (v) => void found.add(v.name.value) });
      },
    }),
  );
  return [...found];
}

function measuresOf(schema: GraphQLSchema, document: DocumentNode): DocumentMeasures {
  let bySchema = measures.get(schema);
  if (!bySchema) measures.set(schema, (bySchema = new WeakMap()));
  let known = bySchema.get(document);
  if (!known)
    bySchema.set(document, (known = { read: variablesMeasured(schema, document), refusals: new WeakMap() }));
  return known;
}

/**
 * The refusal of `operation` when its selection, with these variables, passes a limit; kept per
 * document, operation and the values of the variables the measure reads, so a document sent again
 * (a mutation with other inputs too) is measured once. Variables that do not coerce are left to
 * execution, which reports them where they are.
 */
export function complexityRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  const { read, refusals } = measuresOf(schema, document);
  let byValues = refusals.get(operation);
  if (!byValues) refusals.set(operation, (byValues = new Map<string, GraphQLError | null>()));
  const key = JSON.stringify(read.map((name) => variables[name] ?? null));
  let refusal = byValues.get(key);
  if (refusal === undefined) {
    if (byValues.size >= MAX_KEPT_PER_OPERATION) byValues.clear();
    byValues.set(key, (refusal = measure(schema, document, operation, read, variables) ?? null));
  }
  return refusal ?? undefined;
}

function measure(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  read: string[],
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  // The plugin measures a document's first operation: this one, with the document's fragments, and
  // only the variables it reads (it coerces every variable the operation defines).
  const measuredOperation: OperationDefinitionNode = {
    ...operation,
    variableDefinitions: operation.variableDefinitions?.filter((d) => read.includes(d.variable.name.value)),
  };
  const definitions = [
    measuredOperation,
    ...document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION),
  ];
  let measured: Record<Measure, number>;
  try {
    measured = complexityFromQuery({ kind: Kind.DOCUMENT, definitions }, { schema, variables });
  } catch {
    return undefined;
  }
  const passed = MEASURES.find((m) => measured[m] > complexityLimits[m]);
  return passed && limitError(passed, measured[passed]);
}

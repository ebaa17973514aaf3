// The execution engine: queries and mutations run compiled by graphql-jit (no per-field interpretation),
// yet answer as graphql-js would (its variable errors, its error locations). First in the app's list:
// every later step wraps this engine.
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { operationCostOf } from '../cost/operation-cost';
import { isIncremental } from './incremental';
import { jitModule, type JitModule } from './jit-module';
import { hasRecursiveVariable } from './recursive-inputs';
import { ITEM_ERRORS_EXTENSION } from '../../schema/federation';
import { fieldsOf, fragmentsOf, walkSets, type FieldWalk } from '../../shared/selection-walk';

type ExecuteFn = (args: ExecutionArgs) => unknown;
type Path = readonly (string | number)[];

/** The field nodes an error's path names (graphql-js reports their locations), fragments followed. */
function fieldNodesAt(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  path: readonly (string | number)[],
): FieldNode[] {
  const walk: FieldWalk<undefined> = { fragments: fragmentsOf(document) };
  let sets: SelectionSetNode[] = [operation.selectionSet];
  let nodes: FieldNode[] = [];
  for (const key of path) {
    if (typeof key === 'number') continue;
    const found: FieldNode[] = [];
    walkSets(walk, sets, undefined, (s) => {
      if ((s.alias ?? s.name).value === key) found.push(s);
    });
    nodes = found;
    sets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  }
  return nodes;
}

/** An error of compiled execution: graphql-jit's own class, with `locations` only where it knew them. */
interface CompiledError {
  message: string;
  path?: Path;
  originalError?: Error | null;
}

/** An error of a field (it has a path) that names no field nodes. */
const unlocated = (error: GraphQLError | CompiledError): error is CompiledError & { path: Path } =>
  error.path !== undefined && !(error as Partial<GraphQLError>).nodes?.length;

/**
 * A compiled execution's error as graphql-js makes it: a GraphQLError located at its field's nodes.
 * graphql-jit's errors carry the path but no field nodes (at most `locations` written in), so a step
 * that makes a new error from one (error masking) would drop where it happened.
 */
function located(
  error: GraphQLError | CompiledError,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): GraphQLError | CompiledError {
  if (!unlocated(error)) return error;
  const original = error.originalError ?? undefined;
  return new GraphQLError(error.message, {
    nodes: fieldNodesAt(document, operation, error.path),
    path: error.path,
    originalError: original,
    extensions: (error as Partial<GraphQLError>).extensions,
  });
}

/**
 * Whether the operation selects a root field that answers an error in place of a list item (it says
 * so by its ITEM_ERRORS_EXTENSION, e.g. the federation's `_entities`): graphql-jit gets such a list
 * wrong (an item whose resolver failed came out as an extra null) where graphql-js answers null in its
 * place, so those operations stay on graphql-js.
 */
function hasItemErrors(args: ExecutionArgs, operation: OperationDefinitionNode): boolean {
  const fields = args.schema.getRootType(operation.operation)?.getFields();
  return fieldsOf(fragmentsOf(args.document), operation.selectionSet).some(
    (s) => fields?.[s.name.value]?.extensions?.[ITEM_ERRORS_EXTENSION] === true,
  );
}

/**
 * The operation to run compiled, if any: @defer/@stream (and subscriptions, never seen here) stay on
 * graphql-js.
 */
function compilable(args: ExecutionArgs): OperationDefinitionNode | undefined {
  if (isIncremental(args.document)) return undefined;
  // The plugin keeps one compiled query per document, whatever operation is named: a document of
  // several operations (GraphiQL's tabs, the checkout tour) runs on graphql-js.
  const operations = args.document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1) return undefined;
  const operation = getOperationAST(args.document, args.operationName) ?? undefined;
  if (!operation || hasRecursiveVariable(args.schema, operation)) return undefined;
  return hasItemErrors(args, operation) ? undefined : operation;
}

type JitPlugin = ReturnType<JitModule['createJit']>;

/** graphql-jit's answer to variables it could not coerce: errors without `data` (execution never started). */
function refusedVariables(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    !('data' in result) &&
    'errors' in result &&
    !(result instanceof Promise)
  );
}

/**
 * A document runs compiled from its second execution on: compiling costs more than running once, and
 * graphql-jit is loaded when the first document runs (jit-module).
 * Variables are checked first (variable-coercion), graphql-js deciding and wording every refusal, so
 * their errors keep its words and locations.
 */
export function useCompiledExecution(): Plugin {
  let jit: JitPlugin | undefined;
  const ranOnce = new WeakSet<DocumentNode>();
  // Whether a document runs compiled follows from it and the operation named (the app has one schema).
  const decided = new WeakMap<DocumentNode, Map<string, OperationDefinitionNode | null>>();
  const compilableOnce = (args: ExecutionArgs): OperationDefinitionNode | undefined => {
    let byName = decided.get(args.document);
    if (!byName) decided.set(args.document, (byName = new Map<string, OperationDefinitionNode | null>()));
    const name = args.operationName ?? '';
    let operation = byName.get(name);
    if (operation === undefined) byName.set(name, (operation = compilable(args) ?? null));
    return operation ?? undefined;
  };
  return {
    onExecute(payload) {
      const args = payload.args as ExecutionArgs;
      const operation = compilableOnce(args);
      if (!operation) return;
      jit ??= jitModule()?.createJit();
      if (!jit || !ranOnce.has(args.document)) {
        ranOnce.add(args.document);
        return;
      }
      let compiled: ExecuteFn | undefined;
      void jit.onExecute!({ ...payload, setExecuteFn: (fn: ExecuteFn) => void (compiled = fn) });
      const run = compiled!;
      // Checked as execution starts, after every other step's hooks (as graphql-js's own coercion is).
      payload.setExecuteFn((a: ExecutionArgs) => {
        const definitions = operation.variableDefinitions;
        const valid = operationCostOf(args.contextValue as object).variablesValid;
        // The cost step coerced them already (variable-coercion): valid ones need no second look.
        if (!definitions?.length || valid === true) return run(a);
        const refusal = () => {
          const coerced = getVariableValues(a.schema, definitions, a.variableValues ?? {});
          return coerced.errors ? { errors: coerced.errors } : undefined;
        };
        if (valid === false) return refusal() ?? run(a);
        // Not coerced by the cost step: graphql-jit coerces them as it runs; a refusal of its own is
        // worded again by graphql-js (its words and locations).
        const result = run(a);
        return refusedVariables(result) ? (refusal() ?? result) : result;
      });
      return {
        onExecuteDone({ result, setResult }) {
          const errors = (result as ExecutionResult).errors as
            | readonly (GraphQLError | CompiledError)[]
            | undefined;
          if (!errors?.some(unlocated)) return;
          setResult({
            ...(result as ExecutionResult),
            errors: errors.map((e) => located(e, args.document, operation)),
          });
        },
      };
    },
  };
}

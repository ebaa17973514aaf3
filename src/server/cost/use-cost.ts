// The cost step: before execution, the REST calls the operation may make are estimated from its
// document (cost-estimate) and an operation estimated over PAYGRAPH_MAX_COST is refused with
// COST_LIMIT_EXCEEDED and `data: null`, before any call. The estimate is kept for the busy
// admission and for `extensions.cost` (operation-cost). A query's estimate is computed once per
// parsed document and variables (yoga caches the parse: a repeated query brings the same document).
import {
  getOperationAST,
  type GraphQLError,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { costBeforeCalls, overBudget } from '../context/request-rest';
import { complexityRefusal } from './complexity-limits';
import { estimateCoerced } from './cost-estimate';
import { coerceVariables } from '../execution/variable-coercion';
import { DEFAULT_REST_LIMITS, type RestLimits } from '../../rest';
import { operationCostOf } from './operation-cost';

export interface CostOptions {
  /** REST calls one operation may make (default unbounded). */
  maxCost?: number;
  /** Items per bulk call and rows per export, which the estimate counts calls of (default DEFAULT_REST_LIMITS). */
  restLimits?: RestLimits;
}

interface Estimate {
  estimated: number | null;
  /** Undefined where the variables were not coerced (compiled execution coerces them as it runs). */
  valid?: boolean;
}

/** Estimates kept per document, by operation name and variables; a document's are forgotten past this many. */
const MAX_KEPT_PER_DOCUMENT = 64;

/** `values` telling `reads` the name of each variable read through it. */
function tracked(values: Record<string, unknown>, reads: Set<string>): Record<string, unknown> {
  return new Proxy(values, {
    get(target, name, receiver) {
      if (typeof name === 'string') reads.add(name);
      return Reflect.get(target, name, receiver) as unknown;
    },
    has(target, name) {
      if (typeof name === 'string') reads.add(name);
      return Reflect.has(target, name);
    },
    ownKeys(target) {
      reads.add('*');
      return Reflect.ownKeys(target);
    },
  });
}

function estimator(limits: RestLimits) {
  const kept = new WeakMap<DocumentNode, Map<string, Estimate>>();
  /** Mutations whose estimate read no variable (a single write's): the same for every request sending them. */
  const constant = new WeakMap<OperationDefinitionNode, number | null>();
  /** The estimate over the coerced variables; with `reads`, the names of those it read noted there. */
  const estimate = (
    schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown>,
    reads?: Set<string>,
  ): Estimate => {
    const { values, valid } = coerceVariables(schema, operation, variables);
    const read = reads ? tracked(values, reads) : values;
    return { estimated: estimateCoerced(schema, document, operation, read, limits), valid };
  };
  /** A mutation's estimate: its variables are coerced only where the estimate reads them. */
  const estimateMutation = (
    schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown>,
  ): Estimate => {
    const known = constant.get(operation);
    if (known !== undefined) return { estimated: known };
    const reads = new Set<string>();
    const fresh = estimate(schema, document, operation, variables, reads);
    if (reads.size === 0) constant.set(operation, fresh.estimated);
    return fresh;
  };
  return (args: ExecutionArgs): Estimate => {
    const { schema, document, operationName } = args;
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    const operation = getOperationAST(document, operationName ?? undefined);
    if (!operation) return { estimated: null, valid: true };
    // Mutations seldom repeat with the same variables (and bulk ones carry many): not kept by them.
    if (operation.operation === OperationTypeNode.MUTATION)
      return estimateMutation(schema, document, operation, variables);
    let byVariables = kept.get(document);
    if (!byVariables) kept.set(document, (byVariables = new Map<string, Estimate>()));
    const key = `${operationName ?? ''}\n${JSON.stringify(variables)}`;
    let known = byVariables.get(key);
    if (!known) {
      if (byVariables.size >= MAX_KEPT_PER_DOCUMENT) byVariables.clear();
      byVariables.set(key, (known = estimate(schema, document, operation, variables)));
    }
    return known;
  };
}

/** The refusal of the operation `args` runs for its depth, breadth or complexity (complexity-limits.ts). */
function overLimits(args: ExecutionArgs): GraphQLError | undefined {
  const operation = getOperationAST(args.document, args.operationName ?? undefined);
  const variables = (args.variableValues ?? {}) as Record<string, unknown>;
  return operation ? complexityRefusal(args.schema, args.document, operation, variables) : undefined;
}

export function useCost(o: CostOptions): Plugin {
  const budget = o.maxCost ?? Number.POSITIVE_INFINITY;
  const estimateOf = estimator(o.restLimits ?? DEFAULT_REST_LIMITS);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = operationCostOf(args.contextValue);
      const { estimated, valid } = estimateOf(args);
      cost.estimated = estimated;
      cost.variablesValid = valid;
      const refusal =
        cost.estimated !== null && cost.estimated > budget
          ? overBudget(cost.estimated, budget)
          : overLimits(args);
      if (!refusal) return;
      // Refused as execution starts: `data: null` (the GraphQL spec's answer to an error that prevents a result).
      setResultAndStopExecution({
        data: null,
        errors: [refusal],
        extensions: { cost: costBeforeCalls(cost, budget) },
      });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refusal = overLimits(args);
      if (refusal) setResultAndStopExecution({ data: null, errors: [refusal] });
    },
  };
}

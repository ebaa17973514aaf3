// The cost step: before execution, the REST calls the operation may make are estimated from its
// document (cost-estimate) and an operation estimated over PAYGRAPH_MAX_COST is refused with
// COST_LIMIT_EXCEEDED and `data: null`, before any call. The estimate is kept for the busy
// admission and for `extensions.cost` (operation-cost). An estimate that read no variable holds for
// any and is kept per parsed document (yoga caches the parse: a repeated operation brings the same
// document); a query's that did, per document and variables.
import {
  getOperationAST,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { costBeforeCalls, overBudget } from '../context/request-rest';
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
  valid: boolean;
}

/** Estimates kept per document, by operation name and variables; a document's are forgotten past this many. */
const MAX_KEPT_PER_DOCUMENT = 64;

/** `values` with a flag raised when any of them is read. */
function watched(values: Record<string, unknown>): { values: Record<string, unknown>; read: () => boolean } {
  let read = false;
  const proxy = new Proxy(values, {
    get(target, name, receiver) {
      read = true;
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { values: proxy, read: () => read };
}

function estimator(limits: RestLimits) {
  /** Per document and operation name: the estimate when it read no variable (it holds for any), else null. */
  const constant = new WeakMap<DocumentNode, Map<string, number | null | undefined>>();
  const kept = new WeakMap<DocumentNode, Map<string, Estimate>>();
  const estimate = (args: ExecutionArgs, operation: OperationDefinitionNode): Estimate => {
    const { schema, document } = args;
    const name = args.operationName ?? '';
    let byName = constant.get(document);
    if (!byName) constant.set(document, (byName = new Map()));
    const given = (args.variableValues ?? {}) as Record<string, unknown>;
    const { values, valid } = coerceVariables(schema, operation, given);
    const known = byName.get(name);
    if (known !== undefined && known !== null) return { estimated: known, valid };
    const variables = watched(values);
    const estimated = estimateCoerced(schema, document, operation, variables.values, limits);
    if (!byName.has(name)) byName.set(name, variables.read() ? null : estimated);
    return { estimated, valid };
  };
  return (args: ExecutionArgs): Estimate => {
    const { document, operationName } = args;
    const operation = getOperationAST(document, operationName ?? undefined);
    if (!operation) return { estimated: null, valid: true };
    // Mutations seldom repeat with the same variables (and bulk ones carry many): not kept by variables.
    if (
      operation.operation === OperationTypeNode.MUTATION ||
      constant.get(document)?.get(operationName ?? '') !== null
    )
      return estimate(args, operation);
    let byVariables = kept.get(document);
    if (!byVariables) kept.set(document, (byVariables = new Map<string, Estimate>()));
    const key = `${operationName ?? ''}\n${JSON.stringify(args.variableValues ?? {})}`;
    let known = byVariables.get(key);
    if (!known) {
      if (byVariables.size >= MAX_KEPT_PER_DOCUMENT) byVariables.clear();
      byVariables.set(key, (known = estimate(args, operation)));
    }
    return known;
  };
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
      if (cost.estimated === null || cost.estimated <= budget) return;
      // Refused as execution starts: `data: null` (the GraphQL spec's answer to an error that prevents a result).
      setResultAndStopExecution({
        data: null,
        errors: [overBudget(cost.estimated, budget)],
        extensions: { cost: costBeforeCalls(cost, budget) },
      });
    },
  };
}

// The cost step: before execution, the REST calls the operation may make are estimated from its
// document (cost-estimate) and an operation estimated over PAYGRAPH_MAX_COST is refused with
// COST_LIMIT_EXCEEDED and `data: null`, before any call. The estimate is kept for the busy
// admission and for `extensions.cost` (operation-cost).
import { getOperationAST, type ExecutionArgs } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { costBeforeCalls, overBudget } from '../context/request-rest';
import { estimateCost } from './cost-estimate';
import { DEFAULT_MAX_EXPORT_ROWS } from './export-rows';
import { operationCostOf } from './operation-cost';

export interface CostOptions {
  /** REST calls one operation may make (default unbounded). */
  maxCost?: number;
  /** Items per REST bulk call of bulk mutations (default 100). */
  bulkLimit?: number;
  /** Rows one CSV export may ask for (default PAYGRAPH_MAX_EXPORT_ROWS's, 10,000). */
  maxExportRows?: number;
}

export function useCost(o: CostOptions): Plugin {
  const budget = o.maxCost ?? Number.POSITIVE_INFINITY;
  const maxExportRows = o.maxExportRows ?? DEFAULT_MAX_EXPORT_ROWS;
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const { schema, document, operationName, variableValues } = args as ExecutionArgs;
      const operation = getOperationAST(document, operationName ?? undefined);
      const cost = operationCostOf(args.contextValue);
      cost.estimated = estimateCost(schema, document, operation, variableValues ?? {}, o.bulkLimit, maxExportRows);
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

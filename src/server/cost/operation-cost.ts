// What the steps before execution learn of one operation's cost, kept by its execution context: the
// rate limit's tokens left (admission), the estimate (use-cost), read by the busy admission and the
// graph context, whose per-request REST caller carries them into `extensions.cost`.
import { ObjectSlot } from '../../shared/object-slot';

export interface OperationCost {
  /** REST calls estimated from the document before execution (null without an operation). */
  estimated: number | null;
  /** Rate-limit tokens the caller had left at admission, where rate limiting is on. */
  rateLimitRemaining?: number;
  /**
   * Whether the variables coerce without error, where the estimate coerced them: execution need not
   * check them again first. Unknown (undefined) where the estimate needed no variable.
   */
  variablesValid?: boolean;
}

const costs = new ObjectSlot<object, OperationCost>('paygraph.cost');

/** The operation's cost record (made on first use); `context` is the operation's execution context. */
export function operationCostOf(context: object): OperationCost {
  let cost = costs.get(context);
  if (!cost) {
    cost = { estimated: null };
    costs.set(context, cost);
  }
  return cost;
}

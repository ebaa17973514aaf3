// The expand a write call carries: what the payload's selection of the returned object needs, read
// from the mutation field's selection (through the result union's fragments) by the read path's planner.
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationSpec } from '../../catalog';
import { keptPlan, type GraphContext } from '../context';
import { planFor, type ExpandPlan } from '../expand-planner';
import { collectFields, fieldSets, scopeOf } from '../selection';

/** `createCustomer` -> `CreateCustomerPayload`: the payload type's name, as the schema names it. */
export function payloadTypeName(mutation: string): string {
  return `${mutation.charAt(0).toUpperCase()}${mutation.slice(1)}Payload`;
}

/**
 * Every expanded path (prefixes included, as the entity cache remembers them); REST gets the deepest.
 * Planned once per mutation field of the document, as the read path's plans are (frozen: shared).
 */
export function payloadExpand(ctx: GraphContext, info: GraphQLResolveInfo, spec: MutationSpec): string[] {
  if (!spec.takesExpand || !spec.resultModel || !spec.resultField) return [];
  return keptPlan(ctx, info, `payload:${spec.name}`, planPayload, spec).paths;
}

function planPayload(info: GraphQLResolveInfo, spec: MutationSpec): ExpandPlan {
  const { resultModel, resultField } = spec;
  const scope = scopeOf(info);
  const selected =
    resultField && collectFields(scope, fieldSets(info), payloadTypeName(spec.name)).get(resultField);
  return selected && resultModel ? planFor(scope, resultModel, selected) : { paths: [], needs: 'object' };
}

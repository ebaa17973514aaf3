// The expand a write call carries: what the payload's selection of the returned object needs, read
// from the mutation field's selection (through the result union's fragments) by the read path's planner.
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationSpec } from '../../catalog';
import { planFor } from '../expand-planner';
import { collectFields, fieldSets, scopeOf } from '../selection';

/** `createCustomer` -> `CreateCustomerPayload`: the payload type's name, as the schema names it. */
export function payloadTypeName(mutation: string): string {
  return `${mutation.charAt(0).toUpperCase()}${mutation.slice(1)}Payload`;
}

/** Every expanded path (prefixes included, as the entity cache remembers them); REST gets the deepest. */
export function payloadExpand(info: GraphQLResolveInfo, spec: MutationSpec): string[] {
  if (!spec.takesExpand || !spec.resultModel || !spec.resultField) return [];
  const scope = scopeOf(info);
  const fields = collectFields(scope, fieldSets(info), payloadTypeName(spec.name));
  const selected = fields.get(spec.resultField);
  if (!selected) return [];
  return planFor(scope, spec.resultModel, selected).paths;
}

// Where the expand plans of an operation's fields are kept. A plan is a function of the document
// (the field's selection, its fragments, the schema), and of the variables only through @skip or
// @include taking a variable: the plans of an operation without such a directive are kept with its
// field nodes, so an operation sent again (yoga keeps its parse, compiled execution its field nodes)
// plans nothing; the others are kept for their request alone.
import { Kind, type DirectiveNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { ExpandPlan } from './expand-planner';

export type PlansByField = WeakMap<object, Map<string, ExpandPlan>>;

const documentPlans: PlansByField = new WeakMap();
const dependsOnVariables = new WeakMap<object, boolean>();

function conditionalOnVariable(directives: readonly DirectiveNode[] | undefined): boolean {
  return (directives ?? []).some(
    (d) =>
      (d.name.value === 'skip' || d.name.value === 'include') &&
      (d.arguments ?? []).some((a) => a.value.kind === Kind.VARIABLE),
  );
}

function setDependsOnVariables(set: SelectionSetNode | undefined): boolean {
  for (const selection of set?.selections ?? []) {
    if (conditionalOnVariable(selection.directives)) return true;
    if (selection.kind !== Kind.FRAGMENT_SPREAD && setDependsOnVariables(selection.selectionSet)) return true;
  }
  return false;
}

/** True when @skip or @include takes a variable anywhere in the operation or its fragments. */
function variableDependent(info: GraphQLResolveInfo): boolean {
  let known = dependsOnVariables.get(info.operation);
  if (known === undefined) {
    known =
      setDependsOnVariables(info.operation.selectionSet) ||
      Object.values(info.fragments).some(
        (f) => conditionalOnVariable(f.directives) || setDependsOnVariables(f.selectionSet),
      );
    dependsOnVariables.set(info.operation, known);
  }
  return known;
}

/** The plans of `info`'s field by model and shape: the document's, or `perRequest` where variables matter. */
export function plansOfField(info: GraphQLResolveInfo, perRequest: PlansByField): Map<string, ExpandPlan> {
  const plans = variableDependent(info) ? perRequest : documentPlans;
  let perField = plans.get(info.fieldNodes);
  if (!perField) {
    perField = new Map();
    plans.set(info.fieldNodes, perField);
  }
  return perField;
}

const documentValues = new WeakMap<object, Map<string, unknown>>();

/**
 * What `make` reads from `info`'s selection, kept with its field nodes under `id` where @skip/@include
 * takes no variable (as plans are), made again for each request otherwise.
 */
export function keptForField<T>(info: GraphQLResolveInfo, id: string, make: () => T): T {
  if (variableDependent(info)) return make();
  let perField = documentValues.get(info.fieldNodes);
  if (!perField) documentValues.set(info.fieldNodes, (perField = new Map<string, unknown>()));
  if (!perField.has(id)) perField.set(id, make());
  return perField.get(id) as T;
}

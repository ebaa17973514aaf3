// Expand planning: which linked objects (and omitted-by-default properties) a REST call must expand
// so that the selection below it needs no further call, down to the REST depth limit of 4.
import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import { resourceByModel } from '../catalog';
import {
  collectFields,
  connectionNodeSets,
  fieldSets,
  keyNeeds,
  scopeOf,
  type KeyNeeds,
  type SelectionScope,
} from './selection';

export const MAX_EXPAND_DEPTH = 4;

export interface ExpandPlan {
  /** Every expanded path, prefixes included (`token`, `token.customer`), sorted: the loader key. */
  paths: string[];
  /**
   * What the selection needs of the entity: `identity` (id / restId / __typename), `key` (also fields
   * answered from its key and space alone: a stub entity serves it) or `object` (it must be loaded).
   */
  needs: KeyNeeds;
}

function typeNameOf(model: string): string {
  return resourceByModel.get(model)?.typeName ?? model;
}

function subsets(sets: SelectionSetNode[] | undefined): SelectionSetNode[] {
  return sets ?? [];
}

function plan(
  scope: SelectionScope,
  model: string,
  sets: SelectionSetNode[],
  depth: number,
  out: Set<string>,
  prefix: string,
): void {
  const resource = resourceByModel.get(model);
  if (!resource) return;
  const fields = collectFields(scope, sets, resource.typeName);
  for (const property of resource.omittedByDefault) if (fields.has(property)) out.add(prefix + property);
  for (const link of resource.links) {
    const selected = fields.get(link.field);
    if (!selected) continue;
    const below = subsets(selected);
    // A link whose selection needs only its key is answered from the id the parent holds.
    if (
      keyNeeds(scope, collectFields(scope, below, typeNameOf(link.model)), typeNameOf(link.model)) !==
      'object'
    )
      continue;
    out.add(prefix + link.field);
    if (depth < MAX_EXPAND_DEPTH) plan(scope, link.model, below, depth + 1, out, `${prefix}${link.field}.`);
  }
}

export function planFor(scope: SelectionScope, model: string, sets: SelectionSetNode[]): ExpandPlan {
  const out = new Set<string>();
  plan(scope, model, sets, 1, out, '');
  const needs = keyNeeds(scope, collectFields(scope, sets, typeNameOf(model)), typeNameOf(model));
  return { paths: [...out].sort(), needs };
}

/** Plan for a field that returns the entity itself (link, lookup, node). */
export function planEntity(info: GraphQLResolveInfo, model: string): ExpandPlan {
  return planFor(scopeOf(info), model, fieldSets(info));
}

/** Plan for a connection field: the entity selection sits under edges.node and nodes. */
export function planConnection(info: GraphQLResolveInfo, model: string): ExpandPlan {
  const scope = scopeOf(info);
  return planFor(scope, model, connectionNodeSets(scope, info));
}

/** The part of an expand set below one link (`token.customer` -> `customer` under `token`). */
export function below(paths: readonly string[], field: string): string[] {
  const prefix = `${field}.`;
  return paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
}

/** What REST needs: the deepest paths only (a nested path expands each object along it). */
export function expandParam(paths: readonly string[]): string[] {
  return paths.filter((p) => !paths.some((q) => q.startsWith(`${p}.`)));
}

/** True when an object fetched with `have` answers everything a request for `want` needs. */
export function covers(have: ReadonlySet<string>, want: readonly string[]): boolean {
  return want.every((p) => have.has(p));
}

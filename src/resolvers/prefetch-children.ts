// Children of an object looked up by a key from the arguments start with the lookup instead of after
// it: `transaction(id:) { completions refunds }` is one round of three calls, not two rounds. Only
// pages the children loader can batch are started (the field's resolver then finds them in the
// loader's cache), and only for arguments read here without the schema's own coercion: paging by
// `first` / `after` (literals or variables). Anything else waits for the parent as before.
import { Kind, type FieldNode, type GraphQLField, type GraphQLResolveInfo, type ValueNode } from 'graphql';
import { childRelations, type ChildRelation, type Resource } from '../catalog';
import { prefetchChildren } from './children';
import type { GraphContext } from './context';
import type { CollectionArgs } from './page-args';
import { keptForField } from './plan-cache';
import { fieldNodesByResponseKey, fieldSets, scopeOf } from './selection';

/** Relations whose children name the parent by its REST key, by parent model. */
const byParent = new Map<string, ChildRelation[]>();
for (const r of childRelations) {
  if (r.parentField || r.via.kind === 'path') continue;
  byParent.set(r.parent, [...(byParent.get(r.parent) ?? []), r]);
}

const PAGING = new Set(['first', 'last', 'after', 'before']);

/** A literal or variable argument value, or `undefined` when it is not one read here. */
function valueOf(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case Kind.INT:
      return Number(node.value);
    case Kind.STRING:
      return node.value;
    case Kind.NULL:
      return null;
    case Kind.VARIABLE:
      return variables[node.name.value] ?? null;
    default:
      return undefined;
  }
}

/** The paging arguments of a child field, or null when it has any other argument or a value not read here. */
function pagingArgs(
  field: GraphQLField<unknown, unknown>,
  nodes: readonly FieldNode[],
  variables: Record<string, unknown>,
): CollectionArgs | null {
  if (nodes.length !== 1) return null;
  const given = new Map((nodes[0].arguments ?? []).map((a) => [a.name.value, a.value]));
  const out: Record<string, unknown> = {};
  for (const arg of field.args) {
    const node = given.get(arg.name);
    const value = node ? valueOf(node, variables) : (arg.defaultValue ?? null);
    if (value === undefined) return null;
    if (value === null) continue;
    if (!PAGING.has(arg.name)) return null;
    out[arg.name] = value;
  }
  return out;
}

/** Starts the batched first pages of the child connections selected on an object about to be looked up. */
export function prefetchSelectedChildren(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  resource: Resource,
  space: number | null,
  key: string,
): void {
  const relations = byParent.get(resource.model);
  if (!relations || ctx.naive || resource.parent) return;
  const type = info.schema.getType(resource.typeName);
  if (!type || !('getFields' in type)) return;
  const fields = type.getFields() as Record<string, GraphQLField<unknown, unknown>>;
  const scope = scopeOf(info);
  // The same node lists for every request sending the document: the child fields' plans are kept with them.
  const groups = keptForField(info, `children:${resource.typeName}`, () =>
    [...fieldNodesByResponseKey(scope, fieldSets(info), resource.typeName).values()].map((nodes) =>
      Object.freeze(nodes),
    ),
  );
  for (const nodes of groups) {
    const relation = relations.find((r) => r.name === nodes[0].name.value);
    const field = relation && fields[relation.name];
    if (!relation || !field) continue;
    const args = pagingArgs(field, nodes, scope.variables);
    if (!args) continue;
    const childInfo: GraphQLResolveInfo = {
      ...info,
      fieldName: field.name,
      fieldNodes: nodes,
      returnType: field.type,
      parentType: type as GraphQLResolveInfo['parentType'],
    };
    prefetchChildren(ctx, childInfo, { relation, parentKey: key, parentSpace: space, args });
  }
}

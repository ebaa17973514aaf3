// The REST calls an operation may make, estimated from its document before execution, the way the
// read path plans them: a collection or lookup is one call; a connection under a list of N parents is
// batched (N x page size / 100 calls, one search more for each further space the parents span: a
// search runs within one space); links within the REST expand depth (4) come with their parent
// at no cost, deeper ones are loaded in batches of 100; an extra field (URLs, documents: not a REST
// property of its entity) is one call per row. Page sizes count as asked (`first` / `last`, else the
// graph's default), so the estimate is an upper bound on rows, like Shopify's. The depth, batch and
// page numbers are the read path's own.
import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { getOperationAST } from 'graphql';
import { deref, mutationSpecs, naturalLinks, resourceOf, resources, schemas, type JsonSchema, type Resource } from '../../catalog';
import { decodeGlobalId, DEFAULT_BULK_LIMIT, DEFAULT_PAGE_SIZE, MAX_EXPAND_DEPTH, MAX_PAGE_SIZE, SEARCH_BATCH } from '../../resolvers';
import { referencesOf } from '../../schema/naming';
const IDENTITY_FIELDS = new Set(['id', 'restId', '__typename']);

const resourceByType = new Map<string, Resource>(resources.map((r) => [r.typeName, r]));
const propertiesByModel = new Map<string, Set<string>>();

function propertiesOf(schema: JsonSchema | undefined, into: Set<string>): Set<string> {
  if (!schema) return into;
  const s = deref(schema);
  for (const name of Object.keys(s.properties ?? {})) into.add(name);
  for (const part of (s as { allOf?: JsonSchema[] }).allOf ?? []) propertiesOf(part, into);
  return into;
}

function restProperties(resource: Resource): Set<string> {
  let found = propertiesByModel.get(resource.model);
  if (!found) {
    found = propertiesOf(schemas[resource.model], new Set());
    propertiesByModel.set(resource.model, found);
  }
  return found;
}

/**
 * Links REST cannot expand, by `Type.field`: plain id fields (`linkedTransactionId` -> `linkedTransaction`)
 * and natural keys (`customerId` -> `customer`). Their targets are looked up in batches per space.
 */
const lookedUpLinks: Map<string, Resource> = new Map([
  ...resources.flatMap((r) =>
    referencesOf(r, (name) => restProperties(r).has(name)).map(
      (ref) => [`${r.typeName}.${ref.linkField}`, resourceOf(ref.target)] as const,
    ),
  ),
  ...naturalLinks.map((l) => [`${resourceOf(l.model).typeName}.${l.name}`, resourceOf(l.target)] as const),
]);

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  bulkLimit: number;
}

/** Bulk mutations by name: the input field holding their items. */
const bulkItemsFields = new Map(mutationSpecs.flatMap((m) => (m.bulkItemsField ? [[m.name, m.bulkItemsField] as const] : [])));

/** The items of a bulk mutation's input (`input: { customers: [...] }`, inline or in variables). */
function bulkItems(node: FieldNode, itemsField: string, variables: Record<string, unknown>): number {
  const input = argument(node, 'input');
  let items: unknown;
  if (input?.kind === Kind.VARIABLE) items = (variables[input.name.value] as Record<string, unknown> | undefined)?.[itemsField];
  else if (input?.kind === Kind.OBJECT) {
    const value = input.fields.find((f) => f.name.value === itemsField)?.value;
    if (value?.kind === Kind.LIST) return value.values.length;
    if (value?.kind === Kind.VARIABLE) items = variables[value.name.value];
  }
  return Array.isArray(items) ? items.length : 1;
}

/** A mutation's own calls: one, or one per bulk chunk. */
function mutationCalls(w: Walk, node: FieldNode): number {
  const itemsField = bulkItemsFields.get(node.name.value);
  return itemsField ? Math.max(1, Math.ceil(bulkItems(node, itemsField, w.variables) / w.bulkLimit)) : 1;
}

/** Where a selection is walked: how many rows of its type, across how many spaces at most. */
interface Rows {
  n: number;
  spaces: number;
}

const SPACE_TYPE = 'Space';

function numberOf(value: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (value?.kind === Kind.INT) return Number(value.value);
  if (value?.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

function argument(field: FieldNode, name: string): ValueNode | undefined {
  return field.arguments?.find((a) => a.name.value === name)?.value;
}

function pageSize(field: FieldNode, variables: Record<string, unknown>): number {
  const size = numberOf(argument(field, 'first'), variables) ?? numberOf(argument(field, 'last'), variables) ?? DEFAULT_PAGE_SIZE;
  return Math.max(1, Math.min(MAX_PAGE_SIZE, size));
}

/** `nodes(ids:)`: how many ids, the calls they take (one batch per type and space) and the spaces they name. */
function nodesCalls(field: FieldNode, variables: Record<string, unknown>): { rows: number; calls: number; spaces: number } {
  const value = argument(field, 'ids');
  let ids: unknown[] = [];
  if (value?.kind === Kind.LIST) ids = value.values.map((v) => (v.kind === Kind.STRING ? v.value : null));
  else if (value?.kind === Kind.VARIABLE && Array.isArray(variables[value.name.value])) ids = variables[value.name.value] as unknown[];
  const groups = new Map<string, number>();
  const spaces = new Set<string>();
  for (const id of ids) {
    const decoded = typeof id === 'string' ? decodeGlobalId(id) : null;
    const group = decoded ? `${decoded.model}|${decoded.space ?? '-'}` : '?';
    groups.set(group, (groups.get(group) ?? 0) + 1);
    spaces.add(decoded ? String(decoded.space ?? '-') : '?');
  }
  let calls = 0;
  for (const n of groups.values()) calls += batches(n);
  return { rows: Math.max(1, ids.length), calls: Math.max(1, calls), spaces: Math.max(1, spaces.size) };
}

function rowResource(connection: GraphQLNamedType): Resource | undefined {
  if (!isObjectType(connection)) return undefined;
  const nodes = connection.getFields().nodes;
  return nodes ? resourceByType.get(getNamedType(nodes.type).name) : undefined;
}

/** Children with no search of their own (lists under their parent's path) cost one call per parent. */
function perParent(resource: Resource | undefined): boolean {
  return resource !== undefined && (resource.parent !== undefined || !resource.ops.S);
}

const batches = (rows: number): number => Math.ceil(rows / SEARCH_BATCH);

/**
 * Searches for `rows` rows of `resource` asked for parents spread over `rows.spaces` spaces: the
 * batches of 100 rows, and one more for each further space (the rows of one space are searched in
 * that space; splitting n rows over k spaces takes at most ceil(n / 100) + k - 1 batches).
 */
function searches(rows: number, parents: Rows, resource: Resource | undefined): number {
  const spread = resource?.spaceScoped ? Math.min(parents.spaces, parents.n) : 1;
  return batches(rows) + Math.max(0, spread - 1);
}

function isEntityType(type: GraphQLNamedType): boolean {
  return type.name === 'Node' || resourceByType.has(type.name);
}

/**
 * Children found through other children of the parent (a subscription's ledger entries name its
 * versions): those are searched first, for all parents at once; counted as one page of them per batch.
 */
function intermediates(parent: GraphQLNamedType, node: FieldNode, rows: Rows): number {
  const relation = resourceByType.get(parent.name)?.children.find((r) => r.name === node.name.value);
  if (relation?.via.kind !== 'through') return 0;
  const through = relation.via.relation;
  const middle = resourceByType.get(parent.name)?.children.find((r) => r.name === through);
  return searches(rows.n, rows, middle ? resourceOf(middle.child) : undefined);
}

/** A field of an entity that is not a REST property of it: an extra, one REST call per row. */
function isExtra(parent: GraphQLNamedType, node: FieldNode): boolean {
  const owner = resourceByType.get(parent.name);
  return owner !== undefined && !IDENTITY_FIELDS.has(node.name.value) && !restProperties(owner).has(node.name.value);
}

function walkSet(w: Walk, set: SelectionSetNode | undefined, type: GraphQLNamedType, at: Rows, depth: number, seen: Set<string>): number {
  // Each row of a list of spaces is its own space: what is asked below them is asked in each.
  const rows = type.name === SPACE_TYPE ? { n: at.n, spaces: at.n } : at;
  let total = 0;
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD) total += field(w, s, type, rows, depth, seen);
    else if (s.kind === Kind.INLINE_FRAGMENT) {
      const t = s.typeCondition ? (w.schema.getType(s.typeCondition.name.value) ?? type) : type;
      total += walkSet(w, s.selectionSet, t, rows, depth, seen);
    } else if (!seen.has(s.name.value)) {
      const fragment = w.fragments.get(s.name.value);
      const t = fragment ? (w.schema.getType(fragment.typeCondition.name.value) ?? type) : type;
      total += walkSet(w, fragment?.selectionSet, t, rows, depth, new Set([...seen, s.name.value]));
    }
  }
  return total;
}

/** The rows of a connection: its `nodes` and `edges { node }` selections. */
function walkConnection(w: Walk, set: SelectionSetNode | undefined, type: GraphQLNamedType, rows: Rows, seen: Set<string>): number {
  if (!set || !(isObjectType(type) || isInterfaceType(type))) return 0;
  let total = 0;
  for (const s of set.selections) {
    if (s.kind !== Kind.FIELD) continue;
    const def = type.getFields()[s.name.value];
    if (!def) continue;
    const named = getNamedType(def.type);
    if (s.name.value === 'nodes') total += walkSet(w, s.selectionSet, named, rows, 0, seen);
    else if (s.name.value === 'edges') total += walkConnection(w, s.selectionSet, named, rows, seen);
    else if (s.name.value === 'node') total += walkSet(w, s.selectionSet, named, rows, 0, seen);
  }
  return total;
}

function field(w: Walk, node: FieldNode, parent: GraphQLNamedType, rows: Rows, depth: number, seen: Set<string>): number {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return 0;
  const def = parent.getFields()[node.name.value];
  if (!def) return 0;
  const named = getNamedType(def.type);
  // A mutation is at least its own calls, whatever its payload selects.
  if (parent === w.schema.getMutationType())
    return mutationCalls(w, node) + walkSet(w, node.selectionSet, named, { n: 1, spaces: 1 }, 0, seen);
  const root = parent === w.schema.getQueryType();
  if (isObjectType(named) && named.name.endsWith('Connection')) {
    const size = pageSize(node, w.variables);
    const resource = rowResource(named);
    const own = rows.n <= 1 ? 1 : perParent(resource) ? rows.n : searches(rows.n * size, rows, resource);
    return (
      own + intermediates(parent, node, rows) + walkConnection(w, node.selectionSet, named, { n: rows.n * size, spaces: rows.spaces }, seen)
    );
  }
  if (isEntityType(named)) {
    const resource = resourceByType.get(named.name);
    if (root || (node.arguments?.length ?? 0) > 0) {
      if (node.name.value === 'nodes') {
        const n = nodesCalls(node, w.variables);
        return rows.n * n.calls + walkSet(w, node.selectionSet, named, { n: rows.n * n.rows, spaces: rows.n * n.spaces }, 0, seen);
      }
      return searches(rows.n, rows, resource) + walkSet(w, node.selectionSet, named, rows, 0, seen);
    }
    const lookedUp = lookedUpLinks.get(`${parent.name}.${node.name.value}`);
    if (lookedUp) return searches(rows.n, rows, lookedUp) + walkSet(w, node.selectionSet, named, rows, 1, seen);
    // An entity an extra answers (`latestLineItemVersion`): one call per row, its links not expanded.
    if (isExtra(parent, node)) return rows.n + walkSet(w, node.selectionSet, named, rows, 1, seen);
    if (depth < MAX_EXPAND_DEPTH) return walkSet(w, node.selectionSet, named, rows, depth + 1, seen);
    return searches(rows.n, rows, resource) + walkSet(w, node.selectionSet, named, rows, 1, seen);
  }
  return (isExtra(parent, node) ? rows.n : 0) + (node.selectionSet ? walkSet(w, node.selectionSet, named, rows, depth, seen) : 0);
}

/** The estimated REST calls of the operation to run, or null when the document names none. */
export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
  bulkLimit = DEFAULT_BULK_LIMIT,
): number | null {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return null;
  const root = operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  if (!root) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return walkSet({ schema, fragments, variables, bulkLimit }, operation.selectionSet, root, { n: 1, spaces: 1 }, 0, new Set());
}

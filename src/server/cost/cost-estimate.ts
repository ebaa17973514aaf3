// The REST calls an operation may make, estimated from its document before execution the way the read
// path plans them: an upper bound (pages as asked, plain lists as many rows as their key filter allows),
// each rule at its branch below; by-credentials lookups, payloads and exports in cost-fields, what it
// knows of the types (resources, REST properties, looked-up links) in cost-types.
import {
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { resourceOf, type Resource } from '../../catalog';
import { MAX_EXPAND_DEPTH, SEARCH_BATCH } from '../../resolvers';
import { DEFAULT_REST_LIMITS, type RestLimits } from '../../rest';
import { collectFields, fragmentsOf, type FieldWalk, type FragmentLookup } from '../../shared/selection-walk';
import { coerceVariables } from '../execution/variable-coercion';
import {
  argumentValue,
  askedPage,
  batches,
  bulkItems,
  entitiesCalls,
  nodesCalls,
  plainListPaged,
  plainListRows,
  type LookupCalls,
  type Variables,
} from './cost-arguments';
import {
  byCredentialsFieldCalls,
  exportFieldPages,
  isActedOnObject,
  isByCredentialsRoot,
  selectsBeyondKey,
} from './cost-fields';
import { isEntityType, isExtra, lookedUpLinks, perParent, resourceOfType, rowResource } from './cost-types';

interface Walk {
  schema: GraphQLSchema;
  fragments: FragmentLookup;
  /** Through fragments, each with the type of its condition. */
  typed: FieldWalk<At>;
  /** Through fragments, for the fields of one type. */
  plain: FieldWalk<undefined>;
  variables: Variables;
  limits: RestLimits;
  /** Fields estimated so far: past MAX_ESTIMATED_FIELDS the document is refused, not walked on. */
  fields: { n: number };
}

/**
 * Fields one estimate walks at most. A document's response can be exponential in its length (fragments
 * that each select two fields spreading the next one): such a document is refused as too costly
 * without walking it, as executing it would not end either.
 */
export const MAX_ESTIMATED_FIELDS = 20_000;

class TooManyFields extends Error {}

/** The sum of `visit` over the fields of `set` as execution collects them (each response key once). */
function sumCollected<C>(
  walk: FieldWalk<C>,
  set: SelectionSetNode | undefined,
  context: C,
  groupOf: (context: C) => string,
  seen: Set<string>,
  visit: (field: FieldNode, context: C, seen: Set<string>) => number,
): number {
  let total = 0;
  for (const f of collectFields(walk, set, context, groupOf, seen))
    total += visit(f.field, f.context, f.above);
  return total;
}

const byType = (c: At) => c.type.name;
const asOne = () => '';

/** Where a selection is walked: how many rows of its type, across how many spaces at most. */
interface Rows {
  n: number;
  spaces: number;
}

const SPACE_TYPE = 'Space';

/** A selection's type, and its rows. */
interface At {
  type: GraphQLNamedType;
  rows: Rows;
}

/** Each row of a list of spaces is its own space: what is asked below them is asked in each. */
function at(type: GraphQLNamedType, rows: Rows): At {
  return { type, rows: type.name === SPACE_TYPE ? { n: rows.n, spaces: rows.n } : rows };
}

/**
 * Searches for `rows` rows of `resource` asked for parents spread over `rows.spaces` spaces: the
 * batches of 100 rows, and one more for each further space (the rows of one space are searched in
 * that space; splitting n rows over k spaces takes at most ceil(n / 100) + k - 1 batches).
 */
function searches(rows: number, parents: Rows, resource: Resource | undefined): number {
  const spread = resource?.spaceScoped ? Math.min(parents.spaces, parents.n) : 1;
  return batches(rows) + Math.max(0, spread - 1);
}

/** Lookups by global ID, batched per type and space: `nodes(ids:)`, and Federation's `_entities(representations:)`. */
const LOOKUPS = new Map<string, (field: FieldNode, variables: Variables) => LookupCalls>([
  ['nodes', nodesCalls],
  ['_entities', entitiesCalls],
]);

/**
 * Children found through other children of the parent (a subscription's ledger entries name its
 * versions): those are searched first, for all parents at once; counted as one page of them per batch.
 */
function intermediates(parent: GraphQLNamedType, node: FieldNode, rows: Rows): number {
  const relation = resourceOfType(parent.name)?.children.find((r) => r.name === node.name.value);
  if (relation?.via.kind !== 'through') return 0;
  const through = relation.via.relation;
  const middle = resourceOfType(parent.name)?.children.find((r) => r.name === through);
  return searches(rows.n, rows, middle ? resourceOf(middle.child) : undefined);
}

function walkSet(
  w: Walk,
  set: SelectionSetNode | undefined,
  type: GraphQLNamedType,
  rows: Rows,
  depth: number,
  seen: Set<string>,
): number {
  return sumCollected(w.typed, set, at(type, rows), byType, seen, (s, c, above) =>
    field(w, s, c.type, c.rows, depth, above),
  );
}

/** The rows of a connection: its `nodes` and `edges { node }` selections, inside fragments too. */
function walkConnection(
  w: Walk,
  set: SelectionSetNode | undefined,
  type: GraphQLNamedType,
  rows: Rows,
  seen: Set<string>,
): number {
  if (!isObjectType(type) && !isInterfaceType(type)) return 0;
  return sumCollected(w.plain, set, undefined, asOne, seen, (s, _, seen) => {
    const def = type.getFields()[s.name.value];
    if (!def) return 0;
    const named = getNamedType(def.type);
    if (s.name.value === 'nodes' || s.name.value === 'node')
      return walkSet(w, s.selectionSet, named, rows, 0, seen);
    if (s.name.value === 'edges') return walkConnection(w, s.selectionSet, named, rows, seen);
    return 0;
  });
}

function field(
  w: Walk,
  node: FieldNode,
  parent: GraphQLNamedType,
  rows: Rows,
  depth: number,
  seen: Set<string>,
): number {
  if (++w.fields.n > MAX_ESTIMATED_FIELDS) throw new TooManyFields();
  if (!isObjectType(parent) && !isInterfaceType(parent)) return 0;
  const def = parent.getFields()[node.name.value];
  if (!def) return 0;
  const named = getNamedType(def.type);
  // A mutation is at least its own calls (one per bulk chunk), whatever its payload selects; a bulk
  // payload holds a result per item.
  if (parent === w.schema.getMutationType()) {
    const items = bulkItems(node, w.variables);
    const own = items === undefined ? 1 : Math.ceil(items / w.limits.bulkLimit);
    return own + walkSet(w, node.selectionSet, named, { n: items ?? 1, spaces: 1 }, 0, seen);
  }
  const root = parent === w.schema.getQueryType();
  const special = specialField(w, node, parent, named, rows, root, seen);
  if (special !== undefined) return special;
  if (isObjectType(named) && named.name.endsWith('Connection')) {
    // Under N parents: batched searches (N x page size / 100, one more per further space the parents
    // span) where pages can be batched, else one call per parent. Not known here: a parent with more
    // children than a search returns is asked again alone (the run-time budget counts that call).
    const page = askedPage(node, w.variables);
    const resource = rowResource(named);
    const own =
      rows.n <= 1
        ? 1
        : perParent(resource) || !page.batched
          ? rows.n
          : searches(rows.n * page.size, rows, resource);
    const below: Rows = { n: rows.n * page.size, spaces: rows.spaces };
    return own + intermediates(parent, node, rows) + walkConnection(w, node.selectionSet, named, below, seen);
  }
  if (isEntityType(named)) {
    const resource = resourceOfType(named.name);
    if (root || (node.arguments?.length ?? 0) > 0) {
      const lookup = root ? LOOKUPS.get(node.name.value) : undefined;
      if (lookup) {
        const n = lookup(node, w.variables);
        return (
          rows.n * n.calls +
          walkSet(w, node.selectionSet, named, { n: rows.n * n.rows, spaces: rows.n * n.spaces }, 0, seen)
        );
      }
      if (root && resource && isListType(getNullableType(def.type)))
        return plainList(w, node, named, resource, seen);
      return searches(rows.n, rows, resource) + walkSet(w, node.selectionSet, named, rows, 0, seen);
    }
    const lookedUp = lookedUpLinks.get(`${parent.name}.${node.name.value}`);
    if (lookedUp)
      return searches(rows.n, rows, lookedUp) + walkSet(w, node.selectionSet, named, rows, 1, seen);
    // An entity an extra answers (`latestLineItemVersion`): one call per row, its links not expanded.
    if (isExtra(parent, node)) return rows.n + walkSet(w, node.selectionSet, named, rows, 1, seen);
    if (depth < MAX_EXPAND_DEPTH) return walkSet(w, node.selectionSet, named, rows, depth + 1, seen);
    return searches(rows.n, rows, resource) + walkSet(w, node.selectionSet, named, rows, 1, seen);
  }
  return (
    (isExtra(parent, node) ? rows.n : 0) +
    (node.selectionSet ? walkSet(w, node.selectionSet, named, rows, depth, seen) : 0)
  );
}

/** The calls of the fields counted by a rule of their own (cost-fields); undefined for the others. */
function specialField(
  w: Walk,
  node: FieldNode,
  parent: GraphQLNamedType,
  named: GraphQLNamedType,
  rows: Rows,
  root: boolean,
  seen: Set<string>,
): number | undefined {
  if (root && isByCredentialsRoot(node))
    return rows.n + byCredentialsAnswer(w, node.selectionSet, named, rows, seen);
  const pages = exportFieldPages(
    parent,
    node,
    (n) => argumentValue(n, 'limit', w.variables),
    w.limits.maxExportRows,
  );
  if (pages !== undefined) return rows.n * pages;
  if (!isActedOnObject(parent, node)) return undefined;
  const read = selectsBeyondKey(node.selectionSet, w.fragments) ? rows.n : 0;
  return read + walkSet(w, node.selectionSet, named, rows, 0, seen);
}

/** The answer of a by-credentials lookup: a call per row for each field but the looked-up object, whose links are looked up. */
function byCredentialsAnswer(
  w: Walk,
  set: SelectionSetNode | undefined,
  type: GraphQLNamedType,
  rows: Rows,
  seen: Set<string>,
): number {
  return sumCollected(w.plain, set, undefined, asOne, seen, (s, _, seen) => {
    const calls = byCredentialsFieldCalls(type, s);
    if (calls === 'none') return 0;
    const fieldType = getNamedType((type as GraphQLObjectType).getFields()[s.name.value].type);
    return (
      (calls === 'call' ? rows.n : 0) + walkSet(w, s.selectionSet, fieldType, rows, MAX_EXPAND_DEPTH, seen)
    );
  });
}

/** A list at the root (countries): one REST list call, or a search page per 100 rows when restricted. */
function plainList(
  w: Walk,
  node: FieldNode,
  type: GraphQLNamedType,
  resource: Resource,
  seen: Set<string>,
): number {
  const rows = plainListRows(node, resource.key.field, w.variables);
  const own = plainListPaged(node, resource, w.variables) ? Math.floor(rows / SEARCH_BATCH) + 1 : 1;
  return own + walkSet(w, node.selectionSet, type, { n: rows, spaces: 1 }, 0, seen);
}

/** The estimated REST calls of `operation` (the one of `document` to run), or null when there is none. */
export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  variables: Record<string, unknown> = {},
  limits: RestLimits = DEFAULT_REST_LIMITS,
): number | null {
  if (!operation) return null;
  return estimateCoerced(
    schema,
    document,
    operation,
    coerceVariables(schema, operation, variables).values,
    limits,
  );
}

/** The estimate over variables already coerced (coerceVariables). */
export function estimateCoerced(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  values: Record<string, unknown>,
  limits: RestLimits = DEFAULT_REST_LIMITS,
): number | null {
  const root =
    operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  if (!root) return null;
  const fragments = fragmentsOf(document);
  const typed: FieldWalk<At> = {
    fragments,
    within: (f, around) =>
      at(
        f.typeCondition ? (schema.getType(f.typeCondition.name.value) ?? around.type) : around.type,
        around.rows,
      ),
  };
  const plain: FieldWalk<undefined> = { fragments };
  const walk = { schema, fragments, typed, plain, variables: values, limits, fields: { n: 0 } };
  try {
    return walkSet(walk, operation.selectionSet, root, { n: 1, spaces: 1 }, 0, new Set());
  } catch (error) {
    if (error instanceof TooManyFields) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

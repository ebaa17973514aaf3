// Reading a GraphQL selection the way graphql-js executes it: fragments and inline fragments whose
// type condition applies, @include/@skip honoured, aliases merged by field name.
// Types of the schema are recognised by their tag, not by instanceof: the schema may come from
// another copy of graphql-js than this module (ESM and CJS builds side by side in test runners).
import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type InlineFragmentNode,
  type FragmentSpreadNode,
  type SelectionSetNode,
} from 'graphql';
import { walkSets, type FieldWalk } from '../shared/selection-walk';

export interface SelectionScope {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** Selections of one field, by field name (aliases of the same field are merged). */
export type FieldSelections = Map<string, SelectionSetNode[]>;

function tagOf(type: unknown): string {
  return Object.prototype.toString.call(type);
}

function isObjectType(type: unknown): type is GraphQLObjectType {
  return tagOf(type) === '[object GraphQLObjectType]';
}

function isAbstractType(type: unknown): boolean {
  const tag = tagOf(type);
  return tag === '[object GraphQLInterfaceType]' || tag === '[object GraphQLUnionType]';
}

function getNamedType(type: GraphQLOutputType | undefined): GraphQLNamedType | undefined {
  let t: unknown = type;
  while (t && typeof t === 'object' && 'ofType' in t) t = t.ofType;
  return t as GraphQLNamedType | undefined;
}

export function scopeOf(info: GraphQLResolveInfo): SelectionScope {
  return { schema: info.schema, fragments: info.fragments, variables: info.variableValues };
}

export function fieldSets(info: GraphQLResolveInfo): SelectionSetNode[] {
  return info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
}

function included(scope: SelectionScope, node: FieldNode | InlineFragmentNode | FragmentSpreadNode): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, scope.variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, scope.variables);
  return include?.if !== false;
}

function applies(scope: SelectionScope, condition: string | undefined, typeName: string): boolean {
  if (!condition || condition === typeName) return true;
  const conditionType = scope.schema.getType(condition);
  const objectType = scope.schema.getType(typeName);
  if (!conditionType || !objectType || !isObjectType(objectType) || !isAbstractType(conditionType))
    return false;
  return scope.schema.isSubType(conditionType as Parameters<GraphQLSchema['isSubType']>[0], objectType);
}

/** Visits every field node selected on an object of type `typeName`, in document order. */
function eachSelectedField(
  scope: SelectionScope,
  sets: readonly SelectionSetNode[],
  typeName: string,
  visit: (node: FieldNode) => void,
): void {
  const walk: FieldWalk<undefined> = {
    fragments: { get: (name) => scope.fragments[name] },
    skips: (selection, fragment) =>
      !included(scope, selection) || !applies(scope, fragment.typeCondition?.name.value, typeName),
  };
  walkSets(walk, sets, undefined, (node) => {
    if (included(scope, node)) visit(node);
  });
}

/** The fields selected on an object of type `typeName` by these selection sets. */
export function collectFields(
  scope: SelectionScope,
  sets: readonly SelectionSetNode[],
  typeName: string,
): FieldSelections {
  const out: FieldSelections = new Map();
  eachSelectedField(scope, sets, typeName, (node) => {
    const list = out.get(node.name.value) ?? [];
    if (node.selectionSet) list.push(node.selectionSet);
    out.set(node.name.value, list);
  });
  return out;
}

/** The field nodes selected on `typeName` by response key (alias or name), as graphql-js groups them to execute. */
export function fieldNodesByResponseKey(
  scope: SelectionScope,
  sets: readonly SelectionSetNode[],
  typeName: string,
): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  eachSelectedField(scope, sets, typeName, (node) => {
    const key = node.alias?.value ?? node.name.value;
    const nodes = out.get(key);
    if (nodes) nodes.push(node);
    else out.set(key, [node]);
  });
  return out;
}

/** The selection sets of the nodes of a connection field (under `edges.node` and under `nodes`). */
export function connectionNodeSets(scope: SelectionScope, info: GraphQLResolveInfo): SelectionSetNode[] {
  const connection = getNamedType(info.returnType);
  if (!connection) return [];
  // A field that returns the entity itself, answered from a one-row page (a nested-base lookup).
  if (isObjectType(connection) && !connection.getFields().edges) return fieldSets(info);
  const fields = collectFields(scope, fieldSets(info), connection.name);
  const out = [...(fields.get('nodes') ?? [])];
  const edges = fields.get('edges');
  if (edges && isObjectType(connection)) {
    const edgeType = getNamedType(connection.getFields().edges?.type);
    if (edgeType) out.push(...(collectFields(scope, edges, edgeType.name).get('node') ?? []));
  }
  return out;
}

const IDENTITY = new Set(['id', 'restId', '__typename']);

/**
 * The field extension that marks a field of an entity type whose resolver uses nothing of the object
 * but its key and space (children by parent key, extras fetched by the object's id, the space-scoped
 * fields of Space). Set where such fields are built; read here, so the rule stays generic.
 */
export const KEY_ONLY_EXTENSION = 'paygraphKeyOnly';

/**
 * What a selection needs of an entity: only what its parent already knows (`identity`), only its key
 * and space (`key`: a stub made from the key answers it), or the object itself (`object`).
 */
export type KeyNeeds = 'identity' | 'key' | 'object';

function keyOnlyField(type: unknown, name: string): boolean {
  if (!isObjectType(type)) return false;
  return type.getFields()[name]?.extensions?.[KEY_ONLY_EXTENSION] === true;
}

/** What the fields selected on an object of type `typeName` need of it. */
export function keyNeeds(scope: SelectionScope, fields: FieldSelections, typeName: string): KeyNeeds {
  const type = scope.schema.getType(typeName);
  let needs: KeyNeeds = 'identity';
  for (const name of fields.keys()) {
    if (IDENTITY.has(name)) continue;
    if (!keyOnlyField(type, name)) return 'object';
    needs = 'key';
  }
  return needs;
}

// One walk over the fields of a GraphQL selection set, through inline fragments and named fragment
// spreads, for every part that reads a document (cost, access, limits, execution, resolvers). A named
// fragment is entered once per walk, as graphql-js collects fields: a spread cycle (refused by
// validation, which may not have run yet) never loops, and fragments that spread each other twice do
// not double the walk at each level.
import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';

/** The named fragments of a document (a Map of them, or a lookup over graphql-js's `info.fragments`). */
export interface FragmentLookup {
  get(name: string): FragmentDefinitionNode | undefined;
}

/** A fragment the walk may enter: an inline one, or the definition a spread names. */
export type Fragment = InlineFragmentNode | FragmentDefinitionNode;

export interface FieldWalk<C> {
  fragments: FragmentLookup;
  /** Whether a fragment is skipped (a false `@include`, a type condition that does not apply). */
  skips?: (selection: InlineFragmentNode | FragmentSpreadNode, fragment: Fragment) => boolean;
  /** The context of the fields inside a fragment (its type condition), from the context around it. */
  within?: (fragment: Fragment, around: C) => C;
}

export function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return fragments;
}

/**
 * Visits every field of `set` in document order, with the context of the fragments around it and the
 * names of the fragments entered so far (`seen`; pass one set to several walks that collect together).
 */
export function walkFields<C>(
  walk: FieldWalk<C>,
  set: SelectionSetNode | undefined,
  context: C,
  visit: (field: FieldNode, context: C, seen: Set<string>) => void,
  seen: Set<string> = new Set(),
): void {
  const into = (fragment: Fragment, inside: Set<string>): void =>
    walkFields(walk, fragment.selectionSet, walk.within?.(fragment, context) ?? context, visit, inside);
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD) visit(s, context, seen);
    else if (s.kind === Kind.INLINE_FRAGMENT) {
      if (!walk.skips?.(s, s)) into(s, seen);
    } else {
      const name = s.name.value;
      const fragment = seen.has(name) ? undefined : walk.fragments.get(name);
      if (!fragment || walk.skips?.(s, fragment)) continue;
      into(fragment, seen.add(name));
    }
  }
}

/**
 * Visits every field of several selection sets as one: the sets of the nodes merged at one response key,
 * whose subfields graphql-js collects together (a named fragment entered once over all of them).
 */
export function walkSets<C>(
  walk: FieldWalk<C>,
  sets: readonly SelectionSetNode[],
  context: C,
  visit: (field: FieldNode, context: C, seen: Set<string>) => void,
): void {
  const seen = new Set<string>();
  for (const set of sets) walkFields(walk, set, context, visit, seen);
}

/** The fields of `set`, each named fragment walked once. */
export function fieldsOf(fragments: FragmentLookup, set: SelectionSetNode | undefined): FieldNode[] {
  const found: FieldNode[] = [];
  walkFields({ fragments }, set, undefined, (field) => found.push(field));
  return found;
}

/** A field as execution runs it: the nodes of one response key merged, with the fragments spread above. */
export interface CollectedField<C> {
  /** The first node, with the selections of all of them (one node when only one names the key). */
  field: FieldNode;
  context: C;
  /** Names of the fragments spread above the field, on any of its paths (a cycle guard below it). */
  above: Set<string>;
}

function merged(nodes: FieldNode[]): FieldNode {
  if (nodes.length === 1) return nodes[0];
  const selections = nodes.flatMap((n) => n.selectionSet?.selections ?? []);
  return selections.length
    ? { ...nodes[0], selectionSet: { kind: Kind.SELECTION_SET, selections } }
    : nodes[0];
}

/**
 * The fields of `set` as graphql-js's execution collects them: one per response key (within the group
 * `groupOf` gives a context: fields of fragments on different types stay apart), a named fragment
 * entered once per selection set however often it is spread. Linear in the document, where walking
 * every spread of `...F ...F` in fragments that spread each other twice doubles at each level.
 */
export function collectFields<C>(
  walk: FieldWalk<C>,
  set: SelectionSetNode | undefined,
  context: C,
  groupOf: (context: C) => string,
  above: Set<string> = new Set(),
): CollectedField<C>[] {
  const groups = new Map<string, { nodes: FieldNode[]; context: C; above: Set<string> }>();
  const entered = new Set<string>();
  const collect = (s: SelectionSetNode | undefined, c: C, path: Set<string>): void => {
    for (const selection of s?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        const key = `${groupOf(c)}\u0000${(selection.alias ?? selection.name).value}`;
        const group = groups.get(key);
        if (!group) groups.set(key, { nodes: [selection], context: c, above: path });
        else {
          group.nodes.push(selection);
          if (group.above !== path) group.above = new Set([...group.above, ...path]);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!walk.skips?.(selection, selection))
          collect(selection.selectionSet, walk.within?.(selection, c) ?? c, path);
      } else {
        const name = selection.name.value;
        const fragment = entered.has(name) || path.has(name) ? undefined : walk.fragments.get(name);
        if (!fragment || walk.skips?.(selection, fragment)) continue;
        entered.add(name);
        collect(fragment.selectionSet, walk.within?.(fragment, c) ?? c, new Set([...path, name]));
      }
    }
  };
  collect(set, context, above);
  return [...groups.values()].map((g) => ({ field: merged(g.nodes), context: g.context, above: g.above }));
}

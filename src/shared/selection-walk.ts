// One walk over the fields of a GraphQL selection set, through inline fragments and named fragment
// spreads, for every part that reads a document (cost, access, limits, execution, resolvers). A spread
// cycle (refused by validation, which may not have run yet) never loops: a named fragment is walked
// once per path, or once per walk where the caller only collects.
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
  /**
   * `path`: a named fragment is walked once on each path (spread again on another path, it is walked
   * again: each occurrence counts); `walk`: once in the whole walk (enough to collect, and linear).
   */
  once: 'path' | 'walk';
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
 * names of the fragments walked (`seen`: spread above it, or so far in the walk).
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
      into(fragment, walk.once === 'path' ? new Set([...seen, name]) : seen.add(name));
    }
  }
}

/** The sum of `visit` over the fields of `set` (walkFields). */
export function sumFields<C>(
  walk: FieldWalk<C>,
  set: SelectionSetNode | undefined,
  context: C,
  visit: (field: FieldNode, context: C, seen: Set<string>) => number,
  seen?: Set<string>,
): number {
  let total = 0;
  walkFields(walk, set, context, (field, c, s) => (total += visit(field, c, s)), seen);
  return total;
}

/** The fields of `set`, each named fragment walked once. */
export function fieldsOf(fragments: FragmentLookup, set: SelectionSetNode | undefined): FieldNode[] {
  const found: FieldNode[] = [];
  walkFields({ fragments, once: 'walk' }, set, undefined, (field) => found.push(field));
  return found;
}

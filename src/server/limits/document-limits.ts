// One linear walk over a parsed document, before validation and execution: depth (through
// fragments, each fragment measured once, so fragment bombs cost nothing; introspection not counted), aliases (every alias node,
// `__typename` ones too) and directives; argument values nested too deep (input-depth). Page sizes
// above 100 are refused by the connections themselves, before their call.
// Validation itself is quadratic in the worst case (overlapping fields), so these run first.
import { Kind, type DocumentNode, type SelectionSetNode } from 'graphql';
import { fragmentsOf } from '../../shared/selection-walk';
import type { Limits } from '../config/security-config';
import { literalsTooDeep } from './input-depth';

export interface LimitViolation {
  code: 'QUERY_TOO_DEEP' | 'TOO_MANY_ALIASES' | 'TOO_MANY_DIRECTIVES' | 'BAD_USER_INPUT';
  message: string;
}

interface Counts {
  aliases: number;
  directives: number;
}

/** Counts the aliases and directives of every node of the document, once. */
function count(document: DocumentNode): Counts {
  const counts: Counts = { aliases: 0, directives: 0 };
  const visit = (set: SelectionSetNode | undefined): void => {
    for (const s of set?.selections ?? []) {
      counts.directives += s.directives?.length ?? 0;
      if (s.kind === Kind.FIELD) {
        if (s.alias) counts.aliases += 1;
      }
      if (s.kind !== Kind.FRAGMENT_SPREAD) visit(s.selectionSet);
    }
  };
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) {
      counts.directives += d.directives?.length ?? 0;
      visit(d.selectionSet);
    }
  }
  return counts;
}

/** The deepest field nesting of any operation; each fragment's depth is computed once. */
function depth(document: DocumentNode): number {
  const fragments = fragmentsOf(document);
  const known = new Map<string, number>();
  const inProgress = new Set<string>();
  const of = (set: SelectionSetNode | undefined): number => {
    let deepest = 0;
    for (const s of set?.selections ?? []) {
      // Introspection (`__schema`, `__type`) nests type references a dozen deep and makes no REST
      // call; GraphiQL's own query must pass. Its size stays bounded by the token limit.
      if (s.kind === Kind.FIELD && s.name.value.startsWith('__')) deepest = Math.max(deepest, 1);
      else if (s.kind === Kind.FIELD)
        deepest = Math.max(deepest, s.selectionSet ? 1 + of(s.selectionSet) : 1);
      else if (s.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, of(s.selectionSet));
      else deepest = Math.max(deepest, fragmentDepth(s.name.value));
    }
    return deepest;
  };
  // A fragment cycle is refused by validation; here it only must not loop.
  const fragmentDepth = (name: string): number => {
    const cached = known.get(name);
    if (cached !== undefined) return cached;
    if (inProgress.has(name)) return 0;
    inProgress.add(name);
    const d = of(fragments.get(name)?.selectionSet);
    inProgress.delete(name);
    known.set(name, d);
    return d;
  };
  let deepest = 0;
  for (const d of document.definitions)
    if (d.kind === Kind.OPERATION_DEFINITION) deepest = Math.max(deepest, of(d.selectionSet));
  return deepest;
}

export function checkDocumentLimits(document: DocumentNode, limits: Limits): LimitViolation[] {
  const found: LimitViolation[] = [];
  const d = depth(document);
  if (d > limits.maxDepth) {
    found.push({
      code: 'QUERY_TOO_DEEP',
      message: `the query is ${d} fields deep; at most ${limits.maxDepth} are allowed (PAYGRAPH_MAX_DEPTH)`,
    });
  }
  const c = count(document);
  if (c.aliases > limits.maxAliases) {
    found.push({
      code: 'TOO_MANY_ALIASES',
      message: `the query has ${c.aliases} aliases; at most ${limits.maxAliases} are allowed (PAYGRAPH_MAX_ALIASES)`,
    });
  }
  if (c.directives > limits.maxDirectives) {
    found.push({
      code: 'TOO_MANY_DIRECTIVES',
      message: `the query has ${c.directives} directives; at most ${limits.maxDirectives} are allowed (PAYGRAPH_MAX_DIRECTIVES)`,
    });
  }
  const deepInput = literalsTooDeep(document, limits.maxInputDepth);
  if (deepInput) found.push({ code: 'BAD_USER_INPUT', message: deepInput.message });
  return found;
}

// Canonical text of a query: the shortest text that parses back to the same (normalised) tree.
import { normalizeQuery, type QueryNode } from './ast';
import { COMPARATOR_TAIL_CHARS, KEYWORDS, endsBareValue, isValidName } from './lexicon';

/**
 * Writes a value so that the parser reads it back as exactly `value`, after any comparator.
 * Left bare when that is unambiguous; otherwise double-quoted with `\` and `"` escaped by a backslash.
 * The words AND/OR/NOT (in any case) are always quoted.
 */
export function quoteValue(value: string): string {
  return needsQuotes(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value;
}

function needsQuotes(value: string): boolean {
  if (value === '' || KEYWORDS.has(value.toUpperCase())) return true;
  // A leading '<', '>', '=', '*' or '~' would be read as part of the comparator.
  if (COMPARATOR_TAIL_CHARS.has(value[0])) return true;
  // A backslash means nothing bare, but another reader may take it as an escape (`x\` eating what follows).
  if (value.includes('\\')) return true;
  for (const ch of value) if (endsBareValue(ch)) return true;
  return false;
}

/** The canonical text of a query tree (of its normal form); throws on a tree no text can express. */
export function printQuery(node: QueryNode): string {
  return printNode(normalizeQuery(node));
}

function printNode(node: QueryNode): string {
  switch (node.kind) {
    case 'term':
      return printTerm(node);
    case 'not':
      return `-${node.term.kind === 'and' || node.term.kind === 'or' ? `(${printNode(node.term)})` : printNode(node.term)}`;
    case 'and':
      // An 'or' inside an 'and' needs parentheses; AND binds tighter than OR.
      return nonEmpty(node)
        .map((t) => (t.kind === 'or' ? `(${printNode(t)})` : printNode(t)))
        .join(' ');
    case 'or':
      return nonEmpty(node).map(printNode).join(' OR ');
  }
}

function nonEmpty(node: QueryNode & { kind: 'and' | 'or' }): QueryNode[] {
  if (node.terms.length === 0)
    throw new RangeError(`printQuery: an '${node.kind}' node needs at least one term`);
  return node.terms;
}

function printTerm(node: QueryNode & { kind: 'term' }): string {
  if (!isValidName(node.name))
    throw new RangeError(`printQuery: '${node.name}' cannot be written as a field name`);
  if (node.comparator === ':*') return `${node.name}:*`;
  if (node.value === undefined)
    throw new RangeError(`printQuery: term '${node.name}${node.comparator}' needs a value`);
  return `${node.name}${node.comparator}${quoteValue(node.value)}`;
}

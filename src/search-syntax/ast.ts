// The parsed form of a search query, and its normal form (the form parseQuery returns).

export type Comparator = ':' | ':<' | ':>' | ':<=' | ':>=' | ':*' | ':~';

export type QueryNode =
  | { kind: 'and'; terms: QueryNode[] }
  | { kind: 'or'; terms: QueryNode[] }
  | { kind: 'not'; term: QueryNode }
  | { kind: 'term'; name: string; comparator: Comparator; value?: string };

export const comparators: readonly Comparator[] = [':', ':<', ':>', ':<=', ':>=', ':*', ':~'];

/**
 * The normal form: nested and/or of the same kind are flattened, and/or of a single term collapse
 * to that term, and a `:*` term carries no value. Empty and/or are kept (only printQuery rejects them).
 */
export function normalizeQuery(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'term':
      return node.comparator === ':*'
        ? { kind: 'term', name: node.name, comparator: ':*' }
        : { kind: 'term', name: node.name, comparator: node.comparator, value: node.value };
    case 'not':
      return { kind: 'not', term: normalizeQuery(node.term) };
    default: {
      const terms = node.terms.flatMap((t) => {
        const n = normalizeQuery(t);
        return n.kind === node.kind ? n.terms : [n];
      });
      return terms.length === 1 ? terms[0] : { kind: node.kind, terms };
    }
  }
}

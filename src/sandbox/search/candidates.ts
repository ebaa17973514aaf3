// Which index lookups a query allows: the objects a search can match are, before any filtering, those
// the store's index gives for one equality the whole query requires (`linkedTransaction:5`,
// `id:1 OR id:2`, `customerId:"a" AND state:ACTIVE`). The full query still runs on them, so the
// answer is the scan's by construction; a query with no such term scans the model.
import type { QueryNode } from '../../search-syntax';
import type { IndexKey } from '../store';
import type { FieldAccessor, FieldResolver } from './accessor';
import { equalityKey, resolveField, typedOperand } from './evaluate';

/** One lookup: the objects whose index key (`key`, in the index `name`) is one of `keys`. */
export interface IndexLookup {
  name: string;
  key: IndexKey;
  keys: unknown[];
}

type TermNode = QueryNode & { kind: 'term' };

/**
 * A value with many elements (a path through an array): its objects are always candidates, since
 * equality holds when any element is equal; the full query decides.
 */
const MANY = Symbol('many values');

/**
 * The lookups a query allows, one per conjunct of its top level that is an equality term, or an OR of
 * equality terms on one field, on a field the index can serve. Any one of them holds every match;
 * the caller takes the smallest. Empty: scan. Call after compileQuery, which rejects bad fields and values.
 */
export function indexLookups(node: QueryNode | null, resolve: FieldResolver): IndexLookup[] {
  if (!node) return [];
  const lookups: IndexLookup[] = [];
  for (const conjunct of conjunctsOf(node)) {
    const lookup = lookupOf(equalities(conjunct), resolve);
    if (lookup) lookups.push(lookup);
  }
  return lookups;
}

/** The terms a node requires all of (nested ANDs, from parentheses, flattened). */
function conjunctsOf(node: QueryNode): QueryNode[] {
  return node.kind === 'and' ? node.terms.flatMap(conjunctsOf) : [node];
}

/** The equality terms on one name that `node` is the OR of, or undefined when it is anything else. */
function equalities(node: QueryNode): TermNode[] | undefined {
  if (node.kind === 'term') return node.comparator === ':' ? [node] : undefined;
  if (node.kind !== 'or') return undefined;
  const terms: TermNode[] = [];
  for (const t of node.terms) {
    const inner = equalities(t);
    if (!inner) return undefined;
    terms.push(...inner);
  }
  return terms.every((t) => t.name === terms[0].name) ? terms : undefined;
}

function lookupOf(terms: TermNode[] | undefined, resolve: FieldResolver): IndexLookup | undefined {
  if (!terms?.length) return undefined;
  const { name } = terms[0];
  const field = resolveField(resolve, name);
  const key = indexKey(field);
  if (!key) return undefined;
  const keys: unknown[] = terms.map((t) =>
    equalityKey(field.type)!(typedOperand(field, name, t.value ?? '')),
  );
  return { name: `search ${name}`, key, keys: [...keys, MANY] };
}

/** Fields of a few values (states, flags) narrow too little to be worth an index kept for every write. */
const FEW_VALUES = new Set<FieldAccessor['type']>(['enum', 'boolean']);

/** The key an object is indexed by for equality on `field`, when the field allows an index. */
function indexKey(field: FieldAccessor): IndexKey | undefined {
  const equal = equalityKey(field.type);
  if (!equal || !field.own || field.list || FEW_VALUES.has(field.type)) return undefined;
  const { get } = field;
  return (object) => {
    const value = get(object);
    if (Array.isArray(value)) return MANY;
    return value === null || value === undefined ? null : equal(value);
  };
}

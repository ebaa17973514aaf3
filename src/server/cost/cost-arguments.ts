// What the cost estimate reads from a field's arguments (inline or in the operation's variables,
// defaults applied): page requests, the ids of `nodes`, the items of a bulk mutation, and how many
// rows a filter can match.
import { valueFromASTUntyped, type FieldNode, type ValueNode } from 'graphql';
import { mutationSpecs, type Resource } from '../../catalog';
import {
  batchesChildPages,
  decodeGlobalId,
  DEFAULT_PAGE_SIZE,
  pageRequest,
  plainListSearched,
  SEARCH_BATCH,
} from '../../resolvers';

export type Variables = Record<string, unknown>;

/** Rows a plain list (countries, currencies: REST lists with no paging) is taken to hold at most. */
export const PLAIN_LIST_ROWS = 300;

export const batches = (rows: number): number => Math.ceil(rows / SEARCH_BATCH);

function argument(field: FieldNode, name: string): ValueNode | undefined {
  return field.arguments?.find((a) => a.name.value === name)?.value;
}

/** An argument's value as given: a literal read as JSON-like data, or the variable's (coerced) value. */
function valueOf(value: ValueNode | undefined, variables: Variables): unknown {
  return value && valueFromASTUntyped(value, variables);
}

/** The value of a field's argument `name`, as given (undefined when absent). */
export function argumentValue(field: FieldNode, name: string, variables: Variables): unknown {
  return valueOf(argument(field, name), variables);
}

export interface AskedPage {
  size: number;
  /** Whether the pages of many parents go in one search (else one call per parent). */
  batched: boolean;
}

/** The page a connection asks for, as the read path reads it (bad arguments: the default, unbatched). */
export function askedPage(field: FieldNode, variables: Variables): AskedPage {
  const args = Object.fromEntries(
    ['first', 'last', 'after', 'before'].map((name) => [name, valueOf(argument(field, name), variables)]),
  );
  try {
    const page = pageRequest(args);
    return { size: page.size, batched: batchesChildPages(page) };
  } catch {
    return { size: DEFAULT_PAGE_SIZE, batched: false };
  }
}

export interface LookupCalls {
  rows: number;
  calls: number;
  spaces: number;
}

/** `nodes(ids:)`: how many ids, the calls they take (one batch per type and space) and the spaces they name. */
export function nodesCalls(field: FieldNode, variables: Variables): LookupCalls {
  const given = valueOf(argument(field, 'ids'), variables);
  return globalIdCalls(Array.isArray(given) ? given : []);
}

/** `_entities(representations:)`: as `nodes`, by the global ID each representation names. */
export function entitiesCalls(field: FieldNode, variables: Variables): LookupCalls {
  const given = valueOf(argument(field, 'representations'), variables);
  const representations = Array.isArray(given) ? given : [];
  return globalIdCalls(
    representations.map((r: unknown) =>
      typeof r === 'object' && r !== null ? (r as { id?: unknown }).id : undefined,
    ),
  );
}

function globalIdCalls(ids: readonly unknown[]): LookupCalls {
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

/** Bulk mutations by name: the input field holding their items. */
const bulkItemsFields = new Map(
  mutationSpecs.flatMap((m) => (m.bulkItemsField ? [[m.name, m.bulkItemsField] as const] : [])),
);

/** The items of a bulk mutation (`input: { customers: [...] }`), or undefined for any other mutation. */
export function bulkItems(field: FieldNode, variables: Variables): number | undefined {
  const itemsField = bulkItemsFields.get(field.name.value);
  if (!itemsField) return undefined;
  const input = valueOf(argument(field, 'input'), variables) as Record<string, unknown> | undefined;
  const items = input?.[itemsField];
  return Array.isArray(items) ? Math.max(1, items.length) : 1;
}

/**
 * The rows a plain list's `filter` can match: its key asked `eq` one value matches one row, `in` a
 * list at most as many; any other filter may match every row (PLAIN_LIST_ROWS).
 */
export function plainListRows(field: FieldNode, keyField: string, variables: Variables): number {
  const filter = valueOf(argument(field, 'filter'), variables) as Record<string, unknown> | null | undefined;
  const condition = filter?.[keyField] as { eq?: unknown; in?: unknown } | null | undefined;
  if (condition?.eq !== undefined && condition.eq !== null) return 1;
  if (Array.isArray(condition?.in)) return Math.max(1, condition.in.length);
  return PLAIN_LIST_ROWS;
}

/** Whether a plain list is searched page by page, as the read path decides (`plainListSearched`). */
export function plainListPaged(field: FieldNode, resource: Resource, variables: Variables): boolean {
  const args = Object.fromEntries(
    ['filter', 'orderBy', 'query'].map((name) => [
      name,
      valueOf(argument(field, name), variables) ?? undefined,
    ]),
  );
  try {
    return plainListSearched(resource, args);
  } catch {
    return true;
  }
}

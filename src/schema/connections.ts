// Relay connections of entities: one `<Type>Connection` / `<Type>Edge` pair per entity model, the
// collection arguments (paging 1-100, filter, orderBy, raw query), and their validation.
import { resourceOf } from '../catalog';
import { builder } from './builder';
import { badUserInput, dynamicArg, type ArgBuilder, type Args, type Output } from './dynamic';
import { cleanFilter, filterRef } from './filters';
import { orderRef, type OrderValue } from './order';
import { refCache } from './ref-cache';
import { entityRef } from './registry';

export const MAX_PAGE = 100;
/** Page size assumed for cost when a connection names none (the resolvers' default is smaller). */
export const DEFAULT_PAGE = 20;

/** What a collection resolver of src/resolvers receives. */
export interface CollectionArgs {
  first?: number;
  after?: string;
  last?: number;
  before?: string;
  filter?: Record<string, unknown>;
  orderBy?: OrderValue[];
  query?: string;
}

/** `<Type>Connection` (and its `<Type>Edge`) of an entity model. */
export const connectionRef: (model: string) => Output = refCache((model) => {
  const typeName = resourceOf(model).typeName;
  return builder.connectionObject(
    { type: entityRef(model), name: `${typeName}Connection` },
    { name: `${typeName}Edge` },
  );
});

/** Arguments of a collection field: paging (unless the REST list has none), filter, orderBy, query. */
export function collectionArgs(t: { arg: ArgBuilder }, model: string, paged = true) {
  const arg = t.arg;
  const common = {
    filter: dynamicArg(arg, {
      type: filterRef(model),
      description: 'Typed conditions; keys are REST field names.',
    }),
    orderBy: dynamicArg(arg, {
      type: orderRef(model),
      list: true,
      description: 'Sort keys, most significant first.',
    }),
    query: dynamicArg(arg, {
      type: 'String',
      description: 'A raw query in the REST search syntax, combined with `filter` by AND.',
    }),
  };
  if (!paged) return common;
  return {
    first: dynamicArg(arg, {
      type: 'Int',
      description: `Page size from the start or after \`after\` (1-${MAX_PAGE}).`,
    }),
    after: dynamicArg(arg, { type: 'String', description: 'Cursor to continue after.' }),
    last: dynamicArg(arg, {
      type: 'Int',
      description: `Page size from the end or before \`before\` (1-${MAX_PAGE}).`,
    }),
    before: dynamicArg(arg, { type: 'String', description: 'Cursor to continue before.' }),
    ...common,
  };
}

function pageSize(name: 'first' | 'last', value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PAGE) {
    throw badUserInput(`\`${name}\` must be between 1 and ${MAX_PAGE}, got ${String(value)}`);
  }
  return value;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Validates GraphQL collection arguments and shapes them for the resolvers (which pick the default size). */
export function toCollectionArgs(args: Args): CollectionArgs {
  const first = pageSize('first', args.first);
  const last = pageSize('last', args.last);
  if (first !== undefined && last !== undefined)
    throw badUserInput('pass either `first` or `last`, not both');
  const out: CollectionArgs = {};
  if (first !== undefined) out.first = first;
  if (last !== undefined) out.last = last;
  const after = optionalString(args.after);
  const before = optionalString(args.before);
  if (after !== undefined) out.after = after;
  if (before !== undefined) out.before = before;
  return { ...out, ...listArgs(args) };
}

/** filter / orderBy / query, shared by connections and plain lists. */
export function listArgs(args: Args): Pick<CollectionArgs, 'filter' | 'orderBy' | 'query'> {
  const out: Pick<CollectionArgs, 'filter' | 'orderBy' | 'query'> = {};
  if (args.filter) out.filter = cleanFilter(args.filter) as Record<string, unknown>;
  if (Array.isArray(args.orderBy)) {
    out.orderBy = (args.orderBy as OrderValue[]).map((o) => ({
      field: o.field,
      direction: o.direction ?? 'ASC',
    }));
  }
  const query = optionalString(args.query);
  if (query !== undefined && query.trim() !== '') out.query = query;
  return out;
}

/** Complexity of a connection field: the page it asks for times its children. */
export function connectionComplexity(args: Args): { field: number; multiplier: number } {
  const size =
    typeof args.first === 'number' ? args.first : typeof args.last === 'number' ? args.last : DEFAULT_PAGE;
  return { field: 1, multiplier: Math.max(1, Math.min(size, MAX_PAGE)) };
}

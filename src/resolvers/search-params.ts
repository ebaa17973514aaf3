// The `query` and `order` parameters of a REST search-like call (the CSV export) from the typed
// arguments collections take: filter and raw query AND-ed, orderBy with the key as tie-breaker.
import { resourceOf } from '../catalog';
import { userQuery } from './collections';
import { orderString, totalOrder, type OrderKey } from './order';
import type { Filter } from './filter-translator';

export interface SearchArgs {
  filter?: Filter | null;
  query?: string | null;
  orderBy?: OrderKey[] | null;
}

export function searchParams(model: string, args: SearchArgs): { query?: string; order?: string } {
  const resource = resourceOf(model);
  const out: { query?: string; order?: string } = {};
  const query = userQuery(resource, { filter: args.filter ?? undefined, query: args.query ?? undefined });
  if (query) out.query = query;
  if (args.orderBy?.length) out.order = orderString(totalOrder(args.orderBy, resource.key.field));
  return out;
}

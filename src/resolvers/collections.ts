// Collections: Relay connections over list operations (paged by id) or search operations (paged by
// offset, then keyset), and the plain unpaged lists of countries, currencies, languages and states.
import type { GraphQLResolveInfo } from 'graphql';
import type { Resource } from '../catalog';
import type { Connection } from './connection';
import { internalsOf, planOf, type GraphContext, type Internals } from './context';
import type { Entity } from './entity';
import { graphError, guarded } from './errors';
import type { FetchTarget } from './fetch-target';
import { translateFilter } from './filter-translator';
import { listable, listPage } from './list-paging';
import { orderString, totalOrder } from './order';
import { pageRequest, MAX_PAGE_SIZE, type CollectionArgs, type PageRequest } from './page-args';
import { asPage, callOp, withExpand } from './rest-calls';
import { searchPage } from './search-paging';
import { combineQueries, rawQuery } from './search-syntax';

export interface CollectionTarget {
  resource: Resource;
  space: number | null;
  parentKey?: { pathParam: string; value: string | number };
}

/** The user's filter and raw query as one search query, plus any condition the caller adds. */
export function userQuery(
  resource: Resource,
  args: Pick<CollectionArgs, 'filter' | 'query'>,
  extra?: string,
): string | undefined {
  return combineQueries(extra, translateFilter(args.filter, resource.model), rawQuery(args.query));
}

/** One page, by list when nothing but the id order is asked for, by search otherwise. */
export function fetchPage(
  internals: Internals,
  target: FetchTarget,
  args: CollectionArgs,
  page: PageRequest,
): Promise<Connection> {
  const { resource } = target;
  const order = totalOrder(args.orderBy, resource.key.field);
  const byIdOnly = order.length === 1 && order[0].field === resource.key.field;
  if (byIdOnly && listable(target)) return listPage(internals, target, order[0].direction, page);
  if (!resource.ops.S) {
    throw graphError(
      'BAD_USER_INPUT',
      `${resource.typeName} cannot be filtered or sorted: the REST API offers no search for it`,
    );
  }
  return searchPage(internals, target, order, page);
}

export function resolveCollection(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  target: CollectionTarget,
  args: CollectionArgs,
): Promise<Connection> {
  return guarded(async () => {
    const { resource, space, parentKey } = target;
    const plan = planOf(ctx, info, resource.model, 'connection');
    const fetchTarget: FetchTarget = {
      resource,
      space: resource.spaceScoped ? space : null,
      path: parentKey ? { [parentKey.pathParam]: parentKey.value } : {},
      query: userQuery(resource, args),
      expand: plan.paths,
    };
    return fetchPage(internalsOf(ctx), fetchTarget, args, pageRequest(args));
  });
}

/** Countries, currencies, languages, states: REST has no paging for them, so neither has the graph. */
export function resolvePlainList(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  resource: Resource,
  args: Pick<CollectionArgs, 'filter' | 'orderBy' | 'query'>,
): Promise<Entity[]> {
  return guarded(async () => {
    const internals = internalsOf(ctx);
    const expand = planOf(ctx, info, resource.model, 'entity').paths;
    const query = userQuery(resource, args);
    const list = resource.ops.L;
    if (list && !plainListSearched(resource, args, query)) {
      const body = await callOp(internals.caller, list, { space: null, query: withExpand(list, {}, expand) });
      return asPage(body).data.map((row) => internals.cache.wrap(row, resource.model, null, expand));
    }
    if (!resource.ops.S) {
      throw graphError(
        'BAD_USER_INPUT',
        `${resource.typeName} cannot be filtered or sorted: the REST API offers no search for it`,
      );
    }
    return searchAll(
      internals,
      resource,
      null,
      query,
      orderString(totalOrder(args.orderBy, resource.key.field)),
      expand,
    );
  });
}

/**
 * Whether a plain list is searched page by page (filtered, sorted, or with no list operation) rather
 * than listed in one call. `query`: the translated filter, when the caller has it already.
 */
export function plainListSearched(
  resource: Resource,
  args: Pick<CollectionArgs, 'filter' | 'orderBy' | 'query'>,
  query: string | undefined = userQuery(resource, args),
): boolean {
  return query !== undefined || (args.orderBy?.length ?? 0) > 0 || !resource.ops.L;
}

/** Every match of a search, page after page of 100. */
export async function searchAll(
  internals: Internals,
  resource: Resource,
  space: number | null,
  query: string | undefined,
  order: string,
  expand: string[],
): Promise<Entity[]> {
  const out: Entity[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    if (offset > internals.maxOffset) {
      throw graphError(
        'RANGE_NOT_SATISFIABLE',
        `${resource.typeName}: more than ${internals.maxOffset} matches; narrow the filter`,
      );
    }
    const params: Record<string, unknown> = { order, limit: MAX_PAGE_SIZE };
    if (query) params.query = query;
    if (offset > 0) params.offset = offset;
    const body = await callOp(internals.caller, resource.ops.S!, {
      space,
      query: withExpand(resource.ops.S!, params, expand),
    });
    const page = asPage(body);
    out.push(...page.data.map((row) => internals.cache.wrap(row, resource.model, space, expand)));
    if (!page.hasMore) return out;
  }
}

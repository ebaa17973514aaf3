// One-to-many links as connections. Children that name their parent in a searchable field are fetched
// for many parents at once when a first page is asked for; any other page, and children whose base path
// carries the parent id, cost one call per parent (made concurrently by graphql-js).
import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import { resourceOf, type ChildRelation, type Resource } from '../catalog';
import { connectionOf, noCursor, type Connection } from './connection';
import { internalsOf, planOf, type GraphContext, type Internals } from './context';
import { entityMeta, type Entity } from './entity';
import { matchingFor, type Matching, type SearchableVia } from './child-matching';
import { keyOf, spaceFor } from './entity-cache';
import { guarded } from './errors';
import { fetchPage, userQuery } from './collections';
import { lazySignature, type FetchTarget } from './fetch-target';
import { orderString, totalOrder } from './order';
import { MAX_PAGE_SIZE, pageRequest, type CollectionArgs, type PageRequest } from './page-args';
import { asPage, callOp, withExpand } from './rest-calls';
import { rowCursor } from './search-paging';
import { group } from './search-syntax';
import { stableKey } from './stable-key';

interface Shared {
  relation: ChildRelation;
  via: SearchableVia;
  child: Resource;
  parentSpace: number | null;
  space: number | null;
  expand: string[];
  args: CollectionArgs;
  page: PageRequest;
  naive: boolean;
}

function perParent(s: Shared, m: Matching, parentKey: string): FetchTarget {
  const anyOf = group(m.terms(parentKey), 'OR');
  const target: FetchTarget = {
    resource: s.child,
    space: s.space,
    path: {},
    query: userQuery(s.child, s.args, anyOf),
    expand: s.expand,
  };
  if (m.identity) target.identity = JSON.stringify([m.identity(parentKey), userQuery(s.child, s.args) ?? '']);
  return target;
}

const EMPTY = (): Connection => connectionOf([], noCursor, false, false);

/** One parent's page on its own; a parent that names no possible child costs nothing. */
function onePage(internals: Internals, s: Shared, m: Matching, parentKey: string): Promise<Connection> {
  if (m.terms(parentKey).length === 0) return Promise.resolve(EMPTY());
  return fetchPage(internals, perParent(s, m, parentKey), s.args, s.page);
}

/** The parents whose page a cut search left unknown, answered by a later step. */
type FollowUp = (parents: string[]) => Promise<Connection[]>;

/**
 * Children of some parents in one search (`transaction.id:1 OR transaction.id:2 ...`) at the batch
 * limit. The result is a prefix of the global order, so each parent's rows are a prefix of its own: its
 * page is complete when nothing was cut, or when it already has more than one page. The other parents
 * go to `followUp`.
 */
async function search(
  internals: Internals,
  s: Shared,
  m: Matching,
  parents: string[],
  followUp: FollowUp,
): Promise<Connection[]> {
  const anyParent = group(
    parents.flatMap((p) => m.terms(p)),
    'OR',
  );
  if (anyParent === '') return parents.map(EMPTY);
  const order = totalOrder(s.args.orderBy, s.child.key.field);
  const query = userQuery(s.child, s.args, anyParent);
  // The links the grouping reads are expanded along with what the selection asks for.
  const expand = [...new Set([...s.expand, ...m.expand])];
  const body = await callOp(internals.caller, s.child.ops.S!, {
    space: s.space,
    query: withExpand(
      s.child.ops.S!,
      { query, order: orderString(order), limit: internals.childBatchLimit },
      expand,
    ),
  });
  const { data, hasMore } = asPage(body);
  const byParent = new Map<string, Entity[]>(parents.map((p) => [p, []]));
  for (const row of data) {
    const entity = internals.cache.wrap(row, s.child.model, s.space, expand);
    byParent.get(m.ownerOf(entity) ?? '')?.push(entity);
  }
  const answers = new Map<string, Connection>();
  const cut: string[] = [];
  for (const p of parents) {
    const rows = byParent.get(p) ?? [];
    if (hasMore && rows.length <= s.page.size) {
      cut.push(p);
      continue;
    }
    const sig = lazySignature(perParent(s, m, p), orderString(order));
    const pageRows = rows.slice(0, s.page.size);
    const cursorOf = (i: number) => rowCursor(sig(), 0, i, pageRows[i], order, s.child.key.field);
    answers.set(p, connectionOf(pageRows, cursorOf, rows.length > s.page.size, false));
  }
  if (cut.length > 0) (await followUp(cut)).forEach((c, i) => answers.set(cut[i], c));
  return parents.map((p) => answers.get(p)!);
}

/** Parents per search such that a cut search still completes at least one parent's page. */
/** Parents whose whole pages (plus one row each, for hasNextPage) fit one search of `limit` rows. */
const parentsPerSearch = (limit: number, pageSize: number) => Math.floor(limit / (pageSize + 1));
const perSafeChunk = (internals: Internals, s: Shared) =>
  parentsPerSearch(internals.childBatchLimit, s.page.size);

function oneByOne(internals: Internals, s: Shared, m: Matching): FollowUp {
  return (parents) => Promise.all(parents.map((p) => onePage(internals, s, m, p)));
}

/** Searches in chunks small enough that each completes some parent; the rest one parent at a time. */
function inSafeChunks(internals: Internals, s: Shared, m: Matching): FollowUp {
  return async (parents) => {
    const size = perSafeChunk(internals, s);
    const chunks: string[][] = [];
    for (let i = 0; i < parents.length; i += size) chunks.push(parents.slice(i, i + size));
    const answers = await Promise.all(
      chunks.map((c) => search(internals, s, m, c, oneByOne(internals, s, m))),
    );
    return answers.flat();
  };
}

/**
 * All parents of the tick in one optimistic search at the batch limit: typical pages (fewer children
 * than the limit) are complete at once. Only the parents a cut may have cut short are asked again, in
 * safe chunks (each of them completes at least one parent), then one by one.
 */
async function optimistic(internals: Internals, s: Shared, parents: string[]): Promise<Connection[]> {
  const m = await matchingFor(internals, s.relation, s.via, s.parentSpace, parents, s.naive);
  const followUp =
    parents.length <= perSafeChunk(internals, s) ? oneByOne(internals, s, m) : inSafeChunks(internals, s, m);
  return search(internals, s, m, parents, followUp);
}

/** Parents per optimistic search: the OR of their terms stays a modest query. */
const MAX_PARENTS_PER_SEARCH = 100;

function childLoader(internals: Internals, s: Shared, id: string): DataLoader<string, Connection> {
  let loader = internals.children.get(id);
  if (!loader) {
    loader = new DataLoader<string, Connection>(
      (parents) =>
        (internals.observeBatch('children', s.child.typeName, parents.length),
        optimistic(internals, s, [...parents])).catch((e: unknown) => parents.map(() => asError(e))),
      { maxBatchSize: MAX_PARENTS_PER_SEARCH },
    );
    internals.children.set(id, loader);
  }
  return loader;
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** One parent's page of a relation, as asked. */
export interface AskedPage {
  relation: ChildRelation;
  parentKey: string;
  parentSpace: number | null;
  args: CollectionArgs;
}

/**
 * Whether pages of children asked for many parents go in one search: the first page, forward, with
 * room for two parents' pages (plus one row each, for hasNextPage) in one search of `limit` rows.
 * The cost estimate counts one call per parent otherwise.
 */
export function batchesChildPages(page: PageRequest, limit: number = MAX_PAGE_SIZE): boolean {
  return parentsPerSearch(limit, page.size) >= 2 && page.forward && page.cursor === null;
}

/** What the parents of one relation share for one field's arguments (`via` narrowed to a search). */
function sharedOf(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  relation: ChildRelation,
  via: SearchableVia,
  parentSpace: number | null,
  args: CollectionArgs,
  page: PageRequest,
): Shared {
  const child = resourceOf(relation.child);
  return {
    relation,
    via,
    child,
    parentSpace,
    space: spaceFor(child.model, parentSpace),
    expand: planOf(ctx, info, child.model, 'connection').paths,
    args,
    page,
    naive: ctx.naive,
  };
}

/**
 * The parent's page through the batching loader, when the page can be batched (a searchable
 * relation: children naming their parent directly, through a link, or through another relation of
 * the parent, as child-matching.ts reads it; `batchesChildPages`). Null otherwise (each parent then
 * gets its own call).
 */
function batchedPage(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  asked: AskedPage,
): Promise<Connection> | null {
  const { relation, parentKey, parentSpace, args } = asked;
  if (relation.via.kind === 'path' || ctx.naive) return null;
  const internals = internalsOf(ctx);
  const child = resourceOf(relation.child);
  const page = pageRequest(args);
  if (!batchesChildPages(page, internals.childBatchLimit) || !child.ops.S) return null;
  const s = sharedOf(ctx, info, relation, relation.via, parentSpace, args, page);
  const id = stableKey([
    relation.parent,
    relation.name,
    s.space,
    s.expand,
    args.filter,
    args.query,
    args.orderBy,
    page.size,
  ]);
  return childLoader(internals, s, id).load(parentKey);
}

/**
 * Starts a parent's page before the parent itself is loaded, when its key is known from the
 * arguments: the resolver of the field, run later, finds the same load in the loader's cache. Pages
 * that cannot be batched are left to that resolver; a failure is the resolver's to report.
 */
export function prefetchChildren(ctx: GraphContext, info: GraphQLResolveInfo, asked: AskedPage): void {
  try {
    batchedPage(ctx, info, asked)?.catch(() => undefined);
  } catch {
    // Bad arguments: the field's resolver reports them.
  }
}

export function resolveChildren(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  parent: Entity,
  relation: ChildRelation,
  args: CollectionArgs,
): Promise<Connection> {
  return guarded(async () => {
    const internals = internalsOf(ctx);
    const child = resourceOf(relation.child);
    const parentKey = keyOf(parent[relation.parentField ?? resourceOf(relation.parent).key.field]);
    if (parentKey === null) return EMPTY();
    const parentSpace = entityMeta(parent).space;
    const batched = batchedPage(ctx, info, { relation, parentKey, parentSpace, args });
    if (batched) return batched;
    const page = pageRequest(args);
    if (relation.via.kind === 'path') {
      const target: FetchTarget = {
        resource: child,
        space: spaceFor(child.model, parentSpace),
        path: { [relation.via.pathParam]: parentKey },
        query: userQuery(child, args),
        expand: planOf(ctx, info, child.model, 'connection').paths,
      };
      return fetchPage(internals, target, args, page);
    }
    const s = sharedOf(ctx, info, relation, relation.via, parentSpace, args, page);
    // A `through` relation still loads what it goes through for all parents of the tick at once.
    const m = await matchingFor(internals, relation, s.via, parentSpace, [parentKey], ctx.naive);
    return onePage(internals, s, m, parentKey);
  });
}

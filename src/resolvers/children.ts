// One-to-many links as connections. Children that name their parent in a searchable field (directly,
// through a link, or through another relation of the parent: child-matching.ts) are fetched for many
// parents at once (`transaction.id:1 OR transaction.id:2 ...`) and grouped by parent when a first
// page is asked for; any other page, and children whose base path carries the parent id, cost one
// call per parent (made concurrently by graphql-js).
import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import { resourceOf, type ChildRelation, type Resource } from '../catalog';
import { connectionOf, type Connection } from './connection';
import { internalsOf, planOf, type GraphContext, type Internals } from './context';
import { entityMeta, type Entity } from './entity';
import { matchingFor, type Matching, type SearchableVia } from './child-matching';
import { keyOf, spaceFor } from './entity-cache';
import { guarded } from './errors';
import { fetchPage, userQuery } from './collections';
import { signature, type FetchTarget } from './fetch-target';
import { orderString, totalOrder } from './order';
import { pageRequest, type CollectionArgs, type PageRequest } from './page-args';
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
  const target: FetchTarget = { resource: s.child, space: s.space, path: {}, query: userQuery(s.child, s.args, anyOf), expand: s.expand };
  if (m.identity) target.identity = JSON.stringify([m.identity(parentKey), userQuery(s.child, s.args) ?? '']);
  return target;
}

const EMPTY = (): Connection => connectionOf([], [], false, false);

/** One parent's page on its own; a parent that names no possible child costs nothing. */
function onePage(internals: Internals, s: Shared, m: Matching, parentKey: string): Promise<Connection> {
  if (m.terms(parentKey).length === 0) return Promise.resolve(EMPTY());
  return fetchPage(internals, perParent(s, m, parentKey), s.args, s.page);
}

/** Children of one chunk of parents in one search; parents whose page may be cut short fall back. */
async function chunk(internals: Internals, s: Shared, parents: string[]): Promise<Connection[]> {
  const m = await matchingFor(internals, s.relation, s.via, s.parentSpace, parents, s.naive);
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
    query: withExpand(s.child.ops.S!, { query, order: orderString(order), limit: internals.childBatchLimit }, expand),
  });
  const { data, hasMore } = asPage(body);
  const byParent = new Map<string, Entity[]>(parents.map((p) => [p, []]));
  for (const row of data) {
    const entity = internals.cache.wrap(row, s.child.model, s.space, expand);
    byParent.get(m.ownerOf(entity) ?? '')?.push(entity);
  }
  return Promise.all(
    parents.map(async (p) => {
      const rows = byParent.get(p) ?? [];
      // The result is a prefix of the global order, so each parent's rows are a prefix of its own:
      // complete when nothing was cut, or when the parent already has more than one page.
      if (hasMore && rows.length <= s.page.size) return onePage(internals, s, m, p);
      const sig = signature(perParent(s, m, p), orderString(order));
      const pageRows = rows.slice(0, s.page.size);
      const cursors = pageRows.map((row, i) => rowCursor(sig, 0, i, row, order, s.child.key.field));
      return connectionOf(pageRows, cursors, rows.length > s.page.size, false);
    }),
  );
}

function childLoader(internals: Internals, s: Shared, id: string): DataLoader<string, Connection> {
  let loader = internals.children.get(id);
  if (!loader) {
    const perChunk = Math.floor(internals.childBatchLimit / (s.page.size + 1));
    loader = new DataLoader<string, Connection>(async (parents) => {
      const chunks: string[][] = [];
      for (let i = 0; i < parents.length; i += perChunk) chunks.push(parents.slice(i, i + perChunk));
      const answers = await Promise.all(chunks.map((c) => chunk(internals, s, c).catch((e: unknown) => c.map(() => asError(e)))));
      return answers.flat();
    });
    internals.children.set(id, loader);
  }
  return loader;
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
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
    const space = spaceFor(child.model, parentSpace);
    const expand = planOf(ctx, info, child.model, 'connection').paths;
    const page = pageRequest(args);
    if (relation.via.kind === 'path') {
      const target: FetchTarget = {
        resource: child,
        space,
        path: { [relation.via.pathParam]: parentKey },
        query: userQuery(child, args),
        expand,
      };
      return fetchPage(internals, target, args, page);
    }
    const s: Shared = { relation, via: relation.via, child, parentSpace, space, expand, args, page, naive: ctx.naive };
    // Batching pays when at least two parents' first pages (plus one row each, for hasNextPage) fit
    // in one search; otherwise each parent gets its own call.
    const fits = Math.floor(internals.childBatchLimit / (page.size + 1)) >= 2;
    const batchable = !ctx.naive && fits && page.forward && page.cursor === null && !!child.ops.S;
    if (!batchable) {
      // A `through` relation still loads what it goes through for all parents of the tick at once.
      const m = await matchingFor(internals, relation, s.via, parentSpace, [parentKey], ctx.naive);
      return onePage(internals, s, m, parentKey);
    }
    const id = stableKey([relation.parent, relation.name, space, expand, args.filter, args.query, args.orderBy, page.size]);
    return childLoader(internals, s, id).load(parentKey);
  });
}

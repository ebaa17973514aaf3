// The generic standard operations (list, retrieve, search, create, update, delete) of every base,
// driven by the catalog. Resource-specific behaviour lives in handlers registered for an operationId.
import { resourceOf, type OpCode, type Resource } from '../../catalog';
import { ok, type Handler, type HandlerRequest, type SandboxState } from '../context';
import { badRequest } from '../errors';
import {
  compileQuery,
  fieldResolver,
  indexLookups,
  parseQuery,
  parseSortOrder,
  SearchSyntaxError,
  sortObjects,
  type SortKey,
} from '../search';
import type { StoredObject } from '../store';
import { addressedObject, visibleObjects, visibleSource, type ObjectSource } from './addressing';
import { create, remove, update } from './standard-write';
import { listPage, searchPage, searchWindow } from './paging';

function sortKeysOf(order: string | null): SortKey[] {
  if (!order) return [];
  try {
    return parseSortOrder(order);
  } catch (error) {
    if (error instanceof SearchSyntaxError)
      throw badRequest(error.message, { order: `syntax error at position ${error.position}` });
    throw error;
  }
}

/**
 * Runs a search (query, order, offset, limit) over `objects` and renders the page. A source is asked
 * for the objects the query's index lookups allow (every visible object when none): a superset of
 * the matches in creation order, filtered by the full query all the same.
 */
export function searchObjects(
  model: string,
  objects: StoredObject[] | ObjectSource,
  req: HandlerRequest,
  sandbox: SandboxState,
) {
  const resolve = fieldResolver(sandbox.store, model, req.space);
  const query = parseQuery(req.query.get('query') ?? '');
  const matches = compileQuery(query, resolve);
  const sortKeys = sortKeysOf(req.query.get('order'));
  const candidates = Array.isArray(objects) ? objects : objects(indexLookups(query, resolve));
  let hits = candidates.filter(matches);
  const total = hits.length;
  // Only the rows up to the page's end are put in order (a bounded pass over a large store).
  const { offset, limit } = searchWindow(req.query);
  if (sortKeys.length)
    hits = sortObjects(hits, sortKeys, resolve, (a, b) => Number(a.id) - Number(b.id), offset + limit);
  const page = searchPage(hits, req.query, total);
  return { ...page, data: page.data.map((o) => sandbox.render(model, o, req.expand)) };
}

function list(resource: Resource): Handler {
  return (req, sandbox) => {
    const objects = visibleObjects(resource, req, sandbox);
    if (!resource.ops.L?.queryParams.some((p) => p.name === 'limit')) {
      const data = objects.map((o) => sandbox.render(resource.model, o, req.expand));
      if (resource.ops.L?.response?.schema.type === 'array') return ok(data);
      return ok({ data, hasMore: false, limit: data.length });
    }
    const page = listPage(objects, resource.key.field, req.query);
    return ok({ ...page, data: page.data.map((o) => sandbox.render(resource.model, o, req.expand)) });
  };
}

function retrieve(resource: Resource): Handler {
  return (req, sandbox) =>
    ok(sandbox.render(resource.model, addressedObject(resource, req, sandbox), req.expand));
}

function search(resource: Resource): Handler {
  return (req, sandbox) =>
    ok(searchObjects(resource.model, visibleSource(resource, req, sandbox), req, sandbox));
}

const factories: Record<OpCode, (resource: Resource) => Handler> = {
  L: list,
  G: retrieve,
  S: search,
  C: create,
  U: update,
  D: remove,
};

export function standardHandler(model: string, code: OpCode): Handler {
  return factories[code](resourceOf(model));
}

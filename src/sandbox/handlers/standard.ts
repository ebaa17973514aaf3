// The generic standard operations (list, retrieve, search, create, update, delete) of every base,
// driven by the catalog. Resource-specific behaviour lives in handlers registered for an operationId.
import { deref, resourceOf, schemas, type OpCode, type Resource } from '../../catalog';
import { created, noContent, ok, type Handler, type HandlerRequest, type SandboxState } from '../context';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../errors';
import { createObject, loadObject } from '../objects';
import { compileQuery, fieldResolver, parseQuery, parseSortOrder, SearchSyntaxError, sortObjects, type SortKey } from '../search';
import type { Key, StoredObject } from '../store';
import { checkMetadata } from './metadata';
import { listPage, searchPage } from './paging';

function keyOf(resource: Resource, req: HandlerRequest): Key {
  const raw = req.params[resource.key.pathParam];
  return resource.key.type === 'long' ? Number(raw) : raw;
}

/** Objects visible through this base: same space, and under the parent named in the path. */
export function visibleObjects(resource: Resource, req: HandlerRequest, sandbox: SandboxState): StoredObject[] {
  const all = sandbox.store.list(resource.model, resource.spaceScoped ? req.space : undefined);
  if (!resource.parent) return all;
  const parentId = Number(req.params[resource.parent.pathParam]);
  loadObject(sandbox.store, resource.parent.model, parentId, req.space);
  return all.filter((o) => o[resource.parent!.field] === parentId);
}

function sortKeysOf(order: string | null): SortKey[] {
  if (!order) return [];
  try {
    return parseSortOrder(order);
  } catch (error) {
    if (error instanceof SearchSyntaxError) throw badRequest(error.message, { order: `syntax error at position ${error.position}` });
    throw error;
  }
}

/** Runs a search (query, order, offset, limit) over `objects` and renders the page. */
export function searchObjects(model: string, objects: StoredObject[], req: HandlerRequest, sandbox: SandboxState) {
  const resolve = fieldResolver(sandbox.store, model, req.space);
  const matches = compileQuery(parseQuery(req.query.get('query') ?? ''), resolve);
  const sortKeys = sortKeysOf(req.query.get('order'));
  let hits = objects.filter(matches);
  if (sortKeys.length) hits = sortObjects(hits, sortKeys, resolve, (a, b) => Number(a.id) - Number(b.id));
  const page = searchPage(hits, req.query);
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
  return (req, sandbox) => {
    const object = loadObject(sandbox.store, resource.model, keyOf(resource, req), req.space);
    if (resource.parent && object[resource.parent.field] !== Number(req.params[resource.parent.pathParam])) {
      throw notFound(`${resource.model} ${keyOf(resource, req)} does not belong to ${resource.parent.model} ${req.params[resource.parent.pathParam]}.`);
    }
    return ok(sandbox.render(resource.model, object, req.expand));
  };
}

function search(resource: Resource): Handler {
  return (req, sandbox) => ok(searchObjects(resource.model, visibleObjects(resource, req, sandbox), req, sandbox));
}

/**
 * A body value in the model's shape. Create bodies name some embedded objects by id (`scope`,
 * `type`, `database` are integers in the body and objects with an id in the model): those become
 * `{ id }`; other type mismatches are refused.
 */
function modelValue(model: string, name: string, value: unknown): unknown {
  const property = schemas[model].properties?.[name];
  const target = property ? deref(property) : undefined;
  if (value === null || !target || target.type === 'array' || target.enum) return value;
  const isObjectSchema = !!target.properties;
  if (isObjectSchema && typeof value === 'number') return { id: value };
  return value;
}

/** Body fields that are properties of the model; link fields must name existing objects. */
export function modelFields(resource: Resource, body: Record<string, unknown>, space: number | null, sandbox: SandboxState): StoredObject {
  const properties = schemas[resource.model].properties ?? {};
  const fields: StoredObject = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'version' || !(name in properties)) continue;
    const link = resource.links.find((l) => l.field === name);
    if (link && value !== null) {
      for (const id of Array.isArray(value) ? value : [value]) {
        if (!sandbox.store.get(link.model, id as Key, space)) {
          throw unprocessable(`${name} names ${link.model} ${String(id)}, which does not exist.`, { [name]: 'does not exist' });
        }
      }
      fields[name] = value;
      continue;
    }
    fields[name] = modelValue(resource.model, name, value);
  }
  return fields;
}

function initialState(resource: Resource): string | undefined {
  if (!resource.state) return undefined;
  return resource.state.values.includes('ACTIVE') ? 'ACTIVE' : resource.state.values[0];
}

function create(resource: Resource): Handler {
  return (req, sandbox) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    checkMetadata(body);
    const fields = modelFields(resource, body, req.space, sandbox);
    if (resource.parent) {
      const parentId = Number(req.params[resource.parent.pathParam]);
      loadObject(sandbox.store, resource.parent.model, parentId, req.space);
      fields[resource.parent.field] = parentId;
    }
    const state = initialState(resource);
    if (state && fields.state === undefined) fields.state = state;
    const object = createObject(sandbox.store, resource.model, resource.spaceScoped ? req.space : null, fields, sandbox.now());
    return created(sandbox.render(resource.model, object, req.expand));
  };
}

function update(resource: Resource): Handler {
  return (req, sandbox) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    checkMetadata(body);
    const key = keyOf(resource, req);
    const fields = modelFields(resource, body, req.space, sandbox);
    const outcome = sandbox.store.update(
      resource.model,
      key,
      resource.spaceScoped ? req.space : undefined,
      (current) => ({ ...current, ...fields }),
      resource.versioned ? { expectedVersion: body.version } : undefined,
    );
    if (outcome.ok) return ok(sandbox.render(resource.model, outcome.object, req.expand));
    if (outcome.reason === 'not-found') throw notFound(`${resource.model} ${key} does not exist.`);
    const message =
      outcome.reason === 'version-missing'
        ? `The update of ${resource.model} ${key} carries no version; send the current version ${outcome.current}.`
        : `${resource.model} ${key} is at version ${outcome.current}, not ${String(body.version)}; fetch it again and resend.`;
    throw conflict(message, { version: `current version is ${outcome.current}` });
  };
}

function remove(resource: Resource): Handler {
  return (req, sandbox) => {
    const key = keyOf(resource, req);
    if (!sandbox.store.remove(resource.model, key, resource.spaceScoped ? req.space : undefined)) {
      throw notFound(`${resource.model} ${key} does not exist.`);
    }
    return noContent();
  };
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

export { ApiError, badRequest };

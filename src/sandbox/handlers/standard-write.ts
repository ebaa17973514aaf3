// The generic create, update and delete of every base. A body sets only the fields its request
// schema declares (never id, version, createdOn or linkedSpaceId); objects of nested bases are
// addressed under their parent; deleting a parent deletes the objects nested under it.
import { deref, schemas, type Operation, type Resource } from '../../catalog';
import { created, noContent, ok, type Handler, type SandboxState } from '../context';
import { conflict, notFound, unprocessable } from '../errors';
import { createObject, isKey, keyOf, loadObject, removeObject } from '../objects';
import type { StoredObject } from '../store';
import { bodyObject } from './areas/support';
import { checkMetadata } from './metadata';
import { addressedObject } from './addressing';

const SERVER_MANAGED = new Set(['id', 'version', 'createdOn', 'linkedSpaceId']);

/** Fields a request body may set: the properties of the operation's request schema. */
function settableFields(op: Operation | undefined): Set<string> {
  const schema = op?.requestBody ? deref(op.requestBody) : undefined;
  return new Set(Object.keys(schema?.properties ?? {}).filter((name) => !SERVER_MANAGED.has(name)));
}

/**
 * A body value in the model's shape. Create bodies name some embedded objects by id (`scope`,
 * `type`, `database` are integers in the body and objects with an id in the model): those become `{ id }`.
 */
function modelValue(model: string, name: string, value: unknown): unknown {
  const property = schemas[model].properties?.[name];
  const target = property ? deref(property) : undefined;
  if (value === null || !target || target.type === 'array' || target.enum) return value;
  return target.properties && typeof value === 'number' ? { id: value } : value;
}

/**
 * A link value as stored: ids. Bodies name linked objects by id, or (where the schema types a
 * many-link as an array of objects) as objects carrying their id.
 */
function linkIds(name: string, value: unknown): unknown {
  const idOf = (element: unknown, at: string): unknown => {
    if (typeof element !== 'object' || element === null) return element;
    const id = (element as { id?: unknown }).id;
    if (id === undefined || id === null)
      throw unprocessable(`${at} names no id of the object to link.`, { [at]: 'has no id' });
    return id;
  };
  return Array.isArray(value) ? value.map((e, i) => idOf(e, `${name}[${i}]`)) : idOf(value, name);
}

function checkLinks(
  link: { field: string; model: string },
  ids: unknown,
  space: number | null,
  sandbox: SandboxState,
): void {
  if (ids === null) return;
  for (const id of Array.isArray(ids) ? ids : [ids]) {
    if (!isKey(id) || !sandbox.store.get(link.model, id, space)) {
      throw unprocessable(`${link.field} names ${link.model} ${String(id)}, which does not exist.`, {
        [link.field]: 'does not exist',
      });
    }
  }
}

/** The fields of `body` that the operation lets it set, in the model's shape; links must exist. */
export function modelFields(
  resource: Resource,
  op: Operation | undefined,
  body: Record<string, unknown>,
  space: number | null,
  sandbox: SandboxState,
) {
  const settable = settableFields(op);
  const properties = schemas[resource.model].properties ?? {};
  const fields: StoredObject = {};
  for (const [name, value] of Object.entries(body)) {
    if (!settable.has(name) || !(name in properties)) continue;
    const link = resource.links.find((l) => l.field === name);
    if (!link) {
      fields[name] = modelValue(resource.model, name, value);
      continue;
    }
    const ids = value === null ? null : linkIds(name, value);
    checkLinks(link, ids, space, sandbox);
    fields[name] = ids;
  }
  return fields;
}

function initialState(resource: Resource): string | undefined {
  if (!resource.state) return undefined;
  return resource.state.values.includes('ACTIVE') ? 'ACTIVE' : resource.state.values[0];
}

export function create(resource: Resource): Handler {
  return (req, sandbox) => {
    const body = bodyObject(req);
    checkMetadata(body);
    const fields = modelFields(resource, req.op, body, req.space, sandbox);
    if (resource.parent) {
      const parentId = Number(req.params[resource.parent.pathParam]);
      loadObject(sandbox.store, resource.parent.model, parentId, req.space);
      fields[resource.parent.field] = parentId;
    }
    const state = initialState(resource);
    if (state && fields.state === undefined) fields.state = state;
    const object = createObject(
      sandbox.store,
      resource.model,
      resource.spaceScoped ? req.space : null,
      fields,
      sandbox.now(),
    );
    return created(sandbox.render(resource.model, object, req.expand));
  };
}

export function update(resource: Resource): Handler {
  return (req, sandbox) => {
    const body = bodyObject(req);
    checkMetadata(body);
    const key = keyOf(resource, addressedObject(resource, req, sandbox));
    const fields = modelFields(resource, req.op, body, req.space, sandbox);
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

export function remove(resource: Resource): Handler {
  return (req, sandbox) => {
    const key = keyOf(resource, addressedObject(resource, req, sandbox));
    if (!removeObject(sandbox.store, resource.model, key, resource.spaceScoped ? req.space : null)) {
      throw notFound(`${resource.model} ${key} does not exist.`);
    }
    return noContent();
  };
}

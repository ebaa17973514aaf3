// Creating and loading stored objects the way every resource does it: one place for id, version,
// createdOn, linkedSpaceId and the not-found rule.
import { resourceOf, resources, schemas, type Resource } from '../catalog';
import { conflict, notFound } from './errors';
import type { Key, Store, Stored, StoredObject } from './store';

export const isKey = (value: unknown): value is Key => typeof value === 'number' || typeof value === 'string';

/** What the object is stored under: its key field (`id` for most models). */
export function keyOf(resource: Resource, object: StoredObject): Key {
  const key = object[resource.key.field];
  if (!isKey(key)) throw new Error(`${resource.model} object without its key ${resource.key.field}`);
  return key;
}

function hasProperty(model: string, field: string): boolean {
  return !!schemas[model]?.properties?.[field];
}

/**
 * Stores a new object of `model` in `space` (null outside spaces) and returns it. Fills `id` (unless the
 * model is keyed otherwise), `version` 1 where versioned, `createdOn` and `linkedSpaceId` where the model
 * has them. Link fields in `fields` must already hold ids (or arrays of ids), not objects.
 */
export function createObject<Model extends string>(
  store: Store,
  model: Model,
  space: number | null,
  fields: StoredObject,
  now: Date = new Date(),
): Stored<Model> {
  const resource = resourceOf(model);
  const object: StoredObject = { ...fields };
  if (resource.key.field === 'id' && resource.key.type === 'long' && object.id === undefined)
    object.id = store.nextId();
  if (resource.versioned) object.version = 1;
  if (hasProperty(model, 'createdOn') && object.createdOn === undefined) object.createdOn = now.toISOString();
  if (space !== null && hasProperty(model, 'linkedSpaceId')) object.linkedSpaceId = space;
  const key = keyOf(resource, object);
  if (store.get(model, key) !== undefined) throw conflict(`${model} ${String(key)} exists already.`);
  return store.put(model, resource.spaceScoped ? space : null, key, object);
}

/** The object, or a 404 that names the model and id. */
export function loadObject<Model extends string>(
  store: Store,
  model: Model,
  key: Key,
  space: number | null,
): Stored<Model> {
  const resource: Resource = resourceOf(model);
  const object = store.get(model, key, resource.spaceScoped ? space : undefined);
  if (!object)
    throw notFound(`${model} ${key} does not exist${resource.spaceScoped ? ` in space ${space}` : ''}.`);
  return object;
}

/** Removes an object and, first, everything nested under it (`/customers/{customerId}/addresses`...). */
export function removeObject(store: Store, model: string, key: Key, space: number | null): boolean {
  for (const nested of resources.filter((r) => r.parent?.model === model)) {
    for (const child of store.where(nested.model, nested.parent!.field, key, space)) {
      removeObject(store, nested.model, keyOf(nested, child), space);
    }
  }
  return store.remove(model, key, space);
}

// The key that names an object across the read path (loaders, entity cache, global IDs). Objects of
// nested bases (`/customers/{customerId}/addresses`) can only be fetched under their parent, so their
// key carries the parent id as well: `<parent id>/<id>`.
import type { Resource } from '../catalog';

function idOf(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'object' && value !== null) return idOf((value as { id?: unknown }).id);
  return null;
}

/** The key of a REST object of `resource`, or null when the object lacks it. */
export function entityKey(resource: Resource, object: Record<string, unknown>): string | null {
  const key = idOf(object[resource.key.field]);
  if (key === null || !resource.parent) return key;
  const parent = idOf(object[resource.parent.field]);
  return parent === null ? null : `${parent}/${key}`;
}

/** Splits the key of a nested object into its parent id and its own id. */
export function splitNestedKey(key: string): { parent: string; id: string } | null {
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(key);
  return match ? { parent: match[1], id: match[2] } : null;
}

/** Whether `key` has the form keys of this resource take. */
export function isValidKey(resource: Resource, key: string): boolean {
  if (resource.parent) return splitNestedKey(key) !== null;
  return resource.key.type !== 'long' || /^[1-9][0-9]{0,18}$/.test(key);
}

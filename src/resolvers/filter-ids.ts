// Filter values on id fields: `id` of an entity and the plain id fields that name another entity
// (`linkedTransaction`, `linkedSpaceId`) take a global ID or a REST key alike; the REST search only
// knows REST keys, so global IDs are decoded here (and refused when they name another type).
import { linkedSpaceField, resourceByModel, resourceOf, type Resource } from '../catalog';
import { graphError } from './errors';
import { decodeGlobalId } from './global-id';
import { splitNestedKey } from './entity-key';
import type { ScalarFilter } from './scalar-filter';
import type { SearchValue } from './search-syntax';

/** The entity whose key a filter field of `model` holds, if it is an id field. */
export function idFieldTarget(model: string, field: string): Resource | undefined {
  const resource = resourceByModel.get(model);
  if (!resource) return undefined;
  if (field === 'id' && resource.key.field === 'id') return resource;
  if (field === linkedSpaceField) return resourceOf('Space');
  const reference = resource.references.find((r) => r.field === field);
  return reference ? resourceOf(reference.model) : undefined;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

/** One value: a global ID of `target` or its REST key, as the REST search compares it. */
function restKey(raw: unknown, target: Resource, where: string): SearchValue {
  const text = typeof raw === 'bigint' || typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string') throw graphError('BAD_USER_INPUT', `filter ${where}: expected an ID`);
  const long = target.key.type === 'long';
  if (long && /^-?[0-9]{1,19}$/.test(text)) return BigInt(text);
  const global = decodeGlobalId(text);
  if (global) {
    if (global.model !== target.model) {
      throw graphError(
        'BAD_USER_INPUT',
        `filter ${where}: a ${resourceOf(global.model).typeName} global ID; a ${target.typeName} id is needed`,
      );
    }
    const key = target.parent ? (splitNestedKey(global.key)?.id ?? global.key) : global.key;
    return long ? BigInt(key) : key;
  }
  if (!long && text !== '') return text;
  throw graphError(
    'BAD_USER_INPUT',
    `filter ${where}: "${clip(text)}" is neither a ${target.typeName} id nor its global ID`,
  );
}

/** The conditions of an id field with every value turned into a REST key. */
export function restKeyConditions(filter: unknown, target: Resource, name: string): ScalarFilter {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw graphError('BAD_USER_INPUT', `filter ${name}: expected an object`);
  }
  const out: Record<string, unknown> = {};
  for (const [op, raw] of Object.entries(filter as Record<string, unknown>)) {
    if (raw === null || raw === undefined || op === 'isNull') out[op] = raw;
    else if (Array.isArray(raw)) out[op] = raw.map((v, i) => restKey(v, target, `${name}.${op}[${i}]`));
    else out[op] = restKey(raw, target, `${name}.${op}`);
  }
  return out;
}

// IDs in mutation inputs: a global ID (which carries its model and space) or a REST id, read into the
// REST key a call needs. A global ID of another type, or of another space than the mutation's, is a
// problem named by its input path, found before any REST call.
import { resourceOf } from '../../catalog';
import { isValidKey } from '../entity-key';
import { decodeGlobalId, spaceIdOf } from '../global-id';
import { Problems } from './validate-problems';

export { Problems };

/** The id of a REST object as the REST client sends it: numbers for long keys, text otherwise. */
export function restValue(model: string, key: string): string | number | bigint {
  if (resourceOf(model).key.type !== 'long') return key;
  const n = Number(key);
  return Number.isSafeInteger(n) ? n : BigInt(key);
}

/** Reads a `space` input: a REST space id or a Space global ID. */
export function readSpace(value: unknown, path: string, problems: Problems): number | null {
  const text = String(value);
  const space = spaceIdOf(text);
  if (space !== null) return space;
  problems.add(path, `"${clip(text)}" is neither a space id nor a Space global ID`);
  return null;
}

export interface ReadId {
  key: string;
  /** The space the global ID names (undefined for a REST id, which names none). */
  space?: number | null;
}

/**
 * Reads an ID input naming an object of `model`. A REST id is taken as is (nested objects need their
 * global ID, which names the parent too); a global ID must be of `model`.
 */
export function readId(model: string, value: unknown, path: string, problems: Problems): ReadId | null {
  const resource = resourceOf(model);
  const text = String(value);
  const global = decodeGlobalId(text);
  if (global) {
    if (global.model !== model) {
      problems.add(
        path,
        `is a ${resourceOf(global.model).typeName} global ID; a ${resource.typeName} id is needed`,
      );
      return null;
    }
    return { key: global.key, space: global.space };
  }
  if (resource.parent) {
    problems.add(
      path,
      `"${clip(text)}" is not a ${resource.typeName} global ID (a plain id does not name its ${resource.parent.model})`,
    );
    return null;
  }
  if (!isValidKey(resource, text)) {
    problems.add(path, `"${clip(text)}" is neither a ${resource.typeName} id nor its global ID`);
    return null;
  }
  return { key: text };
}

/**
 * Reads a reference to another object inside the mutation's space: the REST value to send, or null
 * with a problem when the ID names another type or another space.
 */
export function readReference(
  model: string,
  value: unknown,
  space: number | null,
  path: string,
  problems: Problems,
): unknown {
  const id = readId(model, value, path, problems);
  if (!id) return null;
  const scoped = resourceOf(model).spaceScoped;
  if (id.space !== undefined && scoped && space !== null && id.space !== space) {
    problems.add(
      path,
      `names an object of space ${String(id.space)}, but the mutation acts in space ${space}`,
    );
    return null;
  }
  return restValue(model, id.key.includes('/') ? id.key.split('/')[1] : id.key);
}

/**
 * Reads a `version` input (optimistic locking): the version the change is based on. Versions count
 * updates from 1, so a negative one names no version an object can have; it is refused before any call
 * instead of reaching REST as a conflict.
 */
export function readVersion(value: unknown, path: string, problems: Problems): number | undefined {
  if (typeof value !== 'number') return undefined;
  if (value < 0) {
    problems.add(
      path,
      `is ${value}; a version is 0 or more (send the version you read, e.g. Customer.version)`,
    );
    return undefined;
  }
  return value;
}

export function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

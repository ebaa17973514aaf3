// Reading `id: ID!` arguments: a global ID of the expected type, or the REST key itself.
import { resourceOf, type Resource } from '../catalog';
import { decodeGlobalId } from '../resolvers';
import { badUserInput } from './dynamic';
import { parseLong } from './long';

export interface KeyArg {
  key: string | number | bigint;
  /** Space named by a global ID; null for account-level objects or a plain REST key. */
  space: number | null;
  fromGlobalId: boolean;
}

/** Parses an id argument for `resource`, naming the argument in errors. */
export function parseKeyArg(resource: Resource, value: unknown, argName = 'id'): KeyArg {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw badUserInput(`\`${argName}\` must be a ${resource.typeName} id or global ID`);
  }
  const text = String(value).trim();
  const decoded = decodeGlobalId(text);
  if (decoded) {
    if (decoded.model !== resource.model) {
      throw badUserInput(
        `\`${argName}\` is the global ID of a ${resourceOf(decoded.model).typeName}, expected a ${resource.typeName}`,
      );
    }
    return { key: restKey(resource, decoded.key, argName), space: decoded.space, fromGlobalId: true };
  }
  return { key: restKey(resource, text, argName), space: null, fromGlobalId: false };
}

function restKey(resource: Resource, text: string, argName: string): string | number | bigint {
  if (resource.key.type === 'string') {
    if (!text) throw badUserInput(`\`${argName}\` must not be empty`);
    return text;
  }
  try {
    return parseLong(text);
  } catch {
    throw badUserInput(`\`${argName}\` must be a numeric ${resource.typeName} id or its global ID, got ${JSON.stringify(text.slice(0, 60))}`);
  }
}

/** A space id argument: the REST space id or the Space's global ID. */
export function parseSpaceArg(value: unknown, argName = 'id'): number {
  const { key } = parseKeyArg(resourceOf('Space'), value, argName);
  if (typeof key !== 'number') throw badUserInput(`\`${argName}\` is not a valid space id`);
  return key;
}

// Reading `id: ID!` arguments: a global ID of the expected type, or the REST key itself.
import { resourceOf, type Resource } from '../catalog';
import { decodeGlobalId, splitNestedKey } from '../resolvers';
import { badUserInput, type Args } from './dynamic';
import { parseLong } from './long';

export interface KeyArg {
  key: string | number | bigint;
  /** Space named by a global ID; null for account-level objects or a plain REST key. */
  space: number | null;
  fromGlobalId: boolean;
  /** The parent id a nested object's global ID names (its key is `<parent>/<id>`). */
  parent?: string;
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
    if (resource.parent) {
      const nested = splitNestedKey(decoded.key);
      if (!nested) throw badUserInput(`\`${argName}\` is not a valid ${resource.typeName} global ID`);
      return {
        key: restKey(resource, nested.id, argName),
        space: decoded.space,
        fromGlobalId: true,
        parent: nested.parent,
      };
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
    throw badUserInput(
      `\`${argName}\` must be a numeric ${resource.typeName} id or its global ID, got ${JSON.stringify(text.slice(0, 60))}`,
    );
  }
}

export interface ParentKey {
  pathParam: string;
  value: string | number;
}

/** The parent argument of a nested resource's field (`customerId` of customer addresses). */
export function parseParentArg(resource: Resource, args: Args): ParentKey {
  const parent = resource.parent!;
  const { key } = parseKeyArg(resourceOf(parent.model), args[parent.pathParam], parent.pathParam);
  return { pathParam: parent.pathParam, value: typeof key === 'bigint' ? key.toString() : key };
}

/**
 * The `id` and parent arguments of a nested resource's lookup. A global ID names its parent too;
 * it must be the parent the other argument names, or the lookup would answer under another parent.
 */
export function parseNestedKeyArgs(resource: Resource, args: Args): KeyArg & { parentKey: ParentKey } {
  const id = parseKeyArg(resource, args.id);
  const parentKey = parseParentArg(resource, args);
  if (id.parent !== undefined && id.parent !== String(parentKey.value)) {
    throw badUserInput(
      `\`id\` is the global ID of a ${resource.typeName} of ${resource.parent!.model} ${id.parent}, but \`${parentKey.pathParam}\` names ${parentKey.value}`,
    );
  }
  return { ...id, parentKey };
}

/** A space id argument: the REST space id or the Space's global ID. */
export function parseSpaceArg(value: unknown, argName = 'id'): number {
  const { key } = parseKeyArg(resourceOf('Space'), value, argName);
  if (typeof key !== 'number') throw badUserInput(`\`${argName}\` is not a valid space id`);
  return key;
}

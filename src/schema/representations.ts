// The representations a gateway sends to `_entities`, checked before any is resolved: each must be an
// object naming one of this subgraph's entity types and that type's global ID. A bad one answers its
// own typed error in its place (BAD_USER_INPUT, saying which representation and what was wrong), and
// the others are resolved as usual, as `nodes(ids:)` does with a bad id.
import type { GraphQLError } from 'graphql';
import { resourceOf } from '../catalog';
import { decodeGlobalId } from '../resolvers';
import { badUserInput } from './dynamic';

/** Long values are cut in messages: a representation is caller input, echoed only in part. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

/**
 * Why `value` is not a representation of an entity of `entityTypes` (type names), or null when it is one.
 * `at` names it in messages (`representations[3]`).
 */
export function representationProblem(
  value: unknown,
  at: string,
  entityTypes: ReadonlySet<string>,
): GraphQLError | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return badUserInput(`${at} is ${shown(value)}; a representation is an object { __typename, id }`);
  }
  const { __typename: typename, id } = value as Record<string, unknown>;
  if (typeof typename !== 'string' || !entityTypes.has(typename)) {
    return badUserInput(
      `${at}.__typename ${shown(typename)} is not an entity type of this subgraph (every Node type is one)`,
    );
  }
  if (typeof id !== 'string')
    return badUserInput(`${at}.id must be the ${typename}'s global ID (a string), got ${shown(id)}`);
  const decoded = decodeGlobalId(id);
  if (!decoded) return badUserInput(`${at}.id ${shown(id)} is not a global ID of this API`);
  const named = resourceOf(decoded.model).typeName;
  if (named !== typename) return badUserInput(`${at}.id names a ${named}, not a ${typename}`);
  return null;
}

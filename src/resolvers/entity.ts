// What the resolvers hand to the schema: a REST object as returned, plus where it came from.
// The model and the space are needed to build global IDs and to resolve the object's links.

export const ENTITY = Symbol('paygraph.entity');

export interface EntityMeta {
  /** REST model name, e.g. `Transaction`. */
  model: string;
  /** Space the object lives in; null for account-level objects. */
  space: number | null;
}

export type Entity = Record<string, unknown> & { [ENTITY]: EntityMeta };

export function asEntity(object: Record<string, unknown>, meta: EntityMeta): Entity {
  // Set in place: every row of every page comes through here (Object.assign made a carrier object).
  const entity = object as Entity;
  entity[ENTITY] = meta;
  return entity;
}

export function entityMeta(entity: Entity): EntityMeta {
  return entity[ENTITY];
}

export function isEntity(value: unknown): value is Entity {
  return typeof value === 'object' && value !== null && ENTITY in value;
}

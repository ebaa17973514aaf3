// Space-scoped collections and lookups as fields of Space, mirroring the REST `space` header:
// `space(id: 1) { transactions(first: 10) { ... } transaction(id: 5) { ... } }`.
import { resources } from '../catalog';
import type { Entity } from '../resolvers/entity';
import { builder } from './builder';
import { rootFields } from './collections';
import { entityRef } from './registry';

/** The REST id of a Space entity: the value of the `space` header for everything under it. */
export function spaceIdOf(space: Entity): number {
  const id = space.id;
  if (typeof id !== 'number') throw new Error('Space object without a numeric id');
  return id;
}

builder.objectFields(entityRef('Space'), (t) =>
  rootFields<Entity>(
    t,
    resources.filter((r) => r.spaceScoped),
    spaceIdOf,
  ),
);

// Type references by REST name, created once on first use: entity object types (implemented in
// entities.ts), embedded object types and enums (implemented here, recursively, from the facts).
import type { EnumRef, ImplementableObjectRef } from '@pothos/core';
import { graphTypeName, resourceByModel, resourceOf } from '../catalog';
import type { Entity } from '../resolvers/entity';
import { builder } from './builder';
import type { Output, Types } from './dynamic';
import { enumValueDescription } from './descriptions';
import { refCache } from './ref-cache';
import { enumValues, type FieldShape } from './shapes';

export type EmbeddedValue = Record<string, unknown>;

/** The object type of an entity model, named `resource.typeName`. */
export const entityRef: (model: string) => ImplementableObjectRef<Types, Entity> = refCache((model) =>
  builder.objectRef<Entity>(resourceOf(model).typeName),
);

export function isEntityModel(model: string): boolean {
  return resourceByModel.has(model);
}

/** A GraphQL enum named after the REST enum schema (without a `Rest` prefix), its values as in REST. */
export const enumRef: (name: string) => EnumRef<Types, string, string> = refCache((name) =>
  builder.enumType(graphTypeName(name), {
    description: `The values of the REST enum ${name}.`,
    values: Object.fromEntries(
      enumValues(name).map((value) => [value, { value, description: enumValueDescription(name, value) }]),
    ),
  }),
);

// Embedded object types import their field factory lazily to keep the recursion in one module.
let implementEmbedded:
  | ((ref: ImplementableObjectRef<Types, EmbeddedValue>, model: string) => void)
  | undefined;

export function setEmbeddedImplementation(
  fn: (ref: ImplementableObjectRef<Types, EmbeddedValue>, model: string) => void,
): void {
  implementEmbedded = fn;
}

/** An object type for an embedded (non-entity) model, named after its schema (without a `Rest` prefix). */
export const embeddedRef: (model: string) => ImplementableObjectRef<Types, EmbeddedValue> = refCache(
  (model) => {
    if (!implementEmbedded) throw new Error('embedded type factory not registered');
    return builder.objectRef<EmbeddedValue>(graphTypeName(model));
  },
  (ref, model) => implementEmbedded!(ref, model),
);

/** The GraphQL output type of a shape: scalar name, enum, entity or embedded object type. */
export function outputOf(shape: FieldShape): Output {
  if (shape.kind === 'scalar') return shape.scalar;
  if (shape.kind === 'enum') return enumRef(shape.name);
  return isEntityModel(shape.model) ? entityRef(shape.model) : embeddedRef(shape.model);
}

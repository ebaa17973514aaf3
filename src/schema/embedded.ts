// Embedded objects (REST objects that are not entities, e.g. LineItem, Address, RenderedDocument):
// one object type per schema, every property a field. Entity-shaped values met inside them (e.g.
// Label.descriptor) become the entity type: used as returned when inline, loaded when only an id.
import type { ImplementableObjectRef } from '@pothos/core';
import { graphTypeName, resourceOf } from '../catalog';
import { encodeEmbeddedId, resolveByKey, type GraphContext } from '../resolvers';
import { asEntity, isEntity, type Entity } from '../resolvers/entity';
import type { GraphQLResolveInfo } from 'graphql';
import { dynamicField, type FieldBuilder, type Types } from './dynamic';
import { outputOf, isEntityModel, setEmbeddedImplementation, type EmbeddedValue } from './registry';
import { embeddedTypeDescription } from './descriptions';
import { localizedStringRef, localizedValue } from './localized';
import { propertiesOf, type PropertyShape } from './shapes';

// The space an embedded value was found in, so entity values inside it can be loaded there.
const spaces = new WeakMap<object, number | null>();

/** Remembers the space of an embedded value (object or array of objects) handed to the graph. */
export function carrySpace<T>(value: T, space: number | null): T {
  if (Array.isArray(value)) for (const item of value as unknown[]) carrySpace(item, space);
  else if (typeof value === 'object' && value !== null) spaces.set(value, space);
  return value;
}

function spaceOf(value: object): number | null {
  return spaces.get(value) ?? null;
}

/** An entity-shaped value inside an embedded object: inline object, or an id to load. */
async function embeddedEntity(
  value: unknown,
  model: string,
  space: number | null,
  ctx: GraphContext,
  info: GraphQLResolveInfo,
): Promise<Entity | null> {
  const resource = resourceOf(model);
  const where = resource.spaceScoped ? space : null;
  if (value === null || value === undefined) return null;
  if (isEntity(value)) return value;
  if (typeof value === 'object')
    return asEntity({ ...(value as Record<string, unknown>) }, { model, space: where });
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
    return resolveByKey(ctx, info, resource, where, value);
  }
  return null;
}

/** The field answering the REST property `p`: under its own name, but `restId` for `id`. */
function embeddedField(p: PropertyShape, t: FieldBuilder<EmbeddedValue>) {
  if (p.localized) {
    return dynamicField<EmbeddedValue>(t, {
      type: localizedStringRef,
      description: p.description,
      resolve: (parent) => localizedValue(parent[p.name]),
    });
  }
  const type = outputOf(p.shape);
  if (p.shape.kind === 'object' && isEntityModel(p.shape.model)) {
    const model = p.shape.model;
    return dynamicField<EmbeddedValue>(t, {
      type,
      list: p.list,
      description: p.description,
      remote: true,
      resolve: (parent, _args, ctx, info) => {
        const value = parent[p.name];
        const space = spaceOf(parent);
        if (Array.isArray(value))
          return Promise.all(value.map((v) => embeddedEntity(v, model, space, ctx, info)));
        return embeddedEntity(value, model, space, ctx, info);
      },
    });
  }
  const nested = p.shape.kind === 'object';
  return dynamicField<EmbeddedValue>(t, {
    type,
    list: p.list,
    description: p.description,
    // A property under its own name is read as it is, with no resolver (compiled execution inlines it).
    resolve: nested
      ? (parent) => carrySpace(parent[p.name], spaceOf(parent))
      : p.name === 'id'
        ? (parent) => parent.id
        : undefined,
  });
}

/** `id` of an embedded object with a REST id: a global ID caches key on, not one `node(id:)` reads. */
function globalIdField(model: string, t: FieldBuilder<EmbeddedValue>) {
  return dynamicField<EmbeddedValue>(t, {
    type: 'ID',
    nullable: false,
    description: `A global ID of this ${graphTypeName(model)} (type, space, REST id), for caches to key on. It has no endpoint of its own: \`node(id:)\` cannot read it; it is read through the object that holds it.`,
    resolve: (parent) => {
      const id = encodeEmbeddedId(model, parent);
      if (id === null) throw new Error(`${graphTypeName(model)} object has no REST id`);
      return id;
    },
  });
}

function implement(ref: ImplementableObjectRef<Types, EmbeddedValue>, model: string): void {
  const props = propertiesOf(model);
  ref.implement({
    description: embeddedTypeDescription(
      model,
      props.some((p) => p.name === 'id'),
    ),
    // The REST key of an embedded object is `restId`; `id` is a global ID made from it.
    fields: (t) => {
      const fields = Object.fromEntries(
        props.map((p) => [p.name === 'id' ? 'restId' : p.name, embeddedField(p, t)]),
      );
      return 'restId' in fields ? { id: globalIdField(model, t), ...fields } : fields;
    },
  });
}

setEmbeddedImplementation(implement);

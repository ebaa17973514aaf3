// One object type per entity model of the catalog, implementing Node: the global `id`, `restId`,
// every REST property under its REST name, link fields resolved to entities, id references exposed
// as links (contract naming), and one-to-many children as connections.
import type { GraphQLResolveInfo } from 'graphql';
import {
  naturalLinks,
  resources,
  resourceOf,
  type ChildRelation,
  type NaturalLink,
  type Resource,
} from '../catalog';
import {
  encodeGlobalId,
  entityKey,
  resolveChildren,
  resolveLink,
  resolveNaturalLink,
  type GraphContext,
} from '../resolvers';
import { entityMeta, isEntity, type Entity } from '../resolvers/entity';
import { builder, NODE_ID_DESCRIPTION } from './builder';
import { collectionArgs, connectionComplexity, connectionRef, toCollectionArgs } from './connections';
import { dynamicField, type DynamicFieldRef, type FieldBuilder, type FieldSpec } from './dynamic';
import { carrySpace } from './embedded';
import { referencesOf, type ReferenceNaming } from './naming';
import { entityTypeDescription } from './descriptions';
import { hasMoneyView, moneyField } from './money';
import { localizedStringRef, localizedValue } from './localized';
import { entityRef, outputOf } from './registry';
import { propertiesOf, type PropertyShape } from './shapes';

/** The global ID of an entity, from its model, space and REST key. */
export function globalIdOf(entity: Entity): string {
  const meta = entityMeta(entity);
  const resource = resourceOf(meta.model);
  const key = entityKey(resource, entity);
  if (key === null) throw new Error(`${resource.typeName} object has no ${resource.key.field}`);
  return encodeGlobalId(meta.model, meta.space, key);
}

function spaceOfEntity(entity: Entity): number | null {
  return entityMeta(entity).space;
}

/** Fields an input echoes as required: a versioned object always has its `version` (updates need it). */
function requiredOutput(resource: Resource, p: PropertyShape): boolean {
  return resource.versioned && p.name === 'version';
}

/** The field `field` answering the REST property `p` (under its own name unless a reference renames it). */
function propertyField(p: PropertyShape, t: EntityFieldBuilder, field: string, nullable = true) {
  const name = p.name;
  if (p.localized)
    return dynamicField<Entity>(t, {
      type: localizedStringRef,
      description: p.description,
      resolve: (parent) => localizedValue(parent[name]),
    });
  const nested = p.shape.kind === 'object';
  return dynamicField<Entity>(t, {
    type: outputOf(p.shape),
    list: p.list,
    nullable,
    description: p.description,
    // An entity is the REST object: a property under its own name is read as it is, with no resolver.
    resolve: nested
      ? (parent) => carrySpace(parent[name], spaceOfEntity(parent))
      : field === name
        ? undefined
        : (parent) => parent[name],
  });
}

function linkField(
  t: EntityFieldBuilder,
  restField: string,
  target: string,
  many: boolean,
  description: string,
) {
  return dynamicField<Entity>(t, {
    type: entityRef(target),
    list: many,
    description,
    remote: true,
    resolve: (parent, _args, ctx: GraphContext, info: GraphQLResolveInfo) =>
      resolveLink(ctx, info, parent, restField, target),
  });
}

function childField(t: EntityFieldBuilder, relation: ChildRelation) {
  const child = resourceOf(relation.child);
  const spec: FieldSpec<Entity> = {
    type: connectionRef(relation.child),
    nullable: true,
    args: collectionArgs(t, relation.child),
    description: relation.parentField
      ? `The ${child.typeName} objects whose \`${relation.via.kind === 'field' ? relation.via.searchName : relation.parentField}\` is this ${resourceOf(relation.parent).typeName}'s \`${relation.parentField}\` (batched across parents).`
      : `The ${child.typeName} objects of this ${resourceOf(relation.parent).typeName}.`,
    complexity: connectionComplexity,
    remote: true,
    // A relation by natural key reads that field of the parent, so the parent must be loaded.
    keyOnly: !relation.parentField,
    resolve: (parent, args, ctx, info) =>
      resolveChildren(ctx, info, parent, relation, toCollectionArgs(args)),
  };
  return dynamicField<Entity>(t, spec);
}

function naturalLinkField(t: EntityFieldBuilder, link: NaturalLink) {
  const target = resourceOf(link.target).typeName;
  return dynamicField<Entity>(t, {
    type: entityRef(link.target),
    description: `The ${target} whose \`${link.targetField}\` is this object's \`${link.field}\` (same space; found by search, batched).`,
    remote: true,
    resolve: (parent, _args, ctx: GraphContext, info: GraphQLResolveInfo) =>
      resolveNaturalLink(ctx, info, parent, link),
  });
}

type FieldMap = Record<string, DynamicFieldRef>;
type EntityFieldBuilder = FieldBuilder<Entity>;

function referenceFields(
  t: EntityFieldBuilder,
  p: PropertyShape,
  ref: ReferenceNaming,
  add: (name: string, f: FieldMap[string]) => void,
) {
  const target = resourceOf(ref.target).typeName;
  add(
    ref.linkField,
    linkField(t, ref.restField, ref.target, false, `The ${target} named by \`${ref.restField}\`.`),
  );
  add(ref.rawField, propertyField(p, t, ref.rawField));
}

/** All fields of an entity type except `id` (added by the Node machinery). */
export function entityFields(t: EntityFieldBuilder, resource: Resource): FieldMap {
  const fields: FieldMap = {};
  const add = (name: string, field: FieldMap[string]) => {
    if (fields[name] || name === 'id') throw new Error(`${resource.typeName}.${name} would be defined twice`);
    fields[name] = field;
  };
  const props = propertiesOf(resource.model);
  const names = new Set(props.map((p) => p.name));
  const links = new Map(resource.links.map((l) => [l.field, l]));
  const refs = new Map(referencesOf(resource, (n) => names.has(n)).map((r) => [r.restField, r]));

  add(
    'restId',
    dynamicField<Entity>(t, {
      type: resource.key.type === 'long' ? 'Long' : 'String',
      nullable: false,
      description: `The REST ${resource.key.field} of this ${resource.typeName}.`,
      resolve: (parent) => parent[resource.key.field],
    }),
  );
  for (const p of props) {
    // The REST `id` is `restId`; `id` is the global ID.
    if (p.name === 'id') continue;
    const link = links.get(p.name);
    const ref = refs.get(p.name);
    if (link)
      add(
        p.name,
        linkField(
          t,
          link.field,
          link.model,
          link.many,
          p.description ?? `Linked ${resourceOf(link.model).typeName}.`,
        ),
      );
    else if (ref) referenceFields(t, p, ref, add);
    else add(p.name, propertyField(p, t, p.name, !requiredOutput(resource, p)));
    if (hasMoneyView(p, names)) add(`${p.name}Money`, moneyField(t, p));
  }
  for (const relation of resource.children) add(relation.name, childField(t, relation));
  for (const link of naturalLinks.filter((l) => l.model === resource.model))
    add(link.name, naturalLinkField(t, link));
  return fields;
}

/**
 * The Node `id`, answered as it is made. Not Pothos' `builder.node` id: that one wraps every id in an
 * object and an async resolver (a promise and a microtask per row, 7.5% of a 250-item bulk's bytes)
 * to encode a global ID paygraph's resolvers have already made.
 */
function idField(t: EntityFieldBuilder) {
  return dynamicField<Entity>(t, {
    type: 'ID',
    nullable: false,
    description: NODE_ID_DESCRIPTION,
    resolve: globalIdOf,
  });
}

function implementEntity(resource: Resource): void {
  entityRef(resource.model).implement({
    description: entityTypeDescription(resource),
    interfaces: [builder.nodeInterfaceRef()],
    isTypeOf: (value: unknown) => isEntity(value) && entityMeta(value).model === resource.model,
    fields: (t) => ({ id: idField(t), ...entityFields(t, resource) }),
  });
}

for (const resource of resources) implementEntity(resource);

// Root fields of one resource, generic over the catalog: the collection (a connection, or a plain
// list where REST has no paging) and the single lookup. Query and Space call this per resource.
// Each uses nothing of its parent but the space (`keyOnly`): a Space asked only for them is not loaded.
import { resourceOf, type Resource } from '../catalog';
import { resolveByKey, resolveCollection, resolvePlainList } from '../resolvers';
import {
  collectionArgs,
  connectionComplexity,
  connectionRef,
  listArgs,
  toCollectionArgs,
} from './connections';
import { badUserInput, dynamicArg, dynamicField, type DynamicFieldRef, type FieldBuilder } from './dynamic';
import { parseKeyArg, parseNestedKeyArgs, parseParentArg } from './keys';
import { collectionField, singularField } from './naming';
import { entityRef } from './registry';

type FieldMap = Record<string, DynamicFieldRef>;
/** The space a root field works in: null on Query, the Space's id on Space. */
export type SpaceOf<P> = (parent: P) => number | null;

/** REST lists without paging parameters (countries, currencies, languages, country states). */
export function isPlainList(resource: Resource): boolean {
  const list = resource.ops.L;
  return !!list && !list.queryParams.some((p) => p.name === 'limit');
}

function parentArgName(resource: Resource): string | undefined {
  return resource.parent?.pathParam;
}

function checkSpace(resource: Resource, named: number | null, space: number | null): void {
  if (named !== null && space !== null && named !== space) {
    throw badUserInput(
      `the ${resource.typeName} global ID names space ${named}, but it was looked up in space ${space}`,
    );
  }
}

function collection<P>(t: FieldBuilder<P>, resource: Resource, spaceOf: SpaceOf<P>) {
  const parentArg = parentArgName(resource);
  const extraArgs = parentArg
    ? {
        [parentArg]: dynamicArg(t.arg, {
          type: 'ID',
          required: true,
          description: `The parent ${resourceOf(resource.parent!.model).typeName} (REST id or global ID).`,
        }),
      }
    : {};
  if (isPlainList(resource) && !parentArg) {
    return dynamicField<P>(t, {
      type: entityRef(resource.model),
      list: true,
      // Filtering and sorting need the REST search; without one the list is all there is.
      args: resource.ops.S ? collectionArgs(t, resource.model, false) : {},
      description: `All ${resource.typeName} objects (REST has no paging here).`,
      remote: true,
      keyOnly: true,
      resolve: (_parent, args, ctx, info) => resolvePlainList(ctx, info, resource, listArgs(args)),
    });
  }
  return dynamicField<P>(t, {
    type: connectionRef(resource.model),
    args: { ...extraArgs, ...collectionArgs(t, resource.model) },
    description: `${resource.typeName} objects (REST ${resource.base}).`,
    complexity: connectionComplexity,
    remote: true,
    keyOnly: true,
    resolve: (parent, args, ctx, info) =>
      resolveCollection(
        ctx,
        info,
        {
          resource,
          space: spaceOf(parent),
          ...(parentArg ? { parentKey: parseParentArg(resource, args) } : {}),
        },
        toCollectionArgs(args),
      ),
  });
}

function lookup<P>(t: FieldBuilder<P>, resource: Resource, spaceOf: SpaceOf<P>) {
  const parentArg = parentArgName(resource);
  const idArg = dynamicArg(t.arg, {
    type: 'ID',
    required: true,
    description: `REST ${resource.key.field} or global ID.`,
  });
  if (parentArg) {
    // A nested base is only addressable under its parent: look the id up in the parent's collection.
    return dynamicField<P>(t, {
      type: entityRef(resource.model),
      args: {
        [parentArg]: dynamicArg(t.arg, {
          type: 'ID',
          required: true,
          description: 'The parent (REST id or global ID).',
        }),
        id: idArg,
      },
      description: `One ${resource.typeName} of a ${resourceOf(resource.parent!.model).typeName}.`,
      remote: true,
      keyOnly: true,
      resolve: async (parent, args, ctx, info) => {
        const space = spaceOf(parent);
        const { key, space: named, parentKey } = parseNestedKeyArgs(resource, args);
        checkSpace(resource, named, space);
        const target = { resource, space, parentKey };
        const page = await resolveCollection(ctx, info, target, { first: 1, filter: { id: { eq: key } } });
        return page.edges[0]?.node ?? null;
      },
    });
  }
  return dynamicField<P>(t, {
    type: entityRef(resource.model),
    args: { id: idArg },
    description: `One ${resource.typeName} by REST ${resource.key.field} or global ID.`,
    remote: true,
    keyOnly: true,
    resolve: (parent, args, ctx, info) => {
      const space = spaceOf(parent);
      const { key, space: named } = parseKeyArg(resource, args.id);
      checkSpace(resource, named, space);
      return resolveByKey(ctx, info, resource, space, key);
    },
  });
}

/** Collection and lookup fields of the given resources. */
export function rootFields<P>(t: FieldBuilder<P>, list: Resource[], spaceOf: SpaceOf<P>): FieldMap {
  const fields: FieldMap = {};
  for (const resource of list) {
    if (resource.ops.L || resource.ops.S)
      fields[collectionField(resource)] = collection(t, resource, spaceOf);
    if (resource.ops.G) fields[singularField(resource)] = lookup(t, resource, spaceOf);
  }
  return fields;
}

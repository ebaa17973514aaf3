// Single entities: links (expanded, stub or loaded), id references, lookups by key and node(s).
import type { GraphQLError, GraphQLResolveInfo } from 'graphql';
import { graphTypeName, resourceByModel, type Resource } from '../catalog';
import { internalsOf, noteMisses, planOf, type GraphContext } from './context';
import { asEntity, entityMeta, isEntity, type Entity } from './entity';
import { bareLink, keyOf, spaceFor } from './entity-cache';
import { mayUseSpace } from './caller';
import { graphError, guarded, toGraphQLError, type MaybePromise } from './errors';
import { entityKey } from './entity-key';
import { decodeGlobalId, embeddedIdModel } from './global-id';
import { prefetchSelectedChildren } from './prefetch-children';

function targetResource(model: string): Resource {
  const resource = resourceByModel.get(model);
  if (!resource) throw graphError('UPSTREAM_ERROR', `no resource is known for model ${model}`);
  return resource;
}

/**
 * The model whose key is the `space` header: every space-scoped call checks that the space exists
 * (404 otherwise), so a Space asked only for space-scoped fields needs no call of its own.
 */
const SPACE_MODEL = 'Space';

/**
 * A Space the caller may not use answers as one that does not exist (null), without a call. Calls
 * into such a space are refused where they are made (the server's REST caller of the request).
 */
function hiddenSpace(ctx: GraphContext, model: string, key: string): boolean {
  return model === SPACE_MODEL && !mayUseSpace(ctx.caller, Number(key));
}

/**
 * An entity known only by its key and space: enough for id, restId, __typename and the fields marked
 * key-only. Objects of nested bases are named by their parent as well, which a bare id lacks.
 */
function stub(resource: Resource, space: number | null, key: unknown): Entity | null {
  if (resource.parent) return null;
  return asEntity({ [resource.key.field]: key }, { model: resource.model, space });
}

/** A REST key as REST returns it: numbers for long keys (bigint past 2^53), text otherwise. */
function restValue(resource: Resource, key: string): unknown {
  if (resource.key.type !== 'long') return key;
  const n = Number(key);
  return Number.isSafeInteger(n) ? n : BigInt(key);
}

/**
 * What an object expanded inside its parent must have arrived with to be answered as it is: the
 * omitted-by-default properties the selection wants of it. Past the REST depth limit the parent could
 * not ask for them, and nothing later can add them. Links it arrived without are ids, which this
 * resolver loads at their own level with their own plan, so they need no reload of this object.
 */
function ownProperties(resource: Resource, paths: readonly string[]): readonly string[] {
  // Most links expand nothing further: no list to make for every row.
  return paths.length === 0 ? paths : paths.filter((p) => resource.omittedByDefault.includes(p));
}

/** A linked entity: answered at once from what the parent holds where it can be, else loaded. */
function one(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  link: unknown,
  resource: Resource,
  space: number | null,
): MaybePromise<Entity | null> {
  // A collapsed link (`{ id }`) and a bare id are the same unexpanded link.
  const value = bareLink(link);
  if (value === null || value === undefined) return null;
  const { cache, loaders } = internalsOf(ctx);
  let arrived: Entity | null = null;
  if (typeof value === 'object') {
    arrived = isEntity(value)
      ? value
      : cache.wrap(value as Record<string, unknown>, resource.model, space, []);
  }
  const key = arrived ? entityKey(resource, arrived) : keyOf(value);
  if (key === null) return arrived;
  const plan = planOf(ctx, info, resource.model, 'entity');
  const keyOnly = plan.needs !== 'object';
  if (arrived && (keyOnly || cache.answers(arrived, ownProperties(resource, plan.paths)))) return arrived;
  return (
    (keyOnly ? stub(resource, space, value) : null) ?? loaders.load(resource.model, space, key, plan.paths)
  );
}

/**
 * The entity or entities a link field names. Its field's resolver turns what this throws or rejects
 * with into a typed GraphQL error (the schema guards every remote field), so a row whose link arrived
 * expanded is answered without a closure or a promise.
 */
export function resolveLink(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  parent: Entity,
  field: string,
  targetModel: string,
): MaybePromise<Entity | Entity[] | null> {
  const resource = targetResource(targetModel);
  const space = spaceFor(targetModel, entityMeta(parent).space);
  const value = parent[field];
  if (!Array.isArray(value)) return one(ctx, info, value, resource, space);
  const all = value.map((v) => one(ctx, info, v, resource, space));
  const found = (list: (Entity | null)[]) => list.filter((e): e is Entity => e !== null);
  return all.some((e) => e instanceof Promise)
    ? Promise.all(all.map(async (e) => e)).then(found)
    : found(all as (Entity | null)[]);
}

/** A REST key as the loaders take it, or a clear error; accepts the entity's global ID too. */
function restKey(resource: Resource, space: number | null, key: string | number | bigint): string {
  const text = String(key);
  const global = typeof key === 'string' ? decodeGlobalId(key) : null;
  if (global && global.model === resource.model) {
    if (global.space !== space)
      throw graphError('BAD_USER_INPUT', `id ${text} belongs to space ${global.space}, not ${space}`);
    return global.key;
  }
  if (resource.parent) {
    throw graphError(
      'BAD_USER_INPUT',
      `id: "${text}" is not a ${resource.typeName} global ID; a plain id needs its ${resource.parent.model} as well`,
    );
  }
  if (resource.key.type === 'long' && !/^[1-9][0-9]{0,18}$/.test(text)) {
    throw graphError(
      'BAD_USER_INPUT',
      `id: "${text}" is neither a ${resource.typeName} id nor its global ID`,
    );
  }
  return text;
}

export function resolveByKey(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  resource: Resource,
  space: number | null,
  key: string | number | bigint,
): Promise<Entity | null> {
  return guarded(async () => {
    const k = restKey(resource, resource.spaceScoped ? space : null, key);
    const plan = planOf(ctx, info, resource.model, 'entity');
    // Other lookups must check that the object exists: a stub transaction would answer an empty
    // list of refunds for an id that names nothing. A Space asked for space-scoped fields is checked
    // by those fields' calls; asked for its identity alone, it is loaded (nothing else would check).
    if (resource.model === SPACE_MODEL && plan.needs === 'key') {
      const known = stub(resource, null, restValue(resource, k));
      if (known) return known;
    }
    if (hiddenSpace(ctx, resource.model, k)) return missed(ctx);
    const scoped = resource.spaceScoped ? space : null;
    const loaded = internalsOf(ctx).loaders.load(resource.model, scoped, k, plan.paths);
    prefetchSelectedChildren(ctx, info, resource, scoped, k);
    return (await loaded) ?? missed(ctx);
  });
}

/** Why an ID cannot be read: an embedded object's (no endpoint), or no global ID of this API. */
function notReadable(argument: string, text: string): GraphQLError {
  const embedded = embeddedIdModel(text);
  if (embedded) {
    const typeName = graphTypeName(embedded);
    return graphError(
      'BAD_USER_INPUT',
      `${argument}: "${text}" is the ID of a ${typeName}, which REST cannot read on its own (it has no endpoint); read it through the object that holds it`,
    );
  }
  return graphError('BAD_USER_INPUT', `${argument}: "${text}" is not a global ID of this API`);
}

export function resolveNode(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  globalId: string,
): Promise<Entity | null> {
  return guarded(async () => {
    const id = decodeGlobalId(globalId);
    if (!id) throw notReadable('id', globalId);
    if (hiddenSpace(ctx, id.model, id.key)) return missed(ctx);
    const plan = planOf(ctx, info, id.model, 'entity');
    const loaded = internalsOf(ctx).loaders.load(id.model, id.space, id.key, plan.paths);
    const resource = resourceByModel.get(id.model);
    if (resource) prefetchSelectedChildren(ctx, info, resource, id.space, id.key);
    return (await loaded) ?? missed(ctx);
  });
}

/**
 * Mixed types: every id goes to the loader of its type and space, so each type is one batch. An id
 * that fails comes back as its GraphQLError in place (graphql-js nulls that item and reports it), so
 * one bad id never blanks the others.
 */
export function resolveNodes(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  globalIds: string[],
): Promise<(Entity | null | GraphQLError)[]> {
  const { loaders } = internalsOf(ctx);
  const found = Promise.all(
    globalIds.map(async (g) => {
      try {
        const id = decodeGlobalId(g);
        if (!id) throw notReadable('ids', g);
        if (hiddenSpace(ctx, id.model, id.key)) return null;
        return await loaders.load(id.model, id.space, id.key, planOf(ctx, info, id.model, 'entity').paths);
      } catch (error) {
        return toGraphQLError(error);
      }
    }),
  );
  return found.then((items) => {
    noteMisses(ctx, items.filter((item) => item === null).length);
    return items;
  });
}

function missed(ctx: GraphContext): null {
  noteMisses(ctx, 1);
  return null;
}

/**
 * An object known by its REST key (a mutation's acted-on object, a bulk item's new id): a stub when
 * the selection needs only the key, else loaded (batched with every other load of the tick).
 */
export function resolveKnownKey(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  model: string,
  space: number | null,
  key: string,
): MaybePromise<Entity | null> {
  const resource = targetResource(model);
  const nested = resource.parent ? key.split('/') : null;
  if (nested) {
    const plan = planOf(ctx, info, model, 'entity');
    return internalsOf(ctx).loaders.load(model, spaceFor(model, space), key, plan.paths);
  }
  return one(ctx, info, restValue(resource, key), resource, spaceFor(model, space));
}

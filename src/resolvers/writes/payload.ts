// The success value of a mutation, as the schema's payload types read it: the object REST returned
// (already an entity, expanded as the payload's selection asked), the acted-on object (loaded only
// when selected and not returned), the id of a deleted object, or a plain value REST answered with.
import type { GraphQLResolveInfo } from 'graphql';
import { resourceByModel, type MutationSpec } from '../../catalog';
import { internalsOf, type GraphContext } from '../context';
import type { Entity } from '../entity';
import { spaceFor } from '../entity-cache';
import { entityKey } from '../entity-key';
import { encodeGlobalId } from '../global-id';
import type { MaybePromise } from '../errors';
import { resolveKnownKey } from '../links';
import type { ObjectRef } from './errors';
import { ObjectSlot } from '../../shared/object-slot';

export interface PayloadValue {
  kind: 'payload';
  mutation: string;
  /** What REST answered with (a JSON value), when it answered with a body. */
  body?: unknown;
  /** The expand set the write call carried (the body's objects are expanded that far). */
  expand: string[];
  resultModel?: string;
  space: number | null;
  /** The acted-on object, or the object a bulk item created. */
  object?: ObjectRef;
  deleted?: boolean;
}

const wrapped = new ObjectSlot<PayloadValue, Entity>('paygraph.payloadObject');

/** The entity REST returned, wrapped once per payload with the expand set the call carried. */
function returned(ctx: GraphContext, p: PayloadValue): Entity | null {
  if (!p.resultModel || typeof p.body !== 'object' || p.body === null || Array.isArray(p.body)) return null;
  let entity = wrapped.get(p);
  if (!entity) {
    entity = internalsOf(ctx).cache.wrap(
      p.body as Record<string, unknown>,
      p.resultModel,
      spaceFor(p.resultModel, p.space),
      p.expand,
    );
    wrapped.set(p, entity);
  }
  return entity;
}

/**
 * The payload field holding an object of `model`: the returned one when it is that model, else the
 * acted-on object, by its key alone when the selection needs no more (a bulk item's `customer { id }`),
 * else loaded. Answered without a promise when nothing is loaded.
 */
export function payloadObject(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  p: PayloadValue,
  model: string,
): MaybePromise<Entity | null> {
  if (p.resultModel === model) {
    const entity = returned(ctx, p);
    if (entity) return entity;
  }
  if (p.object?.model === model) return resolveKnownKey(ctx, info, model, p.object.space, p.object.key);
  return null;
}

/** The global ID of the deleted object. */
export function deletedIdOf(p: PayloadValue): string | null {
  return p.object
    ? encodeGlobalId(p.object.model, spaceFor(p.object.model, p.object.space), p.object.key)
    : null;
}

/** A plain (non-object) value REST answered with, such as a redirect URL. */
export function plainResult(p: PayloadValue): unknown {
  return typeof p.body === 'object' ? null : (p.body ?? null);
}

/** The acted-on object of a payload after a create: the key of the returned entity. */
export function createdObject(
  spec: MutationSpec,
  body: unknown,
  space: number | null,
): ObjectRef | undefined {
  const model = spec.resultModel;
  const resource = model ? resourceByModel.get(model) : undefined;
  if (!resource || typeof body !== 'object' || body === null) return undefined;
  const key = entityKey(resource, body as Record<string, unknown>);
  return key === null ? undefined : { model: resource.model, space: spaceFor(resource.model, space), key };
}

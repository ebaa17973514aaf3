// What a mutation tells the app once it reached REST: the (space, model) pairs whose objects it may
// have changed, so that live watches of them look at once instead of at their next tick (the REST
// API has no events: a change made through paygraph is the one change it can know of right away).
// The object written, the object acted on, its parent, and the objects the body names (a refund's
// transaction). Waking a watch nobody has costs nothing.
import { bodyReferences, type MutationSpec } from '../../catalog';
import { internalsOf, type GraphContext } from '../context';
import { spaceFor } from '../entity-cache';
import type { ObjectRef } from './errors';
import type { Input, WriteRequest } from './request';

function modelsOf(spec: MutationSpec, r: WriteRequest, object: ObjectRef | undefined): Set<string> {
  const models = new Set<string>();
  for (const model of [
    spec.resultModel,
    spec.resource?.model,
    object?.model,
    r.object?.model,
    spec.parentParam?.model,
  ])
    if (model) models.add(model);
  const body = (r.body ?? {}) as Input;
  for (const [field, model] of bodyReferences.get(spec.body?.model ?? '') ?? [])
    if (body[field] !== undefined && body[field] !== null) models.add(model);
  return models;
}

export function noteWrite(
  ctx: GraphContext,
  spec: MutationSpec,
  r: WriteRequest,
  object: ObjectRef | undefined,
): void {
  const listener = internalsOf(ctx).onWrite;
  if (!listener) return;
  listener([...modelsOf(spec, r, object)].map((model) => ({ model, space: spaceFor(model, r.space) })));
}

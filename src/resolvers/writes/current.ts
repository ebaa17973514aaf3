// The object a failed mutation is about, as it is now: read once per error value (a conflict's
// `current` and `currentVersion` share the read), through the loaders.
import { internalsOf, type GraphContext } from '../context';
import type { Entity } from '../entity';
import type { MutationErrorValue } from './errors';
import { ObjectSlot } from '../../shared/object-slot';

const reads = new ObjectSlot<MutationErrorValue, Promise<Entity | null>>('paygraph.currentRead');

export function loadCurrent(ctx: GraphContext, e: MutationErrorValue): Promise<Entity | null> {
  if (!e.object) return Promise.resolve(null);
  let read = reads.get(e);
  if (!read) {
    const { model, space, key } = e.object;
    read = internalsOf(ctx)
      .loaders.load(model, space, key, [])
      .catch(() => null);
    reads.set(e, read);
  }
  return read;
}

// The schema's extra fields (documents, URLs, check-*, credentials...): one REST call each, made
// once per request however many times the same call is selected.
import { operation } from '../catalog';
import { internalsOf, type GraphContext } from './context';
import { guarded } from './errors';
import { callOp } from './rest-calls';
import { stableKey } from './stable-key';

export interface ExtraCall {
  space?: number | null;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

export function callExtra(ctx: GraphContext, operationId: string, o: ExtraCall = {}): Promise<unknown> {
  return guarded(async () => {
    const op = operation(operationId);
    const { extras, caller } = internalsOf(ctx);
    const id = stableKey([operationId, o.space ?? null, o.path, o.query]);
    let pending = extras.get(id);
    if (!pending) {
      pending = callOp(caller, op, {
        space: o.space ?? null,
        path: o.path as Record<string, string | number | bigint> | undefined,
        query: o.query,
      });
      // A failed call is not remembered: the next field that asks may try again.
      pending.catch(() => extras.delete(id));
      extras.set(id, pending);
    }
    return pending;
  });
}

// The schema's extra fields (documents, URLs, check-*, credentials...): one REST call each, made
// once per request however many times the same call is selected.
import { operation } from '../catalog';
import { internalsOf, type GraphContext } from './context';
import type { RestBodyStream } from '../rest/types';
import { guarded, toGraphQLError } from './errors';
import { callOp } from './rest-calls';
import { stableKey } from './stable-key';

export interface ExtraCall {
  space?: number | null;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

/**
 * An extra whose body is read as it arrives (a large export): the call is made once the field asks,
 * not shared between fields (a body is read once), and failures while reading map like any call's.
 */
export async function streamExtra(ctx: GraphContext, operationId: string, o: ExtraCall = {}): Promise<AsyncIterable<Uint8Array>> {
  const body = (await guarded(() =>
    callOp(internalsOf(ctx).caller, operation(operationId), {
      space: o.space ?? null,
      path: o.path as Record<string, string | number | bigint> | undefined,
      query: o.query,
      stream: true,
    }),
  )) as RestBodyStream | string | undefined;
  // A caller that does not stream (a wrapper, a test double) answers the whole text: one chunk.
  if (typeof body === 'string') return mapErrors([Buffer.from(body)]);
  return mapErrors(body ?? []);
}

async function* mapErrors(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* body;
  } catch (error) {
    throw toGraphQLError(error);
  }
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

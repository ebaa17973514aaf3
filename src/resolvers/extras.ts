// The schema's extra fields (documents, URLs, check-*, credentials...): one REST call each, made
// once per request however many times the same call is selected.
import { operation } from '../catalog';
import { internalsOf, type GraphContext } from './context';
import type { RestBodyStream } from '../rest/types';
import { guarded, toGraphQLError } from './errors';
import { callOp } from './rest-calls';
import { SharedBody } from './shared-body';
import { stableKey } from './stable-key';

export interface ExtraCall {
  space?: number | null;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

/**
 * An extra whose body is read as it arrives (a large export): one call per request for the same
 * parameters, like every extra, its body shared by the fields that read it; failures while reading
 * map like any call's.
 */
export function streamExtra(ctx: GraphContext, operationId: string, o: ExtraCall = {}): Promise<SharedBody> {
  return guarded(() =>
    once(ctx, ['stream', operationId, o.space ?? null, o.path, o.query], async () => {
      const body = (await callOp(internalsOf(ctx).caller, operation(operationId), {
        ...callParams(o),
        stream: true,
      })) as RestBodyStream | string | undefined;
      // A caller that does not stream (a wrapper, a test double) answers the whole text: one chunk.
      return new SharedBody(mapErrors(typeof body === 'string' ? [Buffer.from(body)] : (body ?? [])));
    }),
  );
}

async function* mapErrors(
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    yield* body;
  } catch (error) {
    throw toGraphQLError(error);
  }
}

export function callExtra(ctx: GraphContext, operationId: string, o: ExtraCall = {}): Promise<unknown> {
  return guarded(() =>
    once(ctx, [operationId, o.space ?? null, o.path, o.query], () =>
      callOp(internalsOf(ctx).caller, operation(operationId), callParams(o)),
    ),
  );
}

function callParams(o: ExtraCall) {
  return {
    space: o.space ?? null,
    path: o.path as Record<string, string | number | bigint> | undefined,
    query: o.query,
  };
}

/** The request's one call for `key`; a failed call is not remembered, so the next field that asks may try again. */
function once<T>(ctx: GraphContext, key: unknown[], call: () => Promise<T>): Promise<T> {
  const { extras } = internalsOf(ctx);
  const id = stableKey(key);
  let pending = extras.get(id) as Promise<T> | undefined;
  if (!pending) {
    pending = call();
    pending.catch(() => extras.delete(id));
    extras.set(id, pending);
  }
  return pending;
}

// The REST API as a unit test scripts it: a RestCaller whose answers a test writes (no HTTP, no
// sandbox), wrapped in the world's RecordingCaller so the test says exactly which calls were made.
import { RestError } from '../../../src/rest/errors';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../../src/rest/types';
import { createGraphContext, type GraphContextOptions } from '../../../src/resolvers';
import { internalsOf, type Internals } from '../../../src/resolvers/context';
import { RecordingCaller } from '../../support/world';

/** One call as the script sees it: the operation and its options (space, path, query). */
export interface ScriptedCall {
  operationId: string;
  space?: number;
  path?: Record<string, unknown>;
  query: Record<string, unknown>;
}

/** Answers a call with a REST body, or throws what REST would have failed with (`failure`). */
export type Script = (call: ScriptedCall) => unknown;

class ScriptedRest implements RestCaller {
  constructor(private readonly script: Script) {}
  async call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    await Promise.resolve(); // answers come later, as from a network: batches form in the same tick
    const call: ScriptedCall = {
      operationId,
      space: options?.space as number | undefined,
      path: options?.path as Record<string, unknown> | undefined,
      query: options?.query ?? {},
    };
    return this.script(call) as ResultOf<Op>;
  }
}

/** A recording caller over a scripted REST API. */
export const scriptedCaller = (script: Script): RecordingCaller =>
  new RecordingCaller(new ScriptedRest(script));

/** What the REST client throws for an upstream answer of `status`. */
export function failure(call: ScriptedCall, status: number, message: string): RestError {
  return new RestError(
    'REST_HTTP_STATUS',
    message,
    { operationId: call.operationId, method: 'GET', path: '/api/v2.0/scripted', attempts: 1 },
    { status },
  );
}

/** A page of a list or search answer. */
export const page = (data: Record<string, unknown>[], hasMore = false) => ({ data, hasMore });

/** The read path's per-request state over a scripted REST API, and the calls it made. */
export function scriptedInternals(
  script: Script,
  o: Omit<GraphContextOptions, 'rest'> = {},
): { internals: Internals; recorder: RecordingCaller } {
  const recorder = scriptedCaller(script);
  return { internals: internalsOf(createGraphContext({ ...o, rest: recorder })), recorder };
}

/** The values of the `name:value` terms of a search query, in order: which ids a batch asked for. */
export function termValues(query: unknown, name: string): string[] {
  const re = new RegExp(`(?:^|[ (])${name.replace(/\./g, '\\.')}:"?([^ )"]+)"?`, 'g');
  return [...String(query ?? '').matchAll(re)].map((m) => m[1]);
}

// What a layer of the REST path (guards, budgets, schedulers, the client itself) sees of a call:
// every operation alike, so its options untyped. Typed calls enter and leave the layers here only.
import type { CallOptions, OperationId, RestCaller, ResultOf, UntypedCallOptions } from './types';

/** A call's options as a layer reads them, whatever operation the call names. */
export function untypedOptions<Op extends OperationId>(
  options: CallOptions<Op> | undefined,
): UntypedCallOptions | undefined {
  // @ts-expect-error Typed parameters are objects of named values, so untyped ones; TypeScript cannot see it through the generated types while `Op` is open.
  return options;
}

/** Sends a layer's options on to `rest` for the call it serves, whose result keeps the call's type. */
export function sendOn<Op extends OperationId>(
  rest: RestCaller,
  operationId: Op,
  options: UntypedCallOptions | undefined,
): Promise<ResultOf<Op>> {
  const anyOperation: OperationId = operationId;
  // @ts-expect-error The answer is the operation's, whichever options a layer sent it with.
  return rest.call(anyOperation, options);
}

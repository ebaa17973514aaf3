// The typed surface of the REST client: a call names its operationId and gets typed parameters and a
// typed result, all derived from the generated OpenAPI types (src/api-types; no REST type is written by hand).
import type { OperationId, PathParams, QueryParams, ResultOf } from '../api-types';

export type * from '../api-types';

/** A REST Long as the client delivers it: a number below 2^53, a bigint at or above. */
export type Long = number | bigint;

/** What one REST call needs beyond its operationId. */
export interface CallOptions<Op extends OperationId = OperationId> {
  path?: PathParams<Op> | Record<string, string | number | bigint>;
  query?: QueryParams<Op> | Record<string, unknown>;
  /** Space id: required by space-scoped operations, refused by the others. */
  space?: number | string | bigint;
  /** The operation's request body (`RequestBody<Op>`); any JSON value is accepted, the sandbox or the API validates it. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Answer a 2xx body unread, as a `RestBodyStream` of its chunks (the result type does not say so):
   * for large bodies read while they arrive. The call keeps its in-flight slot until the body is read
   * or abandoned; it is retried only before a 2xx response arrives.
   */
  stream?: boolean;
}

/** The result of a call made with `stream: true`: its body's chunks, readable once. */
export interface RestBodyStream extends AsyncIterable<Uint8Array> {
  readonly contentType: string;
}

export interface RestCaller {
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>>;
}

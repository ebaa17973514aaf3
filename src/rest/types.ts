// The typed surface of the REST client: a call names its operationId and gets typed parameters and a
// typed result, all derived from the generated OpenAPI types (src/api-types; no REST type is written by hand).
import type { OperationId, PathParams, QueryParams, RequestBody, ResultOf } from '../api-types';
import type { RestErrorCode } from './errors';

export type * from '../api-types';

/** A REST Long as the client delivers it: a number below 2^53, a bigint at or above. */
export type Long = number | bigint;

/** What one finished call reports to metrics and logs. Never contains a token, key or header. */
export interface CallEvent {
  operationId: string;
  method: string;
  /** Path template, e.g. `/api/v2.0/payment/transactions/{id}` (no ids, no query values). */
  route: string;
  /** Space id the call ran in, when space-scoped. */
  space?: string;
  /** HTTP status of the last attempt, when one arrived. */
  status?: number;
  ok: boolean;
  durationMs: number;
  /** Sends of the request (0 when refused before sending). */
  attempts: number;
  retries: number;
  /** Response body bytes received, over all attempts. */
  bytesIn: number;
  /** Request body bytes sent, over all attempts. */
  bytesOut: number;
  errorCode?: RestErrorCode;
}

/**
 * Who a call is made for (one inbound request): headers each send carries, e.g. the request's id, and
 * who hears of the finished call, e.g. the request's log line. Passed with the call, not looked up
 * from the asynchronous context.
 */
export interface CallScope {
  /** Extra headers of each send (cannot replace authorization, space, accept, content-type). */
  readonly headers?: Readonly<Record<string, string>>;
  onCall?(event: CallEvent): void;
}

/** What one REST call needs beyond its operationId and parameters. */
interface CallControl {
  /** Space id: required by space-scoped operations, refused by the others. */
  space?: number | string | bigint;
  signal?: AbortSignal;
  scope?: CallScope;
  /**
   * Answer a 2xx body unread, as a `RestBodyStream` of its chunks (the result type does not say so):
   * for large bodies read while they arrive. The call keeps its in-flight slot until the body is read
   * or abandoned; it is retried only before a 2xx response arrives.
   */
  stream?: boolean;
}

/** A REST value as the client sends it: any integer may be a bigint (a Long at or above 2^53, see json.ts). */
export type Sent<T> = T extends number
  ? T | bigint
  : T extends readonly (infer I)[]
    ? Sent<I>[]
    : T extends object
      ? { [K in keyof T]: Sent<T[K]> }
      : T;

/**
 * A call whose operation the code names: parameters and body typed by the generated OpenAPI types.
 * (`call<OperationId>(...)` is the explicit untyped entry, e.g. for a body meant to be refused.)
 */
export interface TypedCallOptions<Op extends OperationId> extends CallControl {
  path?: Sent<PathParams<Op>>;
  query?: Sent<QueryParams<Op>>;
  body?: Sent<RequestBody<Op>>;
}

/**
 * The untyped entry, for calls whose operation is chosen at run time (catalog-driven resolvers) and
 * for the layers every call passes through: parameters as the catalog describes them; the client
 * checks them against the operation (prepare.ts), the API validates the body.
 */
export interface UntypedCallOptions extends CallControl {
  path?: Record<string, string | number | bigint>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Typed when the call names its operation, untyped when the operation is any (`OperationId`). */
export type CallOptions<Op extends OperationId = OperationId> = OperationId extends Op
  ? UntypedCallOptions
  : TypedCallOptions<Op>;

/** The result of a call made with `stream: true`: its body's chunks, readable once. */
export interface RestBodyStream extends AsyncIterable<Uint8Array> {
  readonly contentType: string;
}

export interface RestCaller {
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>>;
}

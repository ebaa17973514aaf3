// The typed surface of the REST client: a call names its operationId and gets typed parameters and a
// typed result, all derived from the generated OpenAPI types (no REST type is written by hand).
import type { components, operations } from './generated/openapi';

export type OperationId = keyof operations;
export type Schemas = components['schemas'];
export type Model<Name extends keyof Schemas> = Schemas[Name];

type ParametersOf<Op extends OperationId> = operations[Op] extends { parameters: infer P } ? P : never;
type Part<P, K extends string> = P extends { [k in K]?: infer V } ? Exclude<V, undefined> : never;

export type PathParams<Op extends OperationId> = Part<ParametersOf<Op>, 'path'>;
export type QueryParams<Op extends OperationId> = Part<ParametersOf<Op>, 'query'>;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer R } ? JsonContent<NonNullable<R>> : never;

type SuccessResponse<R> = R extends { 200: infer S } ? S : R extends { 204: unknown } ? void : unknown;
type ContentOf<S> = S extends { content: infer C } ? C[keyof C] : void;
/**
 * The typed result of a call. At run time, integers at or above 2^53 in magnitude arrive as `bigint`
 * (see json.ts), so code reading Long fields (ids, versions) should accept `Long`.
 */
export type ResultOf<Op extends OperationId> = ContentOf<SuccessResponse<operations[Op]['responses']>>;

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

// The types of the REST API v2.0, all derived from the generated OpenAPI types (none written by hand):
// shared by the REST client and the sandbox, which may not import each other.
import type { LinkFields } from './generated/link-fields';
import type { components, operations } from './generated/openapi';

export type OperationId = keyof operations;
export type Schemas = components['schemas'];
export type Model<Name extends keyof Schemas> = Schemas[Name];

type ParametersOf<Op extends OperationId> = operations[Op] extends { parameters: infer P } ? P : never;
type Part<P, K extends string> = P extends { [k in K]?: infer V } ? Exclude<V, undefined> : never;

export type PathParams<Op extends OperationId> = Part<ParametersOf<Op>, 'path'>;
export type QueryParams<Op extends OperationId> = Part<ParametersOf<Op>, 'query'>;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer R }
  ? JsonContent<NonNullable<R>>
  : never;

type SuccessResponse<R> = R extends { 200: infer S } ? S : R extends { 204: unknown } ? void : unknown;
type ContentOf<S> = S extends { content: infer C } ? C[keyof C] : void;
/**
 * The typed result of a call. At run time, integers at or above 2^53 in magnitude arrive as `bigint`
 * (see src/rest/json.ts), so code reading Long fields (ids, versions) should accept `Long`.
 */
export type ResultOf<Op extends OperationId> = ContentOf<SuccessResponse<operations[Op]['responses']>>;

/** The REST models that are resources of their own (they have link fields, possibly none). */
export type ResourceModel = keyof LinkFields & keyof Schemas;

type LinkValue<Many> = Many extends true ? number[] : number;
/**
 * A resource model as REST answers it without `expand` and as the sandbox stores it: each link field
 * holds the linked object's id (ids for a list), every field may be absent and is writable.
 */
export type Unexpanded<Name extends ResourceModel> = {
  -readonly [K in keyof Schemas[Name]]?: K extends keyof LinkFields[Name]
    ? LinkValue<LinkFields[Name][K]>
    : Schemas[Name][K];
};

// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Input of `createCustomer` (REST POST /customers). */
export type CreateCustomerInput = {
  /** REST `customerId`. */
  customerId?: string | null | undefined;
  /** REST `emailAddress`. */
  emailAddress?: string | null | undefined;
  /** REST `familyName`. */
  familyName?: string | null | undefined;
  /** REST `givenName`. */
  givenName?: string | null | undefined;
  /** Sending the same key again (with the same input) returns the first result without running the mutation again. */
  idempotencyKey?: string | null | undefined;
  /** REST `language`. */
  language?: string | null | undefined;
  /** REST `metaData`. */
  metaData?: Record<string, unknown> | null | undefined;
  /** REST `preferredCurrency`. */
  preferredCurrency?: string | null | undefined;
  /** The space to act in: a REST space id or a Space global ID. */
  space: string | number;
};

/** The `code` of every mutation error: one per error type, stable for clients to switch on. */
export type MutationErrorCode =
  /** BulkLimitError: REST refused a bulk call as too large (paygraph's bulk limit is above the API's). */
  | 'BULK_LIMIT_EXCEEDED'
  /** ForbiddenError: The caller (or the REST user) may not do this. */
  | 'FORBIDDEN'
  /** IdempotencyKeyBusyError: The first request with this idempotency key is still running, or may still reach REST; nothing was sent. */
  | 'IDEMPOTENCY_KEY_BUSY'
  /** IdempotencyKeyReusedError: The idempotency key was used before with another input; nothing was sent. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** IdempotencyUnavailableError: The idempotency key cannot be checked now (its store, or REST to reconcile with, does not answer); nothing was sent. */
  | 'IDEMPOTENCY_UNAVAILABLE'
  /** NotFoundError: An object (or the space) the input names does not exist, or the caller may not see it. */
  | 'NOT_FOUND'
  /** OutcomeUnknownError: The first request with this idempotency key may have been carried out and REST cannot tell; read the object first. */
  | 'OUTCOME_UNKNOWN'
  /** RateLimitedError: The request rate is limited; try again later. */
  | 'RATE_LIMITED'
  /** StateTransitionError: The state of an object the mutation acts on does not allow it; nothing was changed. */
  | 'STATE_TRANSITION_REFUSED'
  /** UpstreamError: REST failed or could not be reached. */
  | 'UPSTREAM_ERROR'
  /** ValidationError: The input is invalid; nothing was changed. */
  | 'VALIDATION_FAILED'
  /** VersionConflictError: The object changed since the version the input names; nothing was changed. */
  | 'VERSION_CONFLICT';

/** The values of the REST enum TransactionState. */
export type TransactionState =
  /** The amount is authorized (reserved); it waits to be completed (captured) or voided. */
  | 'AUTHORIZED'
  /** Completed (captured); the decision on delivery is pending (FULFILL or DECLINE follows). */
  | 'COMPLETED'
  /** Confirmed: its details are fixed (no more updates); waiting for the customer to pay. */
  | 'CONFIRMED'
  /** Created; its details may still change and nothing has been shown to the customer. */
  | 'CREATE'
  /** Completed but not cleared for fulfilment (e.g. by a fraud check): do not deliver. Final. */
  | 'DECLINE'
  /** The payment failed before it was authorized (see `failureReason`). Final. */
  | 'FAILED'
  /** Completed and cleared for fulfilment: the goods may be delivered. Final. */
  | 'FULFILL'
  /** Waiting for the customer to choose a payment method and pay; its details may still be updated. */
  | 'PENDING'
  /** The payment is being processed (a 3-D Secure challenge, an asynchronous payment method...). */
  | 'PROCESSING'
  /** The authorization was voided: nothing is charged. Final. */
  | 'VOIDED';

export type SpacesQueryVariables = Exact<{ [key: string]: never; }>;


export type SpacesQuery = { spaces: { nodes: Array<{ id: string, restId: string, name: string | null }> } | null };

export type BiggestTransactionsQueryVariables = Exact<{
  space: string | number;
  first: number;
  minAmount: string | number;
}>;


export type BiggestTransactionsQuery = { space: { transactions: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ restId: string, state: TransactionState | null, authorizationAmount: string | null, currency: string | null }> } | null } | null };

export type CreateCustomerMutationVariables = Exact<{
  input: CreateCustomerInput;
}>;


export type CreateCustomerMutation = { createCustomer:
    | { __typename: 'CreateCustomerPayload', customer: { id: string, restId: string, givenName: string | null, familyName: string | null } | null }
    | { __typename: 'ForbiddenError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyBusyError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyReusedError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyUnavailableError', code: MutationErrorCode, message: string }
    | { __typename: 'NotFoundError', code: MutationErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: MutationErrorCode, message: string }
    | { __typename: 'UpstreamError', code: MutationErrorCode, message: string }
    | { __typename: 'ValidationError', code: MutationErrorCode, message: string }
   };


export const SpacesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Spaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<SpacesQuery, SpacesQueryVariables>;
export const BiggestTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BiggestTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"minAmount"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Decimal"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"state"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"eq"},"value":{"kind":"EnumValue","value":"FULFILL"}}]}},{"kind":"ObjectField","name":{"kind":"Name","value":"authorizationAmount"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"gte"},"value":{"kind":"Variable","name":{"kind":"Name","value":"minAmount"}}}]}}]}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"ListValue","values":[{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"field"},"value":{"kind":"EnumValue","value":"AUTHORIZATION_AMOUNT"}},{"kind":"ObjectField","name":{"kind":"Name","value":"direction"},"value":{"kind":"EnumValue","value":"DESC"}}]}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"authorizationAmount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BiggestTransactionsQuery, BiggestTransactionsQueryVariables>;
export const CreateCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCustomer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomerPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"givenName"}},{"kind":"Field","name":{"kind":"Name","value":"familyName"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateCustomerMutation, CreateCustomerMutationVariables>;
// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** REST AddressCreate. */
export type AddressCreateInput = {
  /** REST `city`. */
  city?: string | null | undefined;
  /** REST `commercialRegisterNumber`. */
  commercialRegisterNumber?: string | null | undefined;
  /** REST `country`. */
  country?: string | null | undefined;
  /** REST `dateOfBirth`. */
  dateOfBirth?: string | null | undefined;
  /** REST `dependentLocality`. */
  dependentLocality?: string | null | undefined;
  /** REST `emailAddress`. */
  emailAddress?: string | null | undefined;
  /** REST `familyName`. */
  familyName?: string | null | undefined;
  /** REST `gender`. */
  gender?: Gender | null | undefined;
  /** REST `givenName`. */
  givenName?: string | null | undefined;
  /** REST `legalOrganizationForm`. */
  legalOrganizationForm?: string | number | null | undefined;
  /** REST `mobilePhoneNumber`. */
  mobilePhoneNumber?: string | null | undefined;
  /** REST `organizationName`. */
  organizationName?: string | null | undefined;
  /** REST `phoneNumber`. */
  phoneNumber?: string | null | undefined;
  /** REST `postalState`. */
  postalState?: string | null | undefined;
  /** REST `postcode`. */
  postcode?: string | null | undefined;
  /** REST `salesTaxNumber`. */
  salesTaxNumber?: string | null | undefined;
  /** REST `salutation`. */
  salutation?: string | null | undefined;
  /** REST `socialSecurityNumber`. */
  socialSecurityNumber?: string | null | undefined;
  /** REST `sortingCode`. */
  sortingCode?: string | null | undefined;
  /** REST `street`. */
  street?: string | null | undefined;
};

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

/** Input of `createTransaction` (REST POST /payment/transactions). */
export type CreateTransactionInput = {
  /** A PaymentMethodBrand global ID or REST id. */
  allowedPaymentMethodBrands?: Array<string | number> | null | undefined;
  /** A PaymentMethodConfiguration global ID or REST id. */
  allowedPaymentMethodConfigurations?: Array<string | number> | null | undefined;
  /** REST `autoConfirmationEnabled`. */
  autoConfirmationEnabled?: boolean | null | undefined;
  /** REST `billingAddress`. */
  billingAddress?: AddressCreateInput | null | undefined;
  /** REST `chargeRetryEnabled`. */
  chargeRetryEnabled?: boolean | null | undefined;
  /** REST `completionBehavior`. */
  completionBehavior?: TransactionCompletionBehavior | null | undefined;
  /** REST `currency`. */
  currency?: string | null | undefined;
  /** REST `customerEmailAddress`. */
  customerEmailAddress?: string | null | undefined;
  /** REST `customerId`. */
  customerId?: string | null | undefined;
  /** REST `customersPresence`. */
  customersPresence?: CustomersPresence | null | undefined;
  /** REST `deviceSessionIdentifier`. */
  deviceSessionIdentifier?: string | null | undefined;
  /** REST `emailsDisabled`. */
  emailsDisabled?: boolean | null | undefined;
  /** REST `environment`. */
  environment?: Environment | null | undefined;
  /** REST `environmentSelectionStrategy`. */
  environmentSelectionStrategy?: TransactionEnvironmentSelectionStrategy | null | undefined;
  /** REST `failedUrl`. */
  failedUrl?: string | null | undefined;
  /** Sending the same key again (with the same input) returns the first result without running the mutation again. */
  idempotencyKey?: string | null | undefined;
  /** REST `invoiceMerchantReference`. */
  invoiceMerchantReference?: string | null | undefined;
  /** REST `language`. */
  language?: string | null | undefined;
  /** REST `lineItems`. */
  lineItems: Array<LineItemCreateInput>;
  /** REST `merchantReference`. */
  merchantReference?: string | null | undefined;
  /** REST `metaData`. */
  metaData?: Record<string, unknown> | null | undefined;
  /** REST `shippingAddress`. */
  shippingAddress?: AddressCreateInput | null | undefined;
  /** REST `shippingMethod`. */
  shippingMethod?: string | null | undefined;
  /** The space to act in: a REST space id or a Space global ID. */
  space: string | number;
  /** REST `spaceViewId`. */
  spaceViewId?: string | number | null | undefined;
  /** REST `successUrl`. */
  successUrl?: string | null | undefined;
  /** REST `timeZone`. */
  timeZone?: string | null | undefined;
  /** A Token global ID or REST id. */
  token?: string | number | null | undefined;
  /** REST `tokenizationMode`. */
  tokenizationMode?: TokenizationMode | null | undefined;
};

/** The values of the REST enum CustomersPresence. */
export type CustomersPresence =
  /** The customer takes no part (off-session: a recurring or merchant-initiated charge). */
  | 'NOT_PRESENT'
  /** The customer is at the point of sale. */
  | 'PHYSICAL_PRESENT'
  /** The customer pays online (on-session). */
  | 'VIRTUAL_PRESENT';

/** The values of the REST enum Environment. */
export type Environment =
  /** Real payments. */
  | 'LIVE'
  /** Test payments (no money moves). */
  | 'PREVIEW';

/** The values of the REST enum Gender. */
export type Gender =
  /** Female (REST value `FEMALE` of Gender). */
  | 'FEMALE'
  /** Male (REST value `MALE` of Gender). */
  | 'MALE';

/** REST LineItemCreate. */
export type LineItemCreateInput = {
  /** REST `amountIncludingTax`. */
  amountIncludingTax: string | number;
  /** REST `attributes`. */
  attributes?: Record<string, unknown> | null | undefined;
  /** REST `discountIncludingTax`. */
  discountIncludingTax?: string | number | null | undefined;
  /** REST `name`. */
  name: string;
  /** REST `quantity`. */
  quantity: string | number;
  /** REST `shippingRequired`. */
  shippingRequired?: boolean | null | undefined;
  /** REST `sku`. */
  sku?: string | null | undefined;
  /** REST `taxes`. */
  taxes?: Array<TaxCreateInput> | null | undefined;
  /** REST `type`. */
  type: LineItemType;
  /** REST `uniqueId`. */
  uniqueId: string;
};

/** The values of the REST enum LineItemType. */
export type LineItemType =
  /** A discount (a negative amount). */
  | 'DISCOUNT'
  /** A fee (e.g. payment or handling). */
  | 'FEE'
  /** A product or service sold. */
  | 'PRODUCT'
  /** Shipping costs. */
  | 'SHIPPING'
  /** A tip. */
  | 'TIP';

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

/** REST TaxCreate. */
export type TaxCreateInput = {
  /** REST `rate`. */
  rate: string | number;
  /** REST `title`. */
  title: string;
};

/** The values of the REST enum TokenizationMode. */
export type TokenizationMode =
  /** Let the customer choose to store the details for one-click payments. */
  | 'ALLOW_ONE_CLICK_PAYMENT'
  /** Always store the payment details as a new token. */
  | 'FORCE_CREATION'
  /** Always store a token the customer may pay with in one click later. */
  | 'FORCE_CREATION_WITH_ONE_CLICK_PAYMENT'
  /** Update the token given with the payment details used. */
  | 'FORCE_UPDATE';

/** The values of the REST enum TransactionCompletionBehavior. */
export type TransactionCompletionBehavior =
  /** Authorize only: complete (capture) later with a completion, or void. */
  | 'COMPLETE_DEFERRED'
  /** Complete (capture) as soon as the payment is authorized: the transaction goes on to FULFILL. */
  | 'COMPLETE_IMMEDIATELY'
  /** Follow the payment connector's configuration. */
  | 'USE_CONFIGURATION';

/** The values of the REST enum TransactionEnvironmentSelectionStrategy. */
export type TransactionEnvironmentSelectionStrategy =
  /** Process in the production environment (real money). */
  | 'FORCE_PRODUCTION_ENVIRONMENT'
  /** Process in the test environment (test cards), whatever the configuration. */
  | 'FORCE_TEST_ENVIRONMENT'
  /** Follow the space's configuration. */
  | 'USE_CONFIGURATION';

/** The values of the REST enum TransactionGroupState. */
export type TransactionGroupState =
  /** The payment of the group (all its transactions) failed (final). */
  | 'FAILED'
  /** The payment of the group (all its transactions) is under way. */
  | 'PENDING'
  /** The payment of the group (all its transactions) succeeded (final). */
  | 'SUCCESSFUL';

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

/** Input of `updateCustomer` (REST PATCH /customers/{id}). */
export type UpdateCustomerInput = {
  /** REST `customerId`. */
  customerId?: string | null | undefined;
  /** REST `emailAddress`. */
  emailAddress?: string | null | undefined;
  /** REST `familyName`. */
  familyName?: string | null | undefined;
  /** REST `givenName`. */
  givenName?: string | null | undefined;
  /** The Customer: its global ID (or REST id, with `space`). */
  id: string | number;
  /** Sending the same key again (with the same input) returns the first result without running the mutation again. */
  idempotencyKey?: string | null | undefined;
  /** REST `language`. */
  language?: string | null | undefined;
  /** REST `metaData`. */
  metaData?: Record<string, unknown> | null | undefined;
  /** REST `preferredCurrency`. */
  preferredCurrency?: string | null | undefined;
  /** The space (REST id or Space global ID); needed only when `id` is a REST id. */
  space?: string | number | null | undefined;
  /** REST `version`. */
  version: number;
};

export type SpaceTransactionsQueryVariables = Exact<{
  space: string | number;
  first: number;
  after?: string | null | undefined;
}>;


export type SpaceTransactionsQuery = { space: { id: string, transactions: { nodes: Array<{ id: string, restId: string, state: TransactionState | null, currency: string | null, authorizationAmount: string | null, createdOn: string | null, authorizationAmountMoney: { amount: string, currencyCode: string } | null, group: { id: string, restId: string | null, state: TransactionGroupState | null } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null } | null };

export type CustomerByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type CustomerByIdQuery = { node:
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { restId: string, givenName: string | null, version: number, id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
   | null };

export type CreateCustomerMutationVariables = Exact<{
  input: CreateCustomerInput;
}>;


export type CreateCustomerMutation = { createCustomer:
    | { __typename: 'CreateCustomerPayload', customer: { id: string, restId: string, givenName: string | null, version: number } | null }
    | { __typename: 'ForbiddenError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyBusyError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyReusedError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyUnavailableError', code: MutationErrorCode, message: string }
    | { __typename: 'NotFoundError', code: MutationErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: MutationErrorCode, message: string }
    | { __typename: 'UpstreamError', code: MutationErrorCode, message: string }
    | { __typename: 'ValidationError', code: MutationErrorCode, message: string }
   };

export type UpdateCustomerMutationVariables = Exact<{
  input: UpdateCustomerInput;
}>;


export type UpdateCustomerMutation = { updateCustomer:
    | { __typename: 'CustomerVersionConflictError', currentVersion: number | null, code: MutationErrorCode, message: string, current: { id: string, givenName: string | null, version: number } | null }
    | { __typename: 'ForbiddenError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyBusyError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyReusedError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyUnavailableError', code: MutationErrorCode, message: string }
    | { __typename: 'NotFoundError', code: MutationErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: MutationErrorCode, message: string }
    | { __typename: 'UpdateCustomerPayload', customer: { id: string, givenName: string | null, version: number } | null }
    | { __typename: 'UpstreamError', code: MutationErrorCode, message: string }
    | { __typename: 'ValidationError', code: MutationErrorCode, message: string, fields: Array<{ path: string, message: string }> }
   };

export type CreateTransactionMutationVariables = Exact<{
  input: CreateTransactionInput;
}>;


export type CreateTransactionMutation = { createTransaction:
    | { __typename: 'CreateTransactionPayload', transaction: { id: string, state: TransactionState | null, currency: string | null, authorizationAmount: string | null, authorizationAmountMoney: { amount: string, currencyCode: string } | null, lineItems: Array<{ uniqueId: string | null, amountIncludingTax: string | null }> | null } | null }
    | { __typename: 'ForbiddenError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyBusyError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyReusedError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyUnavailableError', code: MutationErrorCode, message: string }
    | { __typename: 'NotFoundError', code: MutationErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: MutationErrorCode, message: string }
    | { __typename: 'StateTransitionError', code: MutationErrorCode, message: string }
    | { __typename: 'UpstreamError', code: MutationErrorCode, message: string }
    | { __typename: 'ValidationError', code: MutationErrorCode, message: string }
   };


export const SpaceTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SpaceTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"ListValue","values":[{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"field"},"value":{"kind":"EnumValue","value":"ID"}},{"kind":"ObjectField","name":{"kind":"Name","value":"direction"},"value":{"kind":"EnumValue","value":"ASC"}}]}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"authorizationAmount"}},{"kind":"Field","name":{"kind":"Name","value":"authorizationAmountMoney"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currencyCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdOn"}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SpaceTransactionsQuery, SpaceTransactionsQueryVariables>;
export const CustomerByIdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CustomerById"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Customer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"givenName"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}}]} as unknown as DocumentNode<CustomerByIdQuery, CustomerByIdQueryVariables>;
export const CreateCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCustomer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomerPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"givenName"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateCustomerMutation, CreateCustomerMutationVariables>;
export const UpdateCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCustomerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCustomer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCustomerPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"givenName"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CustomerVersionConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}},{"kind":"Field","name":{"kind":"Name","value":"current"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"givenName"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateCustomerMutation, UpdateCustomerMutationVariables>;
export const CreateTransactionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTransaction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransactionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTransaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransactionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"authorizationAmount"}},{"kind":"Field","name":{"kind":"Name","value":"authorizationAmountMoney"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currencyCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uniqueId"}},{"kind":"Field","name":{"kind":"Name","value":"amountIncludingTax"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateTransactionMutation, CreateTransactionMutationVariables>;
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

/** REST AuthenticatedCardDataCreate. */
export type AuthenticatedCardDataCreateInput = {
  /** REST `cardHolderName`. */
  cardHolderName?: string | null | undefined;
  /** REST `cardVerificationCode`. */
  cardVerificationCode?: string | null | undefined;
  /** REST `cardholderAuthentication`. */
  cardholderAuthentication?: CardholderAuthenticationCreateInput | null | undefined;
  /** REST `cryptogram`. */
  cryptogram?: CardCryptogramCreateInput | null | undefined;
  /** REST `expiryDate`. */
  expiryDate?: string | null | undefined;
  /** REST `panType`. */
  panType?: PanType | null | undefined;
  /** REST `primaryAccountNumber`. */
  primaryAccountNumber: string;
  /** REST `recurringIndicator`. */
  recurringIndicator?: RecurringIndicator | null | undefined;
  /** REST `schemeTransactionReference`. */
  schemeTransactionReference?: string | null | undefined;
  /** REST `tokenRequestorId`. */
  tokenRequestorId?: string | null | undefined;
};

/** The values of the REST enum CardAuthenticationResponse. */
export type CardAuthenticationResponse =
  /** The authentication failed or could not be completed. */
  | 'AUTHENTICATION_ERROR'
  /** No authentication was needed (exempted). */
  | 'AUTHENTICATION_NOT_REQUIRED'
  /** Whether the card takes part could not be found out. */
  | 'ENROLLMENT_ERROR'
  /** The cardholder was authenticated (3-D Secure). */
  | 'FULLY_AUTHENTICATED'
  /** The card takes no part in 3-D Secure. */
  | 'NOT_ENROLLED';

/** The values of the REST enum CardAuthenticationVersion. */
export type CardAuthenticationVersion =
  /** 3-D Secure version 1. */
  | 'V1'
  /** 3-D Secure version 2. */
  | 'V2';

/** REST CardCryptogramCreate. */
export type CardCryptogramCreateInput = {
  /** REST `eci`. */
  eci?: string | null | undefined;
  /** REST `value`. */
  value: string;
};

/** REST CardholderAuthenticationCreate. */
export type CardholderAuthenticationCreateInput = {
  /** REST `authenticationIdentifier`. */
  authenticationIdentifier?: string | null | undefined;
  /** REST `authenticationResponse`. */
  authenticationResponse: CardAuthenticationResponse;
  /** REST `authenticationValue`. */
  authenticationValue?: string | null | undefined;
  /** REST `electronicCommerceIndicator`. */
  electronicCommerceIndicator?: string | null | undefined;
  /** REST `version`. */
  version: CardAuthenticationVersion;
};

/** Input of `completeTransactionOnline` (REST POST /payment/transactions/{id}/complete-online). */
export type CompleteTransactionOnlineInput = {
  /** The Transaction: its global ID (or REST id, with `space`). */
  id: string | number;
  /** Sending the same key again (with the same input) returns the first result without running the mutation again. */
  idempotencyKey?: string | null | undefined;
  /** The space (REST id or Space global ID); needed only when `id` is a REST id. */
  space?: string | number | null | undefined;
};

/** Input of `createRefund` (REST POST /payment/refunds). */
export type CreateRefundInput = {
  /** REST `amount`. */
  amount?: string | number | null | undefined;
  /** A TransactionCompletion global ID or REST id. */
  completion?: string | number | null | undefined;
  /** REST `externalId`. */
  externalId: string;
  /** Sending the same key again (with the same input) returns the first result without running the mutation again. */
  idempotencyKey?: string | null | undefined;
  /** REST `merchantReference`. */
  merchantReference?: string | null | undefined;
  /** REST `reductions`. */
  reductions?: Array<LineItemReductionCreateInput> | null | undefined;
  /** The space to act in: a REST space id or a Space global ID. */
  space: string | number;
  /** A Transaction global ID or REST id. */
  transaction?: string | number | null | undefined;
  /** REST `type`. */
  type: RefundType;
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

/** The values of the REST enum CustomerAddressType. */
export type CustomerAddressType =
  /** Billing address. */
  | 'BILLING'
  /** Billing and shipping address. */
  | 'BOTH'
  /** Shipping address. */
  | 'SHIPPING';

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

/** REST LineItemReductionCreate. */
export type LineItemReductionCreateInput = {
  /** REST `lineItemUniqueId`. */
  lineItemUniqueId: string;
  /** REST `quantityReduction`. */
  quantityReduction: string | number;
  /** REST `unitPriceReduction`. */
  unitPriceReduction: string | number;
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

/** The values of the REST enum PanType. */
export type PanType =
  /** A device token from Android Pay. */
  | 'DEVICE_TOKEN_ANDROID_PAY'
  /** A device token from Apple Pay. */
  | 'DEVICE_TOKEN_APPLE_PAY'
  /** A device token from Google Pay. */
  | 'DEVICE_TOKEN_GOOGLE_PAY'
  /** A device token from Samsung Pay. */
  | 'DEVICE_TOKEN_SAMSUNG_PAY'
  /** The card number itself. */
  | 'PLAIN'
  /** The card number, from Google Pay. */
  | 'PLAIN_GOOGLE_PAY'
  /** A token of the card scheme in place of the number. */
  | 'SCHEME_TOKEN'
  /** A scheme token from Click to Pay. */
  | 'SCHEME_TOKEN_CLICK_TO_PAY';

/** Input of `processTransactionCardDetails` (REST POST /payment/transactions/{id}/process-card-details). */
export type ProcessTransactionCardDetailsInput = {
  /** REST `cardData`. */
  cardData?: AuthenticatedCardDataCreateInput | null | undefined;
  /** The Transaction: its global ID (or REST id, with `space`). */
  id: string | number;
  /** Sending the same key again (with the same input) returns the first result without running the mutation again. */
  idempotencyKey?: string | null | undefined;
  /** A PaymentMethodConfiguration global ID or REST id. */
  paymentMethodConfiguration?: string | number | null | undefined;
  /** The space (REST id or Space global ID); needed only when `id` is a REST id. */
  space?: string | number | null | undefined;
};

/** The values of the REST enum RecurringIndicator. */
export type RecurringIndicator =
  /** A later payment of a series, started by the customer. */
  | 'CUSTOMER_INITIATED_RECURRING_TRANSACTION'
  /** The first payment of a series (stores the details for later charges). */
  | 'INITIAL_RECURRING_TRANSACTION'
  /** A later payment of a series, started by the merchant. */
  | 'MERCHANT_INITIATED_RECURRING_TRANSACTION'
  /** A one-off payment. */
  | 'REGULAR_TRANSACTION';

/** The values of the REST enum RefundState. */
export type RefundState =
  /** Created; the refund has not been started. */
  | 'CREATE'
  /** The refund failed: nothing was paid back (final). */
  | 'FAILED'
  /** Waiting for a person to confirm the outcome (a manual task), e.g. after a processor timeout. */
  | 'MANUAL_CHECK'
  /** Sent to the processor; waiting for its answer. */
  | 'PENDING'
  /** Scheduled: the refund is sent at its planned time. */
  | 'SCHEDULED'
  /** The amount was paid back to the customer (final). */
  | 'SUCCESSFUL';

/** The values of the REST enum RefundType. */
export type RefundType =
  /** Started by the customer's bank or card issuer (e.g. a chargeback), recorded automatically. */
  | 'CUSTOMER_INITIATED_AUTOMATIC'
  /** Started by the customer's bank or card issuer, recorded by hand. */
  | 'CUSTOMER_INITIATED_MANUAL'
  /** Started by the merchant and paid back outside the processor. */
  | 'MERCHANT_INITIATED_OFFLINE'
  /** Started by the merchant and sent to the processor. */
  | 'MERCHANT_INITIATED_ONLINE';

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

/** The values of the REST enum TransactionCompletionState. */
export type TransactionCompletionState =
  /** Created; the completion (capture) has not been started. */
  | 'CREATE'
  /** The completion (capture) failed (final). */
  | 'FAILED'
  /** The completion (capture) is being processed. */
  | 'PENDING'
  /** Scheduled: the completion (capture) starts at its planned time. */
  | 'SCHEDULED'
  /** The completion (capture) succeeded (final). */
  | 'SUCCESSFUL';

/** The values of the REST enum TransactionEnvironmentSelectionStrategy. */
export type TransactionEnvironmentSelectionStrategy =
  /** Process in the production environment (real money). */
  | 'FORCE_PRODUCTION_ENVIRONMENT'
  /** Process in the test environment (test cards), whatever the configuration. */
  | 'FORCE_TEST_ENVIRONMENT'
  /** Follow the space's configuration. */
  | 'USE_CONFIGURATION';

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

export type CheckoutCreateTransactionMutationVariables = Exact<{
  input: CreateTransactionInput;
}>;


export type CheckoutCreateTransactionMutation = { createTransaction:
    | { __typename: 'CreateTransactionPayload', transaction: { id: string, restId: string, state: TransactionState | null, currency: string | null, lineItems: Array<{ name: string | null, amountIncludingTax: string | null }> | null, token: { id: string } | null } | null }
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

export type CheckoutProcessCardMutationVariables = Exact<{
  input: ProcessTransactionCardDetailsInput;
}>;


export type CheckoutProcessCardMutation = { processTransactionCardDetails:
    | { __typename: 'ForbiddenError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyBusyError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyReusedError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyUnavailableError', code: MutationErrorCode, message: string }
    | { __typename: 'NotFoundError', code: MutationErrorCode, message: string }
    | { __typename: 'OutcomeUnknownError', code: MutationErrorCode, message: string }
    | { __typename: 'ProcessTransactionCardDetailsPayload', transaction: { id: string, state: TransactionState | null, version: number } | null }
    | { __typename: 'RateLimitedError', code: MutationErrorCode, message: string }
    | { __typename: 'StateTransitionError', code: MutationErrorCode, message: string }
    | { __typename: 'UpstreamError', code: MutationErrorCode, message: string }
    | { __typename: 'ValidationError', code: MutationErrorCode, message: string }
   };

export type CheckoutCompleteMutationVariables = Exact<{
  input: CompleteTransactionOnlineInput;
}>;


export type CheckoutCompleteMutation = { completeTransactionOnline:
    | { __typename: 'CompleteTransactionOnlinePayload', transactionCompletion: { id: string, state: TransactionCompletionState | null, amount: string | null } | null }
    | { __typename: 'ForbiddenError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyBusyError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyReusedError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyUnavailableError', code: MutationErrorCode, message: string }
    | { __typename: 'NotFoundError', code: MutationErrorCode, message: string }
    | { __typename: 'OutcomeUnknownError', code: MutationErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: MutationErrorCode, message: string }
    | { __typename: 'StateTransitionError', code: MutationErrorCode, message: string }
    | { __typename: 'UpstreamError', code: MutationErrorCode, message: string }
    | { __typename: 'ValidationError', code: MutationErrorCode, message: string }
   };

export type CheckoutRefundMutationVariables = Exact<{
  input: CreateRefundInput;
}>;


export type CheckoutRefundMutation = { createRefund:
    | { __typename: 'CreateRefundPayload', refund: { id: string, state: RefundState | null, amount: string | null, transaction: { id: string, state: TransactionState | null } | null } | null }
    | { __typename: 'ForbiddenError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyBusyError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyKeyReusedError', code: MutationErrorCode, message: string }
    | { __typename: 'IdempotencyUnavailableError', code: MutationErrorCode, message: string }
    | { __typename: 'NotFoundError', code: MutationErrorCode, message: string }
    | { __typename: 'RateLimitedError', code: MutationErrorCode, message: string }
    | { __typename: 'StateTransitionError', currentState: string | null, code: MutationErrorCode, message: string }
    | { __typename: 'UpstreamError', code: MutationErrorCode, message: string }
    | { __typename: 'ValidationError', code: MutationErrorCode, message: string }
   };

export type CheckoutProcessCardStateOnlyMutationVariables = Exact<{
  input: ProcessTransactionCardDetailsInput;
}>;


export type CheckoutProcessCardStateOnlyMutation = { processTransactionCardDetails:
    | { transaction: { state: TransactionState | null } | null }
    | Record<PropertyKey, never>
   };

export type CheckoutCompleteWithTransactionMutationVariables = Exact<{
  input: CompleteTransactionOnlineInput;
}>;


export type CheckoutCompleteWithTransactionMutation = { completeTransactionOnline:
    | { transactionCompletion: { state: TransactionCompletionState | null } | null, transaction: { id: string, state: TransactionState | null } | null }
    | Record<PropertyKey, never>
   };

export type CheckoutTransactionRefundsQueryVariables = Exact<{
  id: string | number;
}>;


export type CheckoutTransactionRefundsQuery = { node:
    | { version: number, refunds: { nodes: Array<{ id: string }> } | null }
    | Record<PropertyKey, never>
   | null };

export type LiveCreateTransactionMutationVariables = Exact<{
  input: CreateTransactionInput;
}>;


export type LiveCreateTransactionMutation = { createTransaction:
    | { transaction: { id: string } | null }
    | Record<PropertyKey, never>
   };

export type LiveAuthorizeMutationVariables = Exact<{
  input: ProcessTransactionCardDetailsInput;
}>;


export type LiveAuthorizeMutation = { processTransactionCardDetails:
    | { __typename: 'ForbiddenError' }
    | { __typename: 'IdempotencyKeyBusyError' }
    | { __typename: 'IdempotencyKeyReusedError' }
    | { __typename: 'IdempotencyUnavailableError' }
    | { __typename: 'NotFoundError' }
    | { __typename: 'OutcomeUnknownError' }
    | { __typename: 'ProcessTransactionCardDetailsPayload' }
    | { __typename: 'RateLimitedError' }
    | { __typename: 'StateTransitionError' }
    | { __typename: 'UpstreamError' }
    | { __typename: 'ValidationError' }
   };

export type LiveCompleteMutationVariables = Exact<{
  id: string | number;
}>;


export type LiveCompleteMutation = { completeTransactionOnline:
    | { __typename: 'CompleteTransactionOnlinePayload' }
    | { __typename: 'ForbiddenError' }
    | { __typename: 'IdempotencyKeyBusyError' }
    | { __typename: 'IdempotencyKeyReusedError' }
    | { __typename: 'IdempotencyUnavailableError' }
    | { __typename: 'NotFoundError' }
    | { __typename: 'OutcomeUnknownError' }
    | { __typename: 'RateLimitedError' }
    | { __typename: 'StateTransitionError' }
    | { __typename: 'UpstreamError' }
    | { __typename: 'ValidationError' }
   };

export type LiveVoidMutationVariables = Exact<{
  id: string | number;
}>;


export type LiveVoidMutation = { voidTransactionOnline:
    | { __typename: 'ForbiddenError' }
    | { __typename: 'IdempotencyKeyBusyError' }
    | { __typename: 'IdempotencyKeyReusedError' }
    | { __typename: 'IdempotencyUnavailableError' }
    | { __typename: 'NotFoundError' }
    | { __typename: 'OutcomeUnknownError' }
    | { __typename: 'RateLimitedError' }
    | { __typename: 'StateTransitionError' }
    | { __typename: 'UpstreamError' }
    | { __typename: 'ValidationError' }
    | { __typename: 'VoidTransactionOnlinePayload' }
   };

export type LiveCreateRefundMutationVariables = Exact<{
  input: CreateRefundInput;
}>;


export type LiveCreateRefundMutation = { createRefund:
    | { refund: { id: string } | null }
    | Record<PropertyKey, never>
   };

export type LiveEntityChangedSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type LiveEntityChangedSubscription = { entityChanged:
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
   };

export type LiveFollowTransactionSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type LiveFollowTransactionSubscription = { entityChanged:
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
    | { id: string }
    | { id: string }
    | { state: TransactionState | null, version: number, id: string, lineItems: Array<{ name: string | null }> | null }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
   };

export type LiveRefundsChangedSubscriptionVariables = Exact<{
  space: string | number;
}>;


export type LiveRefundsChangedSubscription = { refundsChanged: { id: string, amount: string | null, merchantReference: string | null } };

export type LiveTransactionsChangedSubscriptionVariables = Exact<{
  space: string | number;
  ref: string;
}>;


export type LiveTransactionsChangedSubscription = { transactionsChanged: { id: string, state: TransactionState | null } };

export type RoundsTransactionWithChildrenQueryVariables = Exact<{
  s: string | number;
  t: string | number;
  n?: number | null | undefined;
}>;


export type RoundsTransactionWithChildrenQuery = { space: { transaction: { restId: string, state: TransactionState | null, completions: { nodes: Array<{ restId: string, state: TransactionCompletionState | null, amount: string | null }>, pageInfo: { hasNextPage: boolean } } | null, refunds: { nodes: Array<{ restId: string, amount: string | null }> } | null } | null } | null };

export type RoundsNodeRefundsQueryVariables = Exact<{
  id: string | number;
}>;


export type RoundsNodeRefundsQuery = { node:
    | { restId: string, refunds: { nodes: Array<{ restId: string, amount: string | null }> } | null }
    | Record<PropertyKey, never>
   | null };

export type RoundsFilteredRefundsQueryVariables = Exact<{
  s: string | number;
  t: string | number;
}>;


export type RoundsFilteredRefundsQuery = { space: { transaction: { restId: string, refunds: { nodes: Array<{ restId: string, state: RefundState | null }> } | null } | null } | null };

export type RoundsManyCompletionsQueryVariables = Exact<{
  s: string | number;
}>;


export type RoundsManyCompletionsQuery = { space: { transactions: { nodes: Array<{ restId: string, completions: { nodes: Array<{ restId: string, state: TransactionCompletionState | null }>, pageInfo: { hasNextPage: boolean } } | null }> } | null } | null };

export type RoundsCutCompletionsQueryVariables = Exact<{
  s: string | number;
}>;


export type RoundsCutCompletionsQuery = { space: { transactions: { nodes: Array<{ restId: string, completions: { nodes: Array<{ restId: string }>, pageInfo: { hasNextPage: boolean } } | null }> } | null } | null };

export type RoundsCustomersWithChildrenQueryVariables = Exact<{
  s: string | number;
}>;


export type RoundsCustomersWithChildrenQuery = { space: { customers: { nodes: Array<{ restId: string, addresses: { nodes: Array<{ restId: string, addressType: CustomerAddressType | null }> } | null, comments: { nodes: Array<{ restId: string, content: string | null }> } | null }> } | null } | null };


export const CheckoutCreateTransactionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckoutCreateTransaction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransactionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTransaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransactionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"amountIncludingTax"}}]}},{"kind":"Field","name":{"kind":"Name","value":"token"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutCreateTransactionMutation, CheckoutCreateTransactionMutationVariables>;
export const CheckoutProcessCardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckoutProcessCard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessTransactionCardDetailsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processTransactionCardDetails"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessTransactionCardDetailsPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutProcessCardMutation, CheckoutProcessCardMutationVariables>;
export const CheckoutCompleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckoutComplete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CompleteTransactionOnlineInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completeTransactionOnline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CompleteTransactionOnlinePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactionCompletion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutCompleteMutation, CheckoutCompleteMutationVariables>;
export const CheckoutRefundDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckoutRefund"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateRefundInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createRefund"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateRefundPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refund"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StateTransitionError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentState"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MutationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutRefundMutation, CheckoutRefundMutationVariables>;
export const CheckoutProcessCardStateOnlyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckoutProcessCardStateOnly"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessTransactionCardDetailsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processTransactionCardDetails"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessTransactionCardDetailsPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutProcessCardStateOnlyMutation, CheckoutProcessCardStateOnlyMutationVariables>;
export const CheckoutCompleteWithTransactionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckoutCompleteWithTransaction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CompleteTransactionOnlineInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completeTransactionOnline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CompleteTransactionOnlinePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactionCompletion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutCompleteWithTransactionMutation, CheckoutCompleteWithTransactionMutationVariables>;
export const CheckoutTransactionRefundsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CheckoutTransactionRefunds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"refunds"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CheckoutTransactionRefundsQuery, CheckoutTransactionRefundsQueryVariables>;
export const LiveCreateTransactionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LiveCreateTransaction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransactionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTransaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTransactionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]} as unknown as DocumentNode<LiveCreateTransactionMutation, LiveCreateTransactionMutationVariables>;
export const LiveAuthorizeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LiveAuthorize"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProcessTransactionCardDetailsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processTransactionCardDetails"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<LiveAuthorizeMutation, LiveAuthorizeMutationVariables>;
export const LiveCompleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LiveComplete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completeTransactionOnline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<LiveCompleteMutation, LiveCompleteMutationVariables>;
export const LiveVoidDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LiveVoid"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidTransactionOnline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<LiveVoidMutation, LiveVoidMutationVariables>;
export const LiveCreateRefundDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LiveCreateRefund"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateRefundInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createRefund"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateRefundPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refund"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]} as unknown as DocumentNode<LiveCreateRefundMutation, LiveCreateRefundMutationVariables>;
export const LiveEntityChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"LiveEntityChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<LiveEntityChangedSubscription, LiveEntityChangedSubscriptionVariables>;
export const LiveFollowTransactionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"LiveFollowTransaction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"untilFinal"},"value":{"kind":"BooleanValue","value":true}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<LiveFollowTransactionSubscription, LiveFollowTransactionSubscriptionVariables>;
export const LiveRefundsChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"LiveRefundsChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refundsChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"merchantReference"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"eq"},"value":{"kind":"StringValue","value":"live-yes","block":false}}]}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"merchantReference"}}]}}]}}]} as unknown as DocumentNode<LiveRefundsChangedSubscription, LiveRefundsChangedSubscriptionVariables>;
export const LiveTransactionsChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"LiveTransactionsChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactionsChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"merchantReference"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"eq"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}]}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]} as unknown as DocumentNode<LiveTransactionsChangedSubscription, LiveTransactionsChangedSubscriptionVariables>;
export const RoundsTransactionWithChildrenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RoundsTransactionWithChildren"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"s"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"t"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"n"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"s"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"t"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"completions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"n"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"refunds"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RoundsTransactionWithChildrenQuery, RoundsTransactionWithChildrenQueryVariables>;
export const RoundsNodeRefundsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RoundsNodeRefunds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Transaction"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"refunds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RoundsNodeRefundsQuery, RoundsNodeRefundsQueryVariables>;
export const RoundsFilteredRefundsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RoundsFilteredRefunds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"s"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"t"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"s"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"t"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"refunds"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"state"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"eq"},"value":{"kind":"EnumValue","value":"SUCCESSFUL"}}]}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RoundsFilteredRefundsQuery, RoundsFilteredRefundsQueryVariables>;
export const RoundsManyCompletionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RoundsManyCompletions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"s"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"s"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"completions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RoundsManyCompletionsQuery, RoundsManyCompletionsQueryVariables>;
export const RoundsCutCompletionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RoundsCutCompletions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"s"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"s"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"12"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"completions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"2"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RoundsCutCompletionsQuery, RoundsCutCompletionsQueryVariables>;
export const RoundsCustomersWithChildrenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RoundsCustomersWithChildren"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"s"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"s"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"addressType"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restId"}},{"kind":"Field","name":{"kind":"Name","value":"content"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RoundsCustomersWithChildrenQuery, RoundsCustomersWithChildrenQueryVariables>;
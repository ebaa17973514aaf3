// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** The values of the REST enum CreationEntityState. */
export type CreationEntityState =
  /** In use. */
  | 'ACTIVE'
  /** Being created: the object is not in use yet. */
  | 'CREATE'
  /** Deleted: kept for reference only (final). */
  | 'DELETED'
  /** Being deleted. */
  | 'DELETING'
  /** Turned off: kept, but not in use until activated again. */
  | 'INACTIVE';

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

/** The values of the REST enum SubscriptionState. */
export type SubscriptionState =
  /** Running: the subscriber is billed every period. */
  | 'ACTIVE'
  /** Initialization failed (final). */
  | 'FAILED'
  /** Being initialized: the first charge is under way. */
  | 'INITIALIZING'
  /** Created; waiting to be initialized (the first payment of the subscriber). */
  | 'PENDING'
  /** Paused (e.g. after a failed charge); reactivate or terminate it. */
  | 'SUSPENDED'
  /** Ended (final). */
  | 'TERMINATED'
  /** Ending: the last period is being billed. */
  | 'TERMINATING'
  /** Running until its planned termination date. */
  | 'TERMINATION_SCHEDULED';

/** The values of the REST enum SubscriptionVersionState. */
export type SubscriptionVersionState =
  /** The version in effect. */
  | 'ACTIVE'
  /** Could not be put into effect (final). */
  | 'FAILED'
  /** Being put into effect. */
  | 'INITIALIZING'
  /** Prepared; not in effect yet. */
  | 'PENDING'
  /** No longer in effect (final). */
  | 'TERMINATED'
  /** Ending. */
  | 'TERMINATING';

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

/** The values of the REST enum TransactionLineItemVersionState. */
export type TransactionLineItemVersionState =
  /** Created; the change of the line items has not been started. */
  | 'CREATE'
  /** The change of the line items failed (final). */
  | 'FAILED'
  /** The change of the line items is being processed. */
  | 'PENDING'
  /** Scheduled: the change of the line items starts at its planned time. */
  | 'SCHEDULED'
  /** The change of the line items succeeded (final). */
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

export type TourQueryVariables = Exact<{ [key: string]: never; }>;


export type TourQuery = { spaces: { nodes: Array<{ id: string, restId: string, name: string | null, account: { name: string | null } | null, transactions: { nodes: Array<{ restId: string, state: TransactionState | null, currency: string | null, authorizationAmount: string | null, createdOn: string | null, token: { restId: string, state: CreationEntityState | null } | null, paymentConnectorConfiguration: { name: string | null, connector: { name: { value: string | null } | null } | null } | null, completions: { nodes: Array<{ restId: string, state: TransactionCompletionState | null }> } | null, refunds: { nodes: Array<{ restId: string, amount: string | null, state: RefundState | null }> } | null }> } | null }> } | null };

export type FiltersQueryVariables = Exact<{
  space: string | number;
}>;


export type FiltersQuery = { space: { name: string | null, transactions: { nodes: Array<{ restId: string, state: TransactionState | null, currency: string | null, authorizationAmount: string | null, billingAddress: { country: string | null, city: string | null } | null, token: { restId: string } | null }> } | null, customers: { nodes: Array<{ restId: string, givenName: string | null, familyName: string | null, emailAddress: string | null, addresses: { nodes: Array<{ restId: string }> } | null }> } | null } | null };

export type PagingQueryVariables = Exact<{
  space: string | number;
  after: string | null | undefined;
}>;


export type PagingQuery = { space: { transactions: { pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, restId: string, state: TransactionState | null, createdOn: string | null } }> } | null } | null };

export type LinksQueryVariables = Exact<{
  space: string | number;
}>;


export type LinksQuery = { space: { transactionCompletions: { nodes: Array<{ id: string, restId: string, linkedTransactionId: string | null, linkedTransaction: { restId: string, state: TransactionState | null, customerEmailAddress: string | null } | null, linkedSpace: { name: string | null } | null }> } | null, subscriptions: { nodes: Array<{ restId: string, state: SubscriptionState | null, subscriber: { restId: string } | null, versions: { nodes: Array<{ restId: string, state: SubscriptionVersionState | null, periodBills: { nodes: Array<{ restId: string }> } | null }> } | null }> } | null } | null, countries: Array<{ isoCode2: string | null, name: string | null, states: Array<{ code: string | null, name: string | null }> | null }> | null, currency: { currencyCode: string | null, name: string | null, fractionDigits: number | null } | null };

export type ExtrasQueryVariables = Exact<{
  space: string | number;
}>;


export type ExtrasQuery = { space: { open: { nodes: Array<{ restId: string, paymentPageUrl: string | null, lightboxJavascriptUrl: string | null, checkTokenCreationPossible: boolean | null }> } | null, fulfilled: { nodes: Array<{ restId: string, invoiceDocument: { title: string | null, mimeType: string | null } | null, latestLineItemVersion: { restId: string, state: TransactionLineItemVersionState | null } | null }> } | null, transactionExport: { rows: Array<Record<string, unknown>> } | null } | null };

export type DeferredQueryVariables = Exact<{
  space: string | number;
}>;


export type DeferredQuery = { space: { transactions: { nodes: Array<{ restId: string, state: TransactionState | null } & ({ invoiceDocument: { title: string | null, mimeType: string | null } | null } | { invoiceDocument?: never })> } | null } | null };

export type CreateTransactionMutationVariables = Exact<{
  space: string | number;
}>;


export type CreateTransactionMutation = { createTransaction:
    | { transaction: { id: string, state: TransactionState | null, authorizationAmount: string | null } | null }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string, fields: Array<{ path: string, message: string }> }
   };

export type ProcessCardMutationVariables = Exact<{
  transaction: string | number;
  cardConfiguration: string | number;
  card: string;
}>;


export type ProcessCardMutation = { processTransactionCardDetails:
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { transaction: { state: TransactionState | null, failureReason: { name: { value: string | null } | null } | null } | null }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
   };

export type CompleteMutationVariables = Exact<{
  transaction: string | number;
}>;


export type CompleteMutation = { completeTransactionOnline:
    | { transactionCompletion: { state: TransactionCompletionState | null, amount: string | null } | null, transaction: { state: TransactionState | null } | null }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { currentState: string | null, code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
   };

export type RefundMutationVariables = Exact<{
  space: string | number;
  transaction: string | number;
}>;


export type RefundMutation = { createRefund:
    | { refund: { state: RefundState | null, amount: string | null, transaction: { state: TransactionState | null } | null } | null }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
    | { code: MutationErrorCode, message: string }
   };

export type FollowTransactionSubscriptionVariables = Exact<{
  transaction: string | number;
}>;


export type FollowTransactionSubscription = { entityChanged:
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
    | { state: TransactionState | null, version: number, authorizationAmount: string | null, id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
   };

export type NewRefundsSubscriptionVariables = Exact<{
  space: string | number;
}>;


export type NewRefundsSubscription = { refundsChanged: { id: string, state: RefundState | null, amount: string | null, transaction: { id: string, state: TransactionState | null } | null } };

// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** The values of the REST enum CreationEntityState. */
export type CreationEntityState =
  | 'ACTIVE'
  | 'CREATE'
  | 'DELETED'
  | 'DELETING'
  | 'INACTIVE';

/** The values of the REST enum RefundState. */
export type RefundState =
  | 'CREATE'
  | 'FAILED'
  | 'MANUAL_CHECK'
  | 'PENDING'
  | 'SCHEDULED'
  | 'SUCCESSFUL';

/** The values of the REST enum SubscriptionState. */
export type SubscriptionState =
  | 'ACTIVE'
  | 'FAILED'
  | 'INITIALIZING'
  | 'PENDING'
  | 'SUSPENDED'
  | 'TERMINATED'
  | 'TERMINATING'
  | 'TERMINATION_SCHEDULED';

/** The values of the REST enum SubscriptionVersionState. */
export type SubscriptionVersionState =
  | 'ACTIVE'
  | 'FAILED'
  | 'INITIALIZING'
  | 'PENDING'
  | 'TERMINATED'
  | 'TERMINATING';

/** The values of the REST enum TransactionCompletionState. */
export type TransactionCompletionState =
  | 'CREATE'
  | 'FAILED'
  | 'PENDING'
  | 'SCHEDULED'
  | 'SUCCESSFUL';

/** The values of the REST enum TransactionLineItemVersionState. */
export type TransactionLineItemVersionState =
  | 'CREATE'
  | 'FAILED'
  | 'PENDING'
  | 'SCHEDULED'
  | 'SUCCESSFUL';

/** The values of the REST enum TransactionState. */
export type TransactionState =
  | 'AUTHORIZED'
  | 'COMPLETED'
  | 'CONFIRMED'
  | 'CREATE'
  | 'DECLINE'
  | 'FAILED'
  | 'FULFILL'
  | 'PENDING'
  | 'PROCESSING'
  | 'VOIDED';

export type TourQueryVariables = Exact<{ [key: string]: never; }>;


export type TourQuery = { spaces: { nodes: Array<{ id: string, restId: number | string, name: string | null, account: { name: string | null } | null, transactions: { nodes: Array<{ restId: number | string, state: TransactionState | null, currency: string | null, authorizationAmount: number | null, createdOn: string | null, token: { restId: number | string, state: CreationEntityState | null } | null, paymentConnectorConfiguration: { name: string | null, connector: { name: { value: string | null } | null } | null } | null, completions: { nodes: Array<{ restId: number | string, state: TransactionCompletionState | null }> } | null, refunds: { nodes: Array<{ restId: number | string, amount: number | null, state: RefundState | null }> } | null }> } | null }> } | null };

export type FiltersQueryVariables = Exact<{
  space: string | number;
}>;


export type FiltersQuery = { space: { name: string | null, transactions: { nodes: Array<{ restId: number | string, state: TransactionState | null, currency: string | null, authorizationAmount: number | null, billingAddress: { country: string | null, city: string | null } | null, token: { restId: number | string } | null }> } | null, customers: { nodes: Array<{ restId: number | string, givenName: string | null, familyName: string | null, emailAddress: string | null, addresses: { nodes: Array<{ restId: number | string }> } | null }> } | null } | null };

export type PagingQueryVariables = Exact<{
  space: string | number;
  after: string | null | undefined;
}>;


export type PagingQuery = { space: { transactions: { pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, restId: number | string, state: TransactionState | null, createdOn: string | null } }> } | null } | null };

export type LinksQueryVariables = Exact<{
  space: string | number;
}>;


export type LinksQuery = { space: { transactionCompletions: { nodes: Array<{ id: string, restId: number | string, linkedTransactionId: number | string | null, linkedTransaction: { restId: number | string, state: TransactionState | null, customerEmailAddress: string | null } | null, linkedSpace: { name: string | null } | null }> } | null, subscriptions: { nodes: Array<{ restId: number | string, state: SubscriptionState | null, subscriber: { restId: number | string } | null, versions: { nodes: Array<{ restId: number | string, state: SubscriptionVersionState | null, periodBills: { nodes: Array<{ restId: number | string }> } | null }> } | null }> } | null } | null, countries: Array<{ isoCode2: string | null, name: string | null, states: Array<{ code: string | null, name: string | null }> | null }> | null, currency: { currencyCode: string | null, name: string | null, fractionDigits: number | null } | null };

export type ExtrasQueryVariables = Exact<{
  space: string | number;
}>;


export type ExtrasQuery = { space: { open: { nodes: Array<{ restId: number | string, paymentPageUrl: string | null, lightboxJavascriptUrl: string | null, checkTokenCreationPossible: boolean | null }> } | null, fulfilled: { nodes: Array<{ restId: number | string, invoiceDocument: { title: string | null, mimeType: string | null } | null, latestLineItemVersion: { restId: number | string, state: TransactionLineItemVersionState | null } | null }> } | null, transactionExport: { rows: Array<Record<string, unknown>> } | null } | null };

export type DeferredQueryVariables = Exact<{
  space: string | number;
}>;


export type DeferredQuery = { space: { transactions: { nodes: Array<{ restId: number | string, state: TransactionState | null } & ({ invoiceDocument: { title: string | null, mimeType: string | null } | null } | { invoiceDocument?: never })> } | null } | null };

export type CreateTransactionMutationVariables = Exact<{
  space: string | number;
}>;


export type CreateTransactionMutation = { createTransaction:
    | { code: string, message: string }
    | { transaction: { id: string, state: TransactionState | null, authorizationAmount: number | null } | null }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string, fields: Array<{ path: string, message: string }> }
    | { code: string, message: string }
   };

export type ProcessCardMutationVariables = Exact<{
  transaction: string | number;
  cardConfiguration: string | number;
  card: string;
}>;


export type ProcessCardMutation = { processTransactionCardDetails:
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { transaction: { state: TransactionState | null, failureReason: { name: { value: string | null } | null } | null } | null }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
   };

export type CompleteMutationVariables = Exact<{
  transaction: string | number;
}>;


export type CompleteMutation = { completeTransactionOnline:
    | { code: string, message: string }
    | { transactionCompletion: { state: TransactionCompletionState | null, amount: number | null } | null, transaction: { state: TransactionState | null } | null }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { currentState: string | null, code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
   };

export type RefundMutationVariables = Exact<{
  space: string | number;
  transaction: string | number;
}>;


export type RefundMutation = { createRefund:
    | { code: string, message: string }
    | { refund: { state: RefundState | null, amount: number | null, transaction: { state: TransactionState | null } | null } | null }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
    | { code: string, message: string }
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
    | { state: TransactionState | null, version: number | null, authorizationAmount: number | null, id: string }
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


export type NewRefundsSubscription = { refundsChanged: { id: string, state: RefundState | null, amount: number | null, transaction: { id: string, state: TransactionState | null } | null } };

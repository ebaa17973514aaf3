// Facts about resources that openapi.json and facts.json do not state, kept in one place.
// Everything generic (the sandbox, the GraphQL schema) reads these; nothing re-states them.

/** How an object is addressed in its retrieve path, where that is not the numeric `id`. */
export const keyOverrides: Record<string, { field: string; pathParam: string; type: 'string' }> = {
  RestCountry: { field: 'isoCode2', pathParam: 'code', type: 'string' },
  RestCurrency: { field: 'currencyCode', pathParam: 'code', type: 'string' },
  RestLanguage: { field: 'ietfCode', pathParam: 'code', type: 'string' },
  RestCountryState: { field: 'id', pathParam: 'id', type: 'string' },
};

/**
 * Public names of REST schemas where the generic rule (the REST name without its `Rest` prefix,
 * names.ts) does not fit: a collision of the plain name with another schema, or a clearer name.
 */
export const typeNameOverrides: Record<string, string> = {
  TransactionClientPlatformInformation: 'TransactionClientPlatform',
  // Query, Mutation and Subscription are the root types' names: no entity may take one.
  Subscription: 'SubscriptionContract',
};

/** The word fields are named by (`subscription(id:)`, `subscriptions`), where it is not the type name. */
export const fieldNameOverrides: Record<string, string> = {
  Subscription: 'subscription',
};

/** Nested bases whose path names the parent: the path parameter, and the child's field holding it. */
export const parentPathParams: Record<string, { pathParam: string; field: string; model: string }> = {
  '/customers/{customerId}/addresses': { pathParam: 'customerId', field: 'customer', model: 'Customer' },
  '/customers/{customerId}/comments': { pathParam: 'customerId', field: 'customer', model: 'Customer' },
  '/payment/transactions/invoices/{invoiceId}/comments': {
    pathParam: 'invoiceId',
    field: 'transactionInvoice',
    model: 'TransactionInvoice',
  },
  '/payment/refunds/{refundId}/comments': { pathParam: 'refundId', field: 'refund', model: 'Refund' },
  '/payment/transactions/{transactionId}/comments': {
    pathParam: 'transactionId',
    field: 'transaction',
    model: 'Transaction',
  },
};

/**
 * Plain id fields that name another entity. They are not expandable in REST (only `linkFields` are),
 * but the graph exposes them as links resolved through the loaders.
 */
export const idReferences: Record<string, Record<string, string>> = {
  TransactionCompletion: { linkedTransaction: 'Transaction' },
  TransactionVoid: { linkedTransaction: 'Transaction' },
  TransactionInvoice: { linkedTransaction: 'Transaction' },
  DeliveryIndication: { linkedTransaction: 'Transaction' },
  TransactionLineItemVersion: { linkedTransaction: 'Transaction' },
  ChargeAttempt: { linkedTransaction: 'Transaction', salesChannel: 'SalesChannel' },
  ChargeFlowLevel: { linkedTransaction: 'Transaction' },
  DunningCase: { linkedTransaction: 'Transaction' },
  Refund: { completion: 'TransactionCompletion', updatedInvoice: 'TransactionInvoice' },
  TransactionClientPlatformInformation: { transaction: 'Transaction' },
  SubscriptionLedgerEntry: {
    subscriptionVersion: 'SubscriptionVersion',
    subscriptionMetricId: 'SubscriptionMetric',
  },
  SubscriptionMetricUsageReport: { metric: 'SubscriptionMetric', subscription: 'Subscription' },
  PaymentMethodBrand: { paymentMethod: 'PaymentMethod' },
  Transaction: { authorizationSalesChannel: 'SalesChannel' },
};

/** Every space-scoped object carries `linkedSpaceId`; the graph exposes it as a link to Space. */
export const linkedSpaceField = 'linkedSpaceId';

/**
 * Properties the REST API leaves out of responses unless they are named in `expand`
 * (the second kind of expandable property of the specification). Chosen among bulky derived arrays.
 */
export const omittedByDefault: Record<string, string[]> = {
  Transaction: ['allowedPaymentMethodBrands', 'allowedPaymentMethodConfigurations'],
  TransactionCompletion: ['baseLineItems', 'remainingLineItems'],
  Refund: ['baseLineItems', 'reducedLineItems'],
};

/** A child names its parent in a searchable field: `path` leads from the child to the parent id
 *  (one field, or a link followed by a field of the linked object), `searchName` searches it. */
export interface ChildFieldVia {
  kind: 'field';
  path: string[];
  searchName: string;
}

/** One-to-many links: the children of a parent, and how a child names its parent. */
export interface ChildRelation {
  parent: string;
  child: string;
  /** Field name on the parent type, e.g. `completions`. */
  name: string;
  /** The parent's field the child names (a natural key such as Customer.customerId); default its REST key. */
  parentField?: string;
  /** `field`: the child names the parent in a searchable field;
   *  `path`: the child's base carries the parent id in its path (one call per parent);
   *  `through`: the child names (per `via`) one of the parent's children of relation `relation`,
   *  e.g. a ledger entry names a version of the subscription. */
  via:
    | ChildFieldVia
    | { kind: 'path'; pathParam: string }
    | { kind: 'through'; relation: string; via: ChildFieldVia };
}

const byLink = (field: string): ChildFieldVia => ({
  kind: 'field',
  path: [field],
  searchName: `${field}.id`,
});
const byId = (field: string): ChildFieldVia => ({ kind: 'field', path: [field], searchName: field });
/** The parent id is a field of the object the child links to: `subscriptionVersion.subscription`. */
const byLinkOf = (link: string, field: string): ChildFieldVia => ({
  kind: 'field',
  path: [link, field],
  searchName: `${link}.${field}`,
});
const byPath = (pathParam: string) => ({ kind: 'path' as const, pathParam });
const through = (relation: string, via: ChildFieldVia) => ({ kind: 'through' as const, relation, via });

export const childRelations: ChildRelation[] = [
  {
    parent: 'Transaction',
    child: 'TransactionCompletion',
    name: 'completions',
    via: byId('linkedTransaction'),
  },
  { parent: 'Transaction', child: 'TransactionVoid', name: 'voids', via: byLink('transaction') },
  { parent: 'Transaction', child: 'Refund', name: 'refunds', via: byLink('transaction') },
  { parent: 'Transaction', child: 'TransactionInvoice', name: 'invoices', via: byId('linkedTransaction') },
  {
    parent: 'Transaction',
    child: 'TransactionLineItemVersion',
    name: 'lineItemVersions',
    via: byLink('transaction'),
  },
  { parent: 'Transaction', child: 'TransactionComment', name: 'comments', via: byPath('transactionId') },
  {
    parent: 'Transaction',
    child: 'DeliveryIndication',
    name: 'deliveryIndications',
    via: byId('linkedTransaction'),
  },
  {
    parent: 'TransactionInvoice',
    child: 'TransactionInvoiceComment',
    name: 'comments',
    via: byPath('invoiceId'),
  },
  { parent: 'Refund', child: 'RefundComment', name: 'comments', via: byPath('refundId') },
  { parent: 'Customer', child: 'CustomerAddress', name: 'addresses', via: byPath('customerId') },
  { parent: 'Customer', child: 'CustomerComment', name: 'comments', via: byPath('customerId') },
  { parent: 'Subscription', child: 'SubscriptionVersion', name: 'versions', via: byLink('subscription') },
  { parent: 'Subscription', child: 'SubscriptionCharge', name: 'charges', via: byLink('subscription') },
  // Ledger entries hold the version id as a plain id, so REST cannot search through it.
  {
    parent: 'Subscription',
    child: 'SubscriptionLedgerEntry',
    name: 'ledgerEntries',
    via: through('versions', byId('subscriptionVersion')),
  },
  {
    parent: 'Subscription',
    child: 'SubscriptionPeriodBill',
    name: 'periodBills',
    via: byLinkOf('subscriptionVersion', 'subscription'),
  },
  {
    parent: 'SubscriptionVersion',
    child: 'SubscriptionLedgerEntry',
    name: 'ledgerEntries',
    via: byId('subscriptionVersion'),
  },
  {
    parent: 'SubscriptionVersion',
    child: 'SubscriptionPeriodBill',
    name: 'periodBills',
    via: byLink('subscriptionVersion'),
  },
  { parent: 'Token', child: 'TokenVersion', name: 'versions', via: byLink('token') },
  {
    parent: 'ChargeFlowLevel',
    child: 'ChargeFlowLevelPaymentLink',
    name: 'paymentLinks',
    via: byLink('chargeFlowLevel'),
  },
  { parent: 'DunningFlow', child: 'DunningFlowLevel', name: 'levels', via: byLink('flow') },
  // By natural key: transactions and tokens name their customer by the merchant's customerId.
  // (Subscriptions name a Subscriber, which carries no customerId: no search can find a customer's.)
  {
    parent: 'Customer',
    child: 'Transaction',
    name: 'transactions',
    parentField: 'customerId',
    via: byId('customerId'),
  },
  { parent: 'Customer', child: 'Token', name: 'tokens', parentField: 'customerId', via: byId('customerId') },
];

/** A link by natural key: `field` of `model` holds the value of `targetField` of one `target` in the same space. */
export interface NaturalLink {
  model: string;
  field: string;
  /** The link's field name on `model`. */
  name: string;
  target: string;
  targetField: string;
}

export const naturalLinks: NaturalLink[] = [
  {
    model: 'Transaction',
    field: 'customerId',
    name: 'customer',
    target: 'Customer',
    targetField: 'customerId',
  },
  { model: 'Token', field: 'customerId', name: 'customer', target: 'Customer', targetField: 'customerId' },
];

/**
 * Mutation names where the REST operationId is not the graph's verb + noun. Every other write
 * operation's mutation is named by its operationId (`createCustomer`, `completeTransactionOnline`).
 */
export const mutationNameOverrides: Record<string, string> = {
  createCustomersBulk: 'createCustomers',
  updateCustomersBulk: 'updateCustomers',
  deleteCustomersBulk: 'deleteCustomers',
};

/** Operations sent as POST that only read (they are Query fields, not mutations). */
export const readOnlyWrites: ReadonlySet<string> = new Set(['lookupIban']);

/**
 * Body fields holding the REST id of another entity that the field name alone does not tell (null:
 * a name that matches a link elsewhere but is not one here). Inputs take a REST id or a global ID there.
 */
export const bodyReferenceOverrides: Record<string, Record<string, string | null>> = {
  SubscriptionLedgerEntryCreate: { subscriptionMetricId: 'SubscriptionMetric' },
  SubscriptionMetricUsageReportCreate: { metric: 'SubscriptionMetric' },
  TransactionCreate: { allowedPaymentMethodBrands: 'PaymentMethodBrand' },
  TransactionPending: { allowedPaymentMethodBrands: 'PaymentMethodBrand' },
  SubscriberCreate: {
    additionalAllowedPaymentMethodConfigurations: 'PaymentMethodConfiguration',
    disallowedPaymentMethodConfigurations: 'PaymentMethodConfiguration',
  },
  SubscriberUpdate: {
    additionalAllowedPaymentMethodConfigurations: 'PaymentMethodConfiguration',
    disallowedPaymentMethodConfigurations: 'PaymentMethodConfiguration',
  },
};

/** Path parameters of write operations, beyond the acted-on object's key, that name an entity. */
export const pathParamReferences: Record<string, Record<string, string>> = {
  mergeCustomers: { other: 'Customer' },
  createDunningCaseForInvoice: { invoiceId: 'TransactionInvoice' },
};

/** The model of `{id}` in the by-credentials paths (`.../one-click-tokens/{id}`). */
export const byCredentialsIdModel = 'Token';

/**
 * Maps of String to String that hold the merchant's key-value data. Every other such map in a
 * response is localized text (language code -> text) and the graph offers it as a LocalizedString.
 */
export const keyValueMaps: ReadonlySet<string> = new Set(['metaData', 'errors']);

/**
 * States an object never leaves: a live `entityChanged(untilFinal: true)` completes when the object
 * reaches one. Models not listed have no final state.
 */
export const finalStates: Record<string, readonly string[]> = {
  Transaction: ['FULFILL', 'FAILED', 'DECLINE', 'VOIDED'],
  TransactionCompletion: ['SUCCESSFUL', 'FAILED'],
  TransactionVoid: ['SUCCESSFUL', 'FAILED'],
  Refund: ['SUCCESSFUL', 'FAILED'],
  ManualTask: ['DONE', 'EXPIRED'],
  Subscription: ['TERMINATED', 'FAILED'],
  SubscriptionCharge: ['DISCARDED', 'SUCCESSFUL', 'FAILED'],
  DeliveryIndication: ['NOT_SUITABLE', 'SUITABLE'],
  TransactionInvoice: ['CANCELED', 'PAID', 'DERECOGNIZED', 'NOT_APPLICABLE'],
  Token: ['DELETED'],
  Space: ['DELETED'],
  Account: ['DELETED'],
};

/**
 * Date-time properties that record when something happened to an object (`createdOn`,
 * `authorizedOn`, `failedOn`...), not when something is planned or will time out. Live collection
 * watches search on them to find objects new or changed since the last tick.
 */
export function isEventTimestamp(property: string): boolean {
  return property.endsWith('On') && !/timeout|nextUpdate|expires|planned/i.test(property);
}

/** Models whose new and changed objects can be watched as a collection (`transactionsChanged`...). */
export const liveCollections: readonly string[] = ['Transaction', 'Refund', 'ManualTask', 'Subscription'];

/** Query parameters typed as a plain string whose values are a closed set: the enum schema they take. */
export const parameterEnums: Record<string, string> = {
  // The transaction user interface types (SPEC leaves the type a String).
  integrationMode: 'TransactionUserInterfaceType',
};

/**
 * Extras that apply only while their object is in one of these states (the REST API answers 422
 * otherwise). The graph answers null for other states without calling.
 */
export const extraStates: Record<string, readonly string[]> = {
  getTransactionPaymentPageUrl: ['PENDING', 'CONFIRMED', 'PROCESSING'],
  getTransactionIframeJavascriptUrl: ['PENDING', 'CONFIRMED', 'PROCESSING'],
  getTransactionLightboxJavascriptUrl: ['PENDING', 'CONFIRMED', 'PROCESSING'],
  getTransactionChargeFlowPaymentPageUrl: ['PROCESSING'],
};

// Curated meanings of the values of the REST enums: every life cycle state and the business enums
// client developers branch on. The REST facts describe no enum value; the graph takes this text,
// else a sentence generated from the value (src/schema/descriptions.ts). Keyed by REST enum name.

type Values = Record<string, string>;

const lifecycle = (what: string): Values => ({
  CREATE: `Being created: the ${what} is not in use yet.`,
  ACTIVE: `In use.`,
  INACTIVE: `Turned off: kept, but not in use until activated again.`,
  DELETING: `Being deleted.`,
  DELETED: `Deleted: kept for reference only (final).`,
});

const versionLifecycle: Values = {
  PENDING: 'Prepared, not in use yet.',
  SCHEDULING: 'Scheduled to become the active version.',
  ACTIVE: 'The version in use.',
  DELETING: 'Being deleted.',
  DELETED: 'Deleted (final).',
};

const outcome = (what: string): Values => ({
  PENDING: `The ${what} is under way.`,
  FAILED: `The ${what} failed (final).`,
  SUCCESSFUL: `The ${what} succeeded (final).`,
});

const processing = (what: string): Values => ({
  CREATE: `Created; the ${what} has not been started.`,
  SCHEDULED: `Scheduled: the ${what} starts at its planned time.`,
  PENDING: `The ${what} is being processed.`,
  FAILED: `The ${what} failed (final).`,
  SUCCESSFUL: `The ${what} succeeded (final).`,
});

export const enumValueDescriptions: Readonly<Record<string, Values>> = {
  TransactionState: {
    CREATE: 'Created; its details may still change and nothing has been shown to the customer.',
    PENDING: 'Waiting for the customer to choose a payment method and pay; its details may still be updated.',
    CONFIRMED: 'Confirmed: its details are fixed (no more updates); waiting for the customer to pay.',
    PROCESSING: 'The payment is being processed (a 3-D Secure challenge, an asynchronous payment method...).',
    FAILED: 'The payment failed before it was authorized (see `failureReason`). Final.',
    AUTHORIZED: 'The amount is authorized (reserved); it waits to be completed (captured) or voided.',
    VOIDED: 'The authorization was voided: nothing is charged. Final.',
    COMPLETED: 'Completed (captured); the decision on delivery is pending (FULFILL or DECLINE follows).',
    FULFILL: 'Completed and cleared for fulfilment: the goods may be delivered. Final.',
    DECLINE: 'Completed but not cleared for fulfilment (e.g. by a fraud check): do not deliver. Final.',
  },
  TransactionCompletionState: processing('completion (capture)'),
  TransactionVoidState: {
    CREATE: 'Created; the void has not been started.',
    PENDING: 'The void is being processed.',
    FAILED: 'The void failed; the authorization stands (final).',
    SUCCESSFUL: 'The authorization was released (final).',
  },
  TransactionLineItemVersionState: processing('change of the line items'),
  RefundState: {
    CREATE: 'Created; the refund has not been started.',
    SCHEDULED: 'Scheduled: the refund is sent at its planned time.',
    PENDING: 'Sent to the processor; waiting for its answer.',
    MANUAL_CHECK:
      'Waiting for a person to confirm the outcome (a manual task), e.g. after a processor timeout.',
    FAILED: 'The refund failed: nothing was paid back (final).',
    SUCCESSFUL: 'The amount was paid back to the customer (final).',
  },
  TransactionInvoiceState: {
    CREATE: 'Being created.',
    OPEN: 'Issued and waiting to be paid.',
    OVERDUE: 'Past its due date and not paid.',
    CANCELED: 'Canceled (e.g. replaced by another invoice). Final.',
    PAID: 'Paid. Final.',
    DERECOGNIZED: 'Written off: no longer expected to be paid. Final.',
    NOT_APPLICABLE: 'No payment is expected on it (e.g. its amount is covered otherwise). Final.',
  },
  TransactionGroupState: outcome('payment of the group (all its transactions)'),
  DeliveryIndicationState: {
    PENDING: 'Waiting for the checks that decide whether the order may be delivered.',
    NOT_SUITABLE: 'The order must not be delivered (final).',
    MANUAL_CHECK_REQUIRED: 'A person must decide (a manual task); mark it suitable or not suitable.',
    SUITABLE: 'The order may be delivered (final).',
  },
  ChargeState: outcome('charge (one attempt to take the payment)'),
  ChargeAttemptState: {
    PROCESSING: 'The attempt is being processed by the connector.',
    FAILED: 'The attempt failed (final).',
    SUCCESSFUL: 'The attempt succeeded (final).',
  },
  ChargeFlowLevelState: outcome('level of the charge flow'),
  DunningCaseState: {
    RUNNING: 'The customer is being reminded, level after level.',
    SUSPENDED: 'Reminders are paused until the suspension ends.',
    CANCELED: 'Stopped without a payment (final).',
    DERECOGNIZED: 'The invoice was written off (final).',
    FAILED: 'All levels passed without a payment (final).',
    SUCCEEDED: 'The invoice was paid (final).',
  },
  ManualTaskState: {
    OPEN: 'Waiting for a person to take one of its actions.',
    DONE: 'An action was taken (final).',
    EXPIRED: 'No action was taken in time; the default outcome applied (final).',
  },
  TokenVersionState: {
    UNINITIALIZED: 'Created; the payment details are not stored yet.',
    ACTIVE: 'The version used to charge the token.',
    OBSOLETE: 'Replaced by a newer version (final).',
  },
  CreationEntityState: lifecycle('object'),
  AccountState: {
    ...lifecycle('account'),
    RESTRICTED_ACTIVE: 'In use with restrictions (e.g. test payments only until verified).',
  },
  PaymentTerminalState: {
    CREATE: 'Being created.',
    PREPARING: 'Being prepared (configured and linked) for use.',
    ACTIVE: 'In use.',
    INACTIVE: 'Turned off.',
    DECOMMISSIONING: 'Being taken out of service.',
    DECOMMISSIONED: 'Out of service (final).',
  },
  PaymentTerminalConfigurationState: lifecycle('terminal configuration'),
  PaymentTerminalLocationState: lifecycle('terminal location'),
  PaymentTerminalConfigurationVersionState: versionLifecycle,
  PaymentTerminalLocationVersionState: versionLifecycle,
  SubscriptionState: {
    PENDING: 'Created; waiting to be initialized (the first payment of the subscriber).',
    INITIALIZING: 'Being initialized: the first charge is under way.',
    FAILED: 'Initialization failed (final).',
    ACTIVE: 'Running: the subscriber is billed every period.',
    SUSPENDED: 'Paused (e.g. after a failed charge); reactivate or terminate it.',
    TERMINATION_SCHEDULED: 'Running until its planned termination date.',
    TERMINATING: 'Ending: the last period is being billed.',
    TERMINATED: 'Ended (final).',
  },
  SubscriptionVersionState: {
    PENDING: 'Prepared; not in effect yet.',
    INITIALIZING: 'Being put into effect.',
    FAILED: 'Could not be put into effect (final).',
    ACTIVE: 'The version in effect.',
    TERMINATING: 'Ending.',
    TERMINATED: 'No longer in effect (final).',
  },
  SubscriptionChargeState: {
    SCHEDULED: 'Planned for its date.',
    DISCARDED: 'Discarded before it ran (final).',
    PROCESSING: 'The payment is under way.',
    SUCCESSFUL: 'Paid (final).',
    FAILED: 'The payment failed (final).',
  },
  SubscriptionLedgerEntryState: {
    OPEN: 'Recorded; not billed yet.',
    SCHEDULED: 'Billed with a charge that has not been paid yet.',
    PAID: 'Paid.',
  },
  SubscriptionPeriodBillState: {
    PENDING: 'The period is still running.',
    BILLED: 'The period was closed and billed.',
  },
  SubscriptionProductState: {
    CREATE: 'Being created.',
    ACTIVE: 'Offered: new subscriptions may follow it.',
    INACTIVE: 'Not offered for now.',
    RETIRING: 'Being retired: existing subscriptions are moved off it.',
    RETIRED: 'No longer offered (final).',
  },
  SubscriptionProductVersionState: {
    PENDING: 'Prepared; not offered yet.',
    ACTIVE: 'The version new subscriptions get.',
    OBSOLETE: 'Replaced by a newer version.',
    RETIRING: 'Being retired.',
    RETIRED: 'No longer in use (final).',
  },
  SubscriptionSuspensionState: {
    RUNNING: 'The suspension is in effect.',
    ENDED: 'The suspension is over (final).',
  },
  SubscriptionSuspensionAction: {
    TERMINATE: 'When the suspension ends, the subscription is terminated.',
    REACTIVATE: 'When the suspension ends, the subscription runs again.',
  },
  SubscriptionSuspensionReason: {
    FAILED_CHARGE: 'A charge of the subscription failed.',
    SUBSCRIBER_INITIATED_REFUND: 'The subscriber asked for a refund.',
    MANUAL: 'Suspended by hand.',
  },
  SubscriptionChargeType: { MANUAL: 'Created by hand.', AUTOMATIC: 'Created by the billing of a period.' },
  SubscriptionChargeProcessingType: {
    SYNCHRONOUS: 'Charged at once with the stored token.',
    CHARGE_FLOW: 'Collected through a charge flow (payment links and reminders to the subscriber).',
  },
  TransactionCompletionBehavior: {
    COMPLETE_IMMEDIATELY:
      'Complete (capture) as soon as the payment is authorized: the transaction goes on to FULFILL.',
    COMPLETE_DEFERRED: 'Authorize only: complete (capture) later with a completion, or void.',
    USE_CONFIGURATION: "Follow the payment connector's configuration.",
  },
  TransactionCompletionMode: {
    DIRECT: 'Completed together with the authorization.',
    ONLINE: 'Completed with the processor (the money is captured).',
    OFFLINE: 'Recorded as completed outside the processor (e.g. captured by other means).',
  },
  TransactionVoidMode: {
    ONLINE: 'Voided with the processor (the reservation is released).',
    OFFLINE: 'Recorded as voided outside the processor.',
  },
  TransactionEnvironmentSelectionStrategy: {
    FORCE_TEST_ENVIRONMENT: 'Process in the test environment (test cards), whatever the configuration.',
    FORCE_PRODUCTION_ENVIRONMENT: 'Process in the production environment (real money).',
    USE_CONFIGURATION: "Follow the space's configuration.",
  },
  TransactionUserInterfaceType: {
    IFRAME: 'Payment form embedded in the shop page (iframe script).',
    LIGHTBOX: 'Payment form in an overlay on the shop page (lightbox script).',
    PAYMENT_PAGE: 'The hosted payment page, reached by redirect.',
    MOBILE_SDK: 'The mobile SDK of an app.',
    TERMINAL: 'A payment terminal at the point of sale.',
    EXPRESS_CHECKOUT: 'An express checkout (the wallet provides the addresses).',
  },
  CustomersPresence: {
    NOT_PRESENT: 'The customer takes no part (off-session: a recurring or merchant-initiated charge).',
    VIRTUAL_PRESENT: 'The customer pays online (on-session).',
    PHYSICAL_PRESENT: 'The customer is at the point of sale.',
  },
  TokenizationMode: {
    FORCE_UPDATE: 'Update the token given with the payment details used.',
    FORCE_CREATION: 'Always store the payment details as a new token.',
    FORCE_CREATION_WITH_ONE_CLICK_PAYMENT:
      'Always store a token the customer may pay with in one click later.',
    ALLOW_ONE_CLICK_PAYMENT: 'Let the customer choose to store the details for one-click payments.',
  },
  OneClickPaymentMode: {
    DISABLED: 'The token is never offered for one-click payments.',
    ALLOW: 'The customer may choose the token to pay in one click.',
    FORCE: 'The token is always offered to pay in one click.',
  },
  TokenVersionRetryStrategy: {
    NO_RETRY: 'A failed charge with this version is not retried.',
    RETRY_LATER: 'A failed charge is retried later with the same details.',
    REFRESH_TOKEN: 'The details must be refreshed (e.g. a new card) before the next charge.',
  },
  RecurringIndicator: {
    REGULAR_TRANSACTION: 'A one-off payment.',
    INITIAL_RECURRING_TRANSACTION: 'The first payment of a series (stores the details for later charges).',
    MERCHANT_INITIATED_RECURRING_TRANSACTION: 'A later payment of a series, started by the merchant.',
    CUSTOMER_INITIATED_RECURRING_TRANSACTION: 'A later payment of a series, started by the customer.',
  },
  ChargeType: {
    ASYNCHRONOUS: 'The outcome arrives later (e.g. a bank transfer or a redirect to the payment provider).',
    SYNCHRONOUS: 'The outcome is known when the charge answers.',
    TOKEN: 'Charged with a stored token.',
    TERMINAL: 'Charged at a payment terminal.',
  },
  ChargeAttemptEnvironment: { PRODUCTION: 'Real money.', TEST: 'Test payments (no money moves).' },
  Environment: { LIVE: 'Real payments.', PREVIEW: 'Test payments (no money moves).' },
  ConnectorInvocationStage: {
    PAYMENT_METHOD_LIST: 'While listing the payment methods offered.',
    FORM_GENERATION: 'While building the payment form.',
    VALIDATION: 'While validating the payment details.',
    AUTHORIZATION: 'While authorizing the payment.',
  },
  FailureCategory: {
    TEMPORARY_ISSUE: 'A temporary problem (e.g. the processor is unreachable): trying again later may work.',
    INTERNAL: 'An error of the payment service.',
    END_USER: "Caused by the customer's input or account (declined card, insufficient funds...).",
    CONFIGURATION: "Caused by the merchant's configuration.",
    DEVELOPER: 'Caused by the integration (an invalid request).',
  },
  CardAuthenticationResponse: {
    FULLY_AUTHENTICATED: 'The cardholder was authenticated (3-D Secure).',
    AUTHENTICATION_NOT_REQUIRED: 'No authentication was needed (exempted).',
    NOT_ENROLLED: 'The card takes no part in 3-D Secure.',
    ENROLLMENT_ERROR: 'Whether the card takes part could not be found out.',
    AUTHENTICATION_ERROR: 'The authentication failed or could not be completed.',
  },
  CardAuthenticationVersion: { V1: '3-D Secure version 1.', V2: '3-D Secure version 2.' },
  PanType: {
    PLAIN: 'The card number itself.',
    PLAIN_GOOGLE_PAY: 'The card number, from Google Pay.',
    SCHEME_TOKEN: 'A token of the card scheme in place of the number.',
    SCHEME_TOKEN_CLICK_TO_PAY: 'A scheme token from Click to Pay.',
    DEVICE_TOKEN_APPLE_PAY: 'A device token from Apple Pay.',
    DEVICE_TOKEN_GOOGLE_PAY: 'A device token from Google Pay.',
    DEVICE_TOKEN_SAMSUNG_PAY: 'A device token from Samsung Pay.',
    DEVICE_TOKEN_ANDROID_PAY: 'A device token from Android Pay.',
  },
  PaymentPrimaryRiskTaker: {
    CUSTOMER: 'The customer bears the risk of the payment.',
    MERCHANT: 'The merchant bears the risk of the payment.',
    THIRD_PARTY: 'A third party (e.g. the processor) bears the risk of the payment.',
  },
  LineItemType: {
    SHIPPING: 'Shipping costs.',
    DISCOUNT: 'A discount (a negative amount).',
    FEE: 'A fee (e.g. payment or handling).',
    PRODUCT: 'A product or service sold.',
    TIP: 'A tip.',
  },
  RefundType: {
    MERCHANT_INITIATED_ONLINE: 'Started by the merchant and sent to the processor.',
    MERCHANT_INITIATED_OFFLINE: 'Started by the merchant and paid back outside the processor.',
    CUSTOMER_INITIATED_AUTOMATIC:
      "Started by the customer's bank or card issuer (e.g. a chargeback), recorded automatically.",
    CUSTOMER_INITIATED_MANUAL: "Started by the customer's bank or card issuer, recorded by hand.",
  },
  TaxCalculation: {
    TAX_INCLUDED: 'Amounts include taxes.',
    TAX_NOT_INCLUDED: 'Taxes are added to the amounts.',
  },
  CustomerAddressType: {
    BILLING: 'Billing address.',
    SHIPPING: 'Shipping address.',
    BOTH: 'Billing and shipping address.',
  },
  DataCollectionType: {
    ONSITE: 'The payment details are entered on the shop site (iframe, lightbox).',
    OFFSITE: 'The payment details are entered away from the shop (payment page, redirect).',
  },
  ProductFeeType: {
    METERED_FEE: 'Charged per unit of metered use.',
    SETUP_FEE: 'Charged once, at the start.',
    PERIOD_FEE: 'Charged every billing period.',
  },
  BillingCycleType: {
    DAILY: 'Every day.',
    WEEKLY: 'Every week.',
    MONTHLY: 'Every month.',
    YEARLY: 'Every year.',
  },
  BillingDayCustomization: {
    DEFAULT: 'Billed on the default day of the cycle.',
    SPECIFIC: 'Billed on a chosen day of the cycle.',
  },
  AccountType: {
    MASTER: 'The top account of a group of accounts.',
    REGULAR: 'A stand-alone account.',
    SUBACCOUNT: 'An account under another account.',
  },
  LabelDescriptorCategory: { HUMAN: 'Meant for people.', APPLICATION: 'Meant for applications.' },
  ManualTaskActionStyle: {
    DEFAULT: 'An ordinary action.',
    PRIMARY: 'The suggested action.',
    DANGER: 'An action that cannot be undone or loses money.',
  },
  PaymentLinkAddressHandlingMode: {
    NOT_REQUIRED: 'No address is asked for.',
    REQUIRED_IN_URL: 'The address must be given in the link URL.',
    REQUIRED_ON_PAYMENT_PAGE: 'The customer enters the address on the payment page.',
  },
  PaymentLinkProtectionMode: {
    NO_PROTECTION: 'Anyone with the link may pay.',
    ACCESS_KEY: 'The link works only with its access key.',
  },
};

// generated, do not edit: produced by `npm run generate` (graphql-codegen, codegen.ts)
/** Every connection field, by parent type: the arguments that select another list (the cache key arguments). */
export const connectionFields: Record<string, Record<string, readonly string[]>> = {
  "ChargeFlowLevel": {
    "paymentLinks": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "Customer": {
    "addresses": [
      "filter",
      "orderBy",
      "query"
    ],
    "comments": [
      "filter",
      "orderBy",
      "query"
    ],
    "tokens": [
      "filter",
      "orderBy",
      "query"
    ],
    "transactions": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "DunningFlow": {
    "levels": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "Query": {
    "accounts": [
      "filter",
      "orderBy",
      "query"
    ],
    "conditionTypes": [
      "filter",
      "orderBy",
      "query"
    ],
    "documentTemplateTypes": [
      "filter",
      "orderBy",
      "query"
    ],
    "labelDescriptorGroups": [
      "filter",
      "orderBy",
      "query"
    ],
    "labelDescriptors": [
      "filter",
      "orderBy",
      "query"
    ],
    "legalOrganizationForms": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentConnectors": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentMethodBrands": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentMethods": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentProcessors": [
      "filter",
      "orderBy",
      "query"
    ],
    "salesChannels": [
      "filter",
      "orderBy",
      "query"
    ],
    "spaces": [
      "filter",
      "orderBy",
      "query"
    ],
    "staticValues": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "Refund": {
    "comments": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "Space": {
    "chargeAttempts": [
      "filter",
      "orderBy",
      "query"
    ],
    "chargeFlowLevelPaymentLinks": [
      "filter",
      "orderBy",
      "query"
    ],
    "chargeFlowLevels": [
      "filter",
      "orderBy",
      "query"
    ],
    "chargeFlows": [
      "filter",
      "orderBy",
      "query"
    ],
    "customerAddresses": [
      "customerId",
      "filter",
      "orderBy",
      "query"
    ],
    "customerComments": [
      "customerId",
      "filter",
      "orderBy",
      "query"
    ],
    "customers": [
      "filter",
      "orderBy",
      "query"
    ],
    "deliveryIndications": [
      "filter",
      "orderBy",
      "query"
    ],
    "documentTemplates": [
      "filter",
      "orderBy",
      "query"
    ],
    "dunningCases": [
      "filter",
      "orderBy",
      "query"
    ],
    "dunningFlowLevels": [
      "filter",
      "orderBy",
      "query"
    ],
    "dunningFlows": [
      "filter",
      "orderBy",
      "query"
    ],
    "manualTasks": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentConnectorConfigurations": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentLinks": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentMethodConfigurations": [
      "filter",
      "orderBy",
      "query"
    ],
    "paymentProcessorConfigurations": [
      "filter",
      "orderBy",
      "query"
    ],
    "refundComments": [
      "filter",
      "orderBy",
      "query",
      "refundId"
    ],
    "refunds": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscribers": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionAffiliates": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionCharges": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionLedgerEntries": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionMetricUsageReports": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionMetrics": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionPeriodBills": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionProductComponentGroups": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptionVersions": [
      "filter",
      "orderBy",
      "query"
    ],
    "subscriptions": [
      "filter",
      "orderBy",
      "query"
    ],
    "tokenVersions": [
      "filter",
      "orderBy",
      "query"
    ],
    "tokens": [
      "filter",
      "orderBy",
      "query"
    ],
    "transactionClientPlatforms": [
      "filter",
      "orderBy",
      "query"
    ],
    "transactionComments": [
      "filter",
      "orderBy",
      "query",
      "transactionId"
    ],
    "transactionCompletions": [
      "filter",
      "orderBy",
      "query"
    ],
    "transactionInvoiceComments": [
      "filter",
      "invoiceId",
      "orderBy",
      "query"
    ],
    "transactionInvoices": [
      "filter",
      "orderBy",
      "query"
    ],
    "transactionLineItemVersions": [
      "filter",
      "orderBy",
      "query"
    ],
    "transactionVoids": [
      "filter",
      "orderBy",
      "query"
    ],
    "transactions": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "SubscriptionContract": {
    "charges": [
      "filter",
      "orderBy",
      "query"
    ],
    "invoices": [
      "filter",
      "orderBy",
      "query"
    ],
    "ledgerEntries": [
      "filter",
      "orderBy",
      "query"
    ],
    "periodBills": [
      "filter",
      "orderBy",
      "query"
    ],
    "versions": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "SubscriptionVersion": {
    "ledgerEntries": [
      "filter",
      "orderBy",
      "query"
    ],
    "periodBills": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "Token": {
    "versions": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "Transaction": {
    "comments": [
      "filter",
      "orderBy",
      "query"
    ],
    "completions": [
      "filter",
      "orderBy",
      "query"
    ],
    "deliveryIndications": [
      "filter",
      "orderBy",
      "query"
    ],
    "invoices": [
      "filter",
      "orderBy",
      "query"
    ],
    "lineItemVersions": [
      "filter",
      "orderBy",
      "query"
    ],
    "refunds": [
      "filter",
      "orderBy",
      "query"
    ],
    "voids": [
      "filter",
      "orderBy",
      "query"
    ]
  },
  "TransactionInvoice": {
    "comments": [
      "filter",
      "orderBy",
      "query"
    ]
  }
};

/** Object types without an id: values kept inside their parent, never objects of their own. */
export const keylessTypes: readonly string[] = [
  "_Service",
  "AccountConnection",
  "AccountEdge",
  "AccountVersionConflictError",
  "ActivateAccountPayload",
  "Address",
  "AddressFormat",
  "ApplySubscriptionChangesPayload",
  "ApplyTransactionChargeFlowPayload",
  "BillingCycleModel",
  "BulkLimitError",
  "CancelTransactionChargeFlowPayload",
  "ChargeAttemptConnection",
  "ChargeAttemptEdge",
  "ChargeFlowConnection",
  "ChargeFlowEdge",
  "ChargeFlowLevelConnection",
  "ChargeFlowLevelEdge",
  "ChargeFlowLevelPaymentLinkConnection",
  "ChargeFlowLevelPaymentLinkEdge",
  "CloseSubscriptionPeriodBillPayload",
  "CompleteTransactionOfflinePayload",
  "CompleteTransactionOnlinePayload",
  "CompleteTransactionPartiallyOfflinePayload",
  "CompleteTransactionPartiallyOnlinePayload",
  "ConditionTypeConnection",
  "ConditionTypeEdge",
  "ConfirmTransactionPayload",
  "CreateAccountPayload",
  "CreateCustomerAddressPayload",
  "CreateCustomerCommentPayload",
  "CreateCustomerPayload",
  "CreateCustomersPayload",
  "CreateDunningCaseForInvoicePayload",
  "CreatePaymentConnectorConfigurationPayload",
  "CreatePaymentLinkPayload",
  "CreatePaymentMethodConfigurationPayload",
  "CreatePaymentProcessorConfigurationPayload",
  "CreateRefundCommentPayload",
  "CreateRefundPayload",
  "CreateSpacePayload",
  "CreateSubscriberPayload",
  "CreateSubscriptionAffiliatePayload",
  "CreateSubscriptionChargePayload",
  "CreateSubscriptionLedgerEntryPayload",
  "CreateSubscriptionMetricPayload",
  "CreateSubscriptionMetricUsageReportPayload",
  "CreateSubscriptionPayload",
  "CreateTokenPayload",
  "CreateTransactionCommentPayload",
  "CreateTransactionForTokenUpdatePayload",
  "CreateTransactionInvoiceCommentPayload",
  "CreateTransactionLineItemVersionPayload",
  "CreateTransactionPayload",
  "CustomerAddressConnection",
  "CustomerAddressEdge",
  "CustomerAddressVersionConflictError",
  "CustomerCommentConnection",
  "CustomerCommentEdge",
  "CustomerCommentVersionConflictError",
  "CustomerConnection",
  "CustomerEdge",
  "CustomerEmailAddress",
  "CustomerPostalAddress",
  "CustomerVersionConflictError",
  "DeactivateAccountPayload",
  "DeleteAccountPayload",
  "DeleteCustomerAddressPayload",
  "DeleteCustomerCommentPayload",
  "DeleteCustomerPayload",
  "DeleteCustomersPayload",
  "DeleteOneClickTokenByCredentialsPayload",
  "DeletePaymentConnectorConfigurationPayload",
  "DeletePaymentLinkPayload",
  "DeletePaymentMethodConfigurationPayload",
  "DeletePaymentProcessorConfigurationPayload",
  "DeleteRefundCommentPayload",
  "DeleteSpacePayload",
  "DeleteSubscriberPayload",
  "DeleteSubscriptionAffiliatePayload",
  "DeleteSubscriptionMetricPayload",
  "DeleteTokenPayload",
  "DeleteTransactionCommentPayload",
  "DeleteTransactionInvoiceCommentPayload",
  "DeliveryIndicationConnection",
  "DeliveryIndicationEdge",
  "DerecognizeTransactionInvoicePayload",
  "DiscardSubscriptionChargePayload",
  "DocumentTemplateConnection",
  "DocumentTemplateEdge",
  "DocumentTemplateTypeConnection",
  "DocumentTemplateTypeEdge",
  "DunningCaseConnection",
  "DunningCaseEdge",
  "DunningFlowConnection",
  "DunningFlowEdge",
  "DunningFlowLevelConnection",
  "DunningFlowLevelEdge",
  "FieldProblem",
  "ForbiddenError",
  "IbanDetails",
  "IdempotencyKeyBusyError",
  "IdempotencyKeyReusedError",
  "IdempotencyUnavailableError",
  "InitializeSubscriptionPayload",
  "InitializeSubscriptionSubscriberPresentPayload",
  "Label",
  "LabelDescriptorConnection",
  "LabelDescriptorEdge",
  "LabelDescriptorGroupConnection",
  "LabelDescriptorGroupEdge",
  "LegalOrganizationFormConnection",
  "LegalOrganizationFormEdge",
  "LineItem",
  "LineItemReduction",
  "LocalizedString",
  "ManualTaskConnection",
  "ManualTaskEdge",
  "MarkDeliveryIndicationNotSuitablePayload",
  "MarkDeliveryIndicationSuitablePayload",
  "MarkRefundFailedPayload",
  "MarkRefundSucceededPayload",
  "MarkTransactionInvoicePaidPayload",
  "MergeCustomersPayload",
  "Money",
  "NotFoundError",
  "OutcomeUnknownError",
  "PageInfo",
  "PaymentConnectorConfigurationConnection",
  "PaymentConnectorConfigurationEdge",
  "PaymentConnectorConfigurationVersionConflictError",
  "PaymentConnectorConnection",
  "PaymentConnectorEdge",
  "PaymentLinkConnection",
  "PaymentLinkEdge",
  "PaymentLinkVersionConflictError",
  "PaymentMethodBrandConnection",
  "PaymentMethodBrandEdge",
  "PaymentMethodConfigurationConnection",
  "PaymentMethodConfigurationEdge",
  "PaymentMethodConfigurationVersionConflictError",
  "PaymentMethodConnection",
  "PaymentMethodEdge",
  "PaymentProcessorConfigurationConnection",
  "PaymentProcessorConfigurationEdge",
  "PaymentProcessorConfigurationVersionConflictError",
  "PaymentProcessorConnection",
  "PaymentProcessorEdge",
  "PaymentTerminalAddress",
  "PinCustomerCommentPayload",
  "PinRefundCommentPayload",
  "PinTransactionCommentPayload",
  "PinTransactionInvoiceCommentPayload",
  "ProcessManualTaskActionPayload",
  "ProcessOneClickTokenByCredentialsPayload",
  "ProcessTransactionCardDetailsPayload",
  "ProcessTransactionCardDetailsThreeDPayload",
  "ProcessTransactionWithoutInteractionPayload",
  "ProcessTransactionWithTokenPayload",
  "RateLimitedError",
  "ReactivateSubscriptionPayload",
  "RefundCommentConnection",
  "RefundCommentEdge",
  "RefundCommentVersionConflictError",
  "RefundConnection",
  "RefundEdge",
  "RenderedDocument",
  "RenderedTerminalReceipt",
  "ReplaceTransactionInvoicePayload",
  "SalesChannelConnection",
  "SalesChannelEdge",
  "SendChargeFlowLevelMessagePayload",
  "SetDefaultCustomerAddressPayload",
  "SpaceAddress",
  "SpaceConnection",
  "SpaceEdge",
  "SpaceVersionConflictError",
  "StateTransitionError",
  "StaticValueConnection",
  "StaticValueEdge",
  "SubscriberConnection",
  "SubscriberEdge",
  "SubscriberVersionConflictError",
  "SubscriptionAffiliateConnection",
  "SubscriptionAffiliateEdge",
  "SubscriptionAffiliateVersionConflictError",
  "SubscriptionChargeConnection",
  "SubscriptionChargeEdge",
  "SubscriptionContractConnection",
  "SubscriptionContractEdge",
  "SubscriptionContractVersionConflictError",
  "SubscriptionLedgerEntryConnection",
  "SubscriptionLedgerEntryEdge",
  "SubscriptionMetricConnection",
  "SubscriptionMetricEdge",
  "SubscriptionMetricUsageReportConnection",
  "SubscriptionMetricUsageReportEdge",
  "SubscriptionMetricVersionConflictError",
  "SubscriptionPeriodBillConnection",
  "SubscriptionPeriodBillEdge",
  "SubscriptionProductComponentGroupConnection",
  "SubscriptionProductComponentGroupEdge",
  "SubscriptionVersionConnection",
  "SubscriptionVersionEdge",
  "SuspendDunningCasePayload",
  "SuspendSubscriptionPayload",
  "Tax",
  "TerminateSubscriptionPayload",
  "TokenConnection",
  "TokenEdge",
  "TokenVersionConflictError",
  "TokenVersionConnection",
  "TokenVersionEdge",
  "TransactionByCredentials",
  "TransactionClientPlatformConnection",
  "TransactionClientPlatformEdge",
  "TransactionCommentConnection",
  "TransactionCommentEdge",
  "TransactionCommentVersionConflictError",
  "TransactionCompletionConnection",
  "TransactionCompletionEdge",
  "TransactionConnection",
  "TransactionEdge",
  "TransactionExport",
  "TransactionExportRow",
  "TransactionInvoiceCommentConnection",
  "TransactionInvoiceCommentEdge",
  "TransactionInvoiceCommentVersionConflictError",
  "TransactionInvoiceConnection",
  "TransactionInvoiceEdge",
  "TransactionLineItemVersionConnection",
  "TransactionLineItemVersionEdge",
  "TransactionVersionConflictError",
  "TransactionVoidConnection",
  "TransactionVoidEdge",
  "Translation",
  "UnpinCustomerCommentPayload",
  "UnpinRefundCommentPayload",
  "UnpinTransactionCommentPayload",
  "UnpinTransactionInvoiceCommentPayload",
  "UpdateAccountPayload",
  "UpdateCustomerAddressPayload",
  "UpdateCustomerCommentPayload",
  "UpdateCustomerPayload",
  "UpdateCustomersPayload",
  "UpdatePaymentConnectorConfigurationPayload",
  "UpdatePaymentLinkPayload",
  "UpdatePaymentMethodConfigurationPayload",
  "UpdatePaymentProcessorConfigurationPayload",
  "UpdateRefundCommentPayload",
  "UpdateSpacePayload",
  "UpdateSubscriberPayload",
  "UpdateSubscriptionAffiliatePayload",
  "UpdateSubscriptionMetricPayload",
  "UpdateSubscriptionPayload",
  "UpdateTokenPayload",
  "UpdateTransactionChargeFlowRecipientPayload",
  "UpdateTransactionCommentPayload",
  "UpdateTransactionInvoiceCommentPayload",
  "UpdateTransactionPayload",
  "UpgradeSubscriptionProductPayload",
  "UpstreamError",
  "ValidationError",
  "VoidTransactionOfflinePayload",
  "VoidTransactionOnlinePayload"
];

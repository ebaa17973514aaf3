// Turning a Transaction Create / Transaction Pending body into the stored transaction's fields:
// computed line items and amounts, checked currency, language, addresses, token and metadata.
import countries from 'i18n-iso-countries';
import ISO6391 from 'iso-639-1';
import { unprocessable } from '../../errors';
import { checkMetadata } from '../../handlers/metadata';
import { loadObject } from '../../objects';
import type { Store, Stored, StoredObject } from '../../store';
import { buildLineItems, currencyDigits, portionOf, roundTo, totalOf } from './line-items';

/** Fields copied as they are from the body when present. */
const PLAIN_FIELDS = [
  'customerId',
  'customerEmailAddress',
  'shippingMethod',
  'invoiceMerchantReference',
  'merchantReference',
  'successUrl',
  'failedUrl',
  'timeZone',
  'tokenizationMode',
  'completionBehavior',
  'allowedPaymentMethodBrands',
  'allowedPaymentMethodConfigurations',
  'metaData',
  'chargeRetryEnabled',
  'emailsDisabled',
  'environment',
  'environmentSelectionStrategy',
  'deviceSessionIdentifier',
  'spaceViewId',
  'autoConfirmationEnabled',
  'customersPresence',
] as const;

const ADDRESS_FIELDS = ['billingAddress', 'shippingAddress'] as const;

/**
 * Defaults of a new transaction where the body says nothing. Without a completionBehavior the
 * service completes on authorization (the official SDK's completion test creates one, processes a
 * card and expects FULFILL).
 */
export const TRANSACTION_DEFAULTS: StoredObject = {
  autoConfirmationEnabled: true,
  chargeRetryEnabled: true,
  emailsDisabled: false,
  completionBehavior: 'COMPLETE_IMMEDIATELY',
  customersPresence: 'VIRTUAL_PRESENT',
  environment: 'PREVIEW',
  environmentSelectionStrategy: 'USE_CONFIGURATION',
  completedAmount: 0,
  refundedAmount: 0,
  totalSettledAmount: 0,
  totalAppliedFees: 0,
  metaData: {},
};

function checkLanguage(language: string): string {
  const [primary, region] = language.split(/[-_]/);
  if (
    !ISO6391.validate(primary.toLowerCase()) ||
    (region !== undefined && !/^[A-Za-z]{2}$|^\d{3}$/.test(region))
  ) {
    throw unprocessable(`language '${language}' is not a language code such as 'en' or 'de-CH'.`, {
      language: 'invalid',
    });
  }
  return region ? `${primary.toLowerCase()}-${region.toUpperCase()}` : primary.toLowerCase();
}

function buildAddress(store: Store, raw: Record<string, unknown>, field: string) {
  const address: StoredObject = { ...raw };
  if (typeof raw.country === 'string' && !countries.isValid(raw.country)) {
    throw unprocessable(`${field}.country '${raw.country}' is not an ISO 3166 country code.`, {
      [`${field}.country`]: 'unknown country',
    });
  }
  if (typeof raw.emailAddress === 'string' && !/^[^@\s]+@[^@\s]+$/.test(raw.emailAddress)) {
    throw unprocessable(`${field}.emailAddress is not an email address.`, {
      [`${field}.emailAddress`]: 'invalid',
    });
  }
  if (raw.legalOrganizationForm !== undefined) {
    // The create body names the form by id; the Address shape embeds the form itself.
    const id = Number(raw.legalOrganizationForm);
    address.legalOrganizationForm = store.get('LegalOrganizationForm', id) ?? { id };
  }
  return address;
}

/**
 * The fields a create or pending-update body sets on a transaction. `existing` is the stored
 * transaction on update (its currency applies when the body does not change it).
 */
export function transactionFields(
  store: Store,
  space: number,
  body: Record<string, unknown>,
  existing?: Stored<'Transaction'>,
) {
  const fields: StoredObject = {};
  for (const name of PLAIN_FIELDS) if (body[name] !== undefined) fields[name] = body[name];
  checkMetadata(body);
  const currencyRaw = typeof body.currency === 'string' ? body.currency : existing?.currency;
  if (!currencyRaw)
    throw unprocessable('currency is required: the ISO 4217 code the transaction is paid in.', {
      currency: 'required',
    });
  const digits = currencyDigits(currencyRaw);
  fields.currency = currencyRaw.toUpperCase();
  if (body.language !== undefined) fields.language = checkLanguage(String(body.language));
  if (typeof body.customerEmailAddress === 'string' && !/^[^@\s]+@[^@\s]+$/.test(body.customerEmailAddress)) {
    throw unprocessable('customerEmailAddress is not an email address.', { customerEmailAddress: 'invalid' });
  }
  for (const name of ADDRESS_FIELDS) {
    if (body[name] !== undefined)
      fields[name] = buildAddress(store, body[name] as Record<string, unknown>, name);
  }
  if (body.token !== undefined && body.token !== null) {
    const token = store.get('Token', Number(body.token), space);
    if (!token)
      throw unprocessable(`token ${String(body.token)} does not exist in space ${space}.`, {
        token: 'unknown token',
      });
    fields.token = token.id;
  }
  if (body.lineItems !== undefined) {
    const lineItems = buildLineItems(body.lineItems, digits);
    fields.lineItems = lineItems;
    fields.authorizationAmount = roundTo(totalOf(lineItems), digits);
  } else if (body.currency !== undefined && existing) {
    // A currency change recomputes the line items already there in the new minor unit.
    const lineItems = (existing.lineItems ?? []).map((item) =>
      portionOf(item, Number(item.amountIncludingTax), Number(item.quantity), digits),
    );
    fields.lineItems = lineItems;
    fields.authorizationAmount = roundTo(totalOf(lineItems), digits);
  }
  return fields;
}

/** The stored transaction's line items and currency digits, for completions, refunds and invoices. */
export function lineItemsOf(transaction: Stored<'Transaction'>): { items: StoredObject[]; digits: number } {
  return {
    items: transaction.lineItems ?? [],
    digits: currencyDigits(String(transaction.currency ?? 'XXX')),
  };
}

/** Loads a transaction's token or fails with 422 when the link is dangling. */
export function tokenOf(store: Store, transaction: Stored<'Transaction'>, space: number) {
  if (transaction.token === undefined || transaction.token === null) return undefined;
  return loadObject(store, 'Token', Number(transaction.token), space);
}

// The REST rules a request body obeys beyond its JSON schema, as data: metadata limits, signs of
// amounts and quantities, currency and language codes, line item lists and the "one of these" fields
// some bodies need. Keyed by schema and property name, so every operation sharing a schema shares
// its rules. Each rule is one the REST API answers with 400 or 422, checked here before any call.
import currencyCodes from 'currency-codes';
import ISO6391 from 'iso-639-1';
import { decimalSign, sumDecimals } from '../../rest/decimal';
import { fieldPath, indexPath, isObject, numericText, shown, type Problems } from './validate-problems';
import type { Schema } from './validate-values';

/** Limits of metadata maps (properties named `metaData`), as the REST specification states them. */
export const METADATA_LIMITS = { keys: 25, keyLength: 40, valueLength: 512 } as const;

type NumberRule = 'positive' | 'nonNegative' | 'signed' | 'percentage';

/**
 * Numbers whose rule is not the default. By default a number whose name says it is an amount,
 * quantity, price, discount, reduction or consumed units must not be negative.
 */
export const NUMBER_RULES: Readonly<Record<string, NumberRule>> = {
  'LineItemCreate.quantity': 'positive',
  // Discount lines carry negative amounts; the total of the line items is checked instead.
  'LineItemCreate.amountIncludingTax': 'signed',
  // Follows the sign of the line item it completes (negative for a discount line).
  'CompletionLineItemCreate.amount': 'signed',
  // A ledger entry may credit as well as charge.
  'SubscriptionLedgerEntryCreate.amountIncludingTax': 'signed',
  'SubscriptionLedgerEntryCreate.quantity': 'positive',
  'SubscriptionMetricUsageReportCreate.consumedUnits': 'positive',
  'RefundCreate.amount': 'positive',
  'TaxCreate.rate': 'percentage',
};

const AMOUNT_NAME =
  /^(amount|quantity|consumedUnits)$|(Amount|Quantity|Reduction|Units)$|^(unitPrice|discount)/;

/**
 * Fields a body needs beyond its schema's `required`: each group lists alternatives, at least one
 * present (a non-empty list, `true`, or any other value). The first alternative is the usual one.
 */
export const REQUIRED_ONE_OF: Readonly<
  Record<string, readonly { fields: readonly string[]; why: string }[]>
> = {
  TransactionCreate: [{ fields: ['currency'], why: 'a transaction is paid in one currency' }],
  RefundCreate: [
    {
      fields: ['transaction', 'completion'],
      why: 'a refund names the transaction (or the completion) it refunds',
    },
    {
      fields: ['amount', 'reductions'],
      why: 'a refund gives its amount or the line item reductions it adds up from',
    },
  ],
};

/** ISO 639-1 language, optionally a hyphen and an ISO 3166 region: `en`, `de-CH`. */
const LANGUAGE = /^([a-z]{2})(-[A-Z]{2})?$/;

/** Signs and ranges compared exactly on the decimal text (a client's 0.00000000000000001 is positive). */
function checkNumberRule(
  owner: string | undefined,
  property: string,
  text: string,
  path: string,
  out: Problems,
): void {
  const rule =
    NUMBER_RULES[`${owner}.${property}`] ?? (AMOUNT_NAME.test(property) ? 'nonNegative' : undefined);
  const sign = decimalSign(text);
  if (rule === 'positive' && sign <= 0) out.add(path, `must be greater than 0, not ${text}.`);
  if (rule === 'nonNegative' && sign < 0)
    out.add(path, `must not be negative (${text}); 0 or more is allowed.`);
  if (rule === 'percentage' && (sign < 0 || decimalSign(sumDecimals([text, '-100'])) > 0)) {
    out.add(path, `must be a percentage from 0 to 100, not ${text}.`);
  }
}

function checkMetadata(map: Record<string, unknown>, path: string, out: Problems): void {
  const keys = Object.keys(map);
  if (keys.length > METADATA_LIMITS.keys) {
    out.add(path, `has ${keys.length} keys; at most ${METADATA_LIMITS.keys} are allowed.`);
  }
  for (const key of keys) {
    if (key.length > METADATA_LIMITS.keyLength) {
      out.add(
        out.field(path, key),
        `key is ${key.length} characters long; at most ${METADATA_LIMITS.keyLength} are allowed.`,
      );
    }
    const value = map[key];
    if (typeof value === 'string' && value.length > METADATA_LIMITS.valueLength) {
      out.add(
        out.field(path, key),
        `value is ${value.length} characters long; at most ${METADATA_LIMITS.valueLength} are allowed.`,
      );
    }
  }
}

function isCurrencyField(property: string): boolean {
  return property === 'currency' || property.endsWith('Currency');
}

/** Rules of one property value (already of the right type), by the property's name and owner schema. */
export function checkPropertyRules(
  owner: string | undefined,
  property: string,
  schema: Schema,
  value: unknown,
  path: string,
  out: Problems,
): void {
  const numeric = numericText(value);
  if (numeric !== undefined && (schema.type === 'number' || schema.type === 'integer'))
    checkNumberRule(owner, property, numeric, path, out);
  if ((property === 'metaData' || property === 'metadata') && isObject(value))
    checkMetadata(value, path, out);
  if (typeof value !== 'string' || schema.enum) return;
  if (isCurrencyField(property) && !currencyCodes.code(value)) {
    out.add(
      path,
      `${shown(value)} is not an ISO 4217 currency code; use the upper-case code, e.g. CHF, EUR or USD.`,
    );
  }
  if (property === 'language') {
    const m = LANGUAGE.exec(value);
    if (!m || !ISO6391.validate(m[1])) {
      out.add(
        path,
        `${shown(value)} is not a language code; use an ISO 639-1 code, optionally with a region, e.g. en or de-CH.`,
      );
    }
  }
}

function isPresent(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'boolean') return value;
  return value !== undefined && value !== null;
}

/** Rules of a whole object, by its schema name. */
export function checkObjectRules(
  schemaName: string | undefined,
  value: Record<string, unknown>,
  path: string,
  out: Problems,
): void {
  for (const group of REQUIRED_ONE_OF[schemaName ?? ''] ?? []) {
    if (group.fields.some((f) => isPresent(value[f]))) continue;
    const others = group.fields.slice(1);
    out.add(
      fieldPath(path, group.fields[0]),
      `is required${others.length ? ` unless ${others.join(' or ')} is given` : ''}: ${group.why}.`,
    );
  }
}

function checkUniqueIds(items: unknown[], path: string, out: Problems): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const id = isObject(item) ? item.uniqueId : undefined;
    if (typeof id !== 'string') return;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else
      out.add(
        fieldPath(indexPath(path, i), 'uniqueId'),
        `${shown(id)} is used by ${indexPath(path, first)} too; each line item once.`,
      );
  });
}

/** Line items of a transaction, invoice, payment link or line item version: how they add up. */
function checkLineItems(items: unknown[], path: string, out: Problems): void {
  if (items.length === 0) out.add(path, 'must list at least one line item.');
  const amounts: string[] = [];
  items.forEach((item, i) => {
    if (!isObject(item)) return;
    if (typeof item.name === 'string' && !item.name.trim())
      out.add(fieldPath(indexPath(path, i), 'name'), 'must not be empty.');
    const amount = numericText(item.amountIncludingTax);
    if (amount !== undefined) amounts.push(amount);
  });
  checkUniqueIds(items, path, out);
  // Discount lines may be negative, the sum of all lines may not (summed exactly: no float residue).
  const total = sumDecimals(amounts);
  if (decimalSign(total) < 0)
    out.add(
      path,
      `amountIncludingTax of the line items adds up to ${total}; the total must not be negative.`,
    );
}

/** Rules of a list, by the schema name of its items. */
export function checkArrayRules(
  itemSchemaName: string | undefined,
  items: unknown[],
  path: string,
  out: Problems,
): void {
  if (itemSchemaName === 'LineItemCreate') checkLineItems(items, path, out);
  if (itemSchemaName === 'CompletionLineItemCreate') checkUniqueIds(items, path, out);
}

// Line items as the API computes them: from what a client sends (amount including tax, quantity,
// discount, tax rates) to the full LineItem shape with every derived amount, rounded to the
// currency's minor unit. Completions, refunds and invoices reuse the same arithmetic on portions.
import type { Model } from '../../../api-types';
import currencyCodes from 'currency-codes';
import { unprocessable } from '../../errors';
import type { StoredObject } from '../../store';

export interface LineItemInput {
  name: string;
  quantity: number;
  amountIncludingTax: number;
  discountIncludingTax?: number;
  taxes?: { rate: number; title: string }[];
  type: string;
  uniqueId: string;
  sku?: string;
  shippingRequired?: boolean;
  attributes?: Record<string, unknown>;
}

/** Number of minor-unit digits of an ISO 4217 currency; 400 naming `field` when it is unknown. */
export function currencyDigits(currency: string, field = 'currency'): number {
  const entry = currencyCodes.code(currency.toUpperCase());
  if (!entry)
    throw unprocessable(`${field} '${currency}' is not an ISO 4217 currency code.`, {
      [field]: 'unknown currency',
    });
  return entry.digits;
}

export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/** The full LineItem for one portion of a line: `amount` including tax, after discount, for `quantity`. */
export function computeLineItem(input: LineItemInput, digits: number) {
  const rate = (input.taxes ?? []).reduce((sum, t) => sum + t.rate, 0);
  const net = (gross: number) => roundTo(gross / (1 + rate / 100), digits);
  const perUnit = (value: number) => (input.quantity === 0 ? 0 : roundTo(value / input.quantity, digits));
  const amountIncludingTax = roundTo(input.amountIncludingTax, digits);
  const discountIncludingTax = roundTo(input.discountIncludingTax ?? 0, digits);
  const amountExcludingTax = net(amountIncludingTax);
  const taxAmount = roundTo(amountIncludingTax - amountExcludingTax, digits);
  const undiscountedIncl = roundTo(amountIncludingTax + discountIncludingTax, digits);
  const undiscountedExcl = net(undiscountedIncl);
  return {
    uniqueId: input.uniqueId,
    name: input.name,
    sku: input.sku,
    type: input.type,
    quantity: input.quantity,
    shippingRequired: input.shippingRequired ?? false,
    attributes: input.attributes ?? {},
    taxes: (input.taxes ?? []).map((t) => ({ rate: t.rate, title: t.title })),
    aggregatedTaxRate: rate,
    amountIncludingTax,
    amountExcludingTax,
    taxAmount,
    discountIncludingTax,
    discountExcludingTax: net(discountIncludingTax),
    undiscountedAmountIncludingTax: undiscountedIncl,
    undiscountedAmountExcludingTax: undiscountedExcl,
    unitPriceIncludingTax: perUnit(amountIncludingTax),
    unitPriceExcludingTax: perUnit(amountExcludingTax),
    taxAmountPerUnit: perUnit(taxAmount),
    undiscountedUnitPriceIncludingTax: perUnit(undiscountedIncl),
    undiscountedUnitPriceExcludingTax: perUnit(undiscountedExcl),
  };
}

/** Validates LineItemCreate entries (under `field`) and computes them; 422 naming the entry at fault. */
export function buildLineItems(raw: unknown, digits: number, field = 'lineItems') {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw unprocessable(`${field} must list at least one line item.`, {
      [field]: 'at least one line item is required',
    });
  }
  const seen = new Set<string>();
  const items = (raw as LineItemInput[]).map((item, i) => {
    const at = `${field}[${i}]`;
    if (!item.name?.trim()) throw unprocessable(`${at}.name must not be empty.`, { [`${at}.name`]: 'empty' });
    if (!(item.quantity > 0))
      throw unprocessable(`${at}.quantity must be greater than 0.`, {
        [`${at}.quantity`]: String(item.quantity),
      });
    if (seen.has(item.uniqueId)) {
      throw unprocessable(`${at}.uniqueId '${item.uniqueId}' is used by another line item.`, {
        [`${at}.uniqueId`]: 'duplicate',
      });
    }
    seen.add(item.uniqueId);
    (item.taxes ?? []).forEach((tax, t) => {
      if (!(tax.rate >= 0 && tax.rate <= 100)) {
        throw unprocessable(`${at}.taxes[${t}].rate must be between 0 and 100.`, {
          [`${at}.taxes[${t}].rate`]: String(tax.rate),
        });
      }
    });
    return computeLineItem(item, digits);
  });
  if (totalOf(items) < 0)
    throw unprocessable(`The total of ${field} must not be negative.`, { [field]: 'negative total' });
  return items;
}

export function totalOf(items: StoredObject[]): number {
  return items.reduce((sum, item) => sum + Number(item.amountIncludingTax ?? 0), 0);
}

export function taxOf(items: StoredObject[]): number {
  return items.reduce((sum, item) => sum + Number(item.taxAmount ?? 0), 0);
}

/** A portion of a stored line item: `amount` including tax for `quantity` units, same taxes. */
export function portionOf(base: Model<'LineItem'>, amount: number, quantity: number, digits: number) {
  return computeLineItem(
    {
      name: String(base.name),
      quantity,
      amountIncludingTax: amount,
      taxes: base.taxes as LineItemInput['taxes'],
      type: String(base.type),
      uniqueId: String(base.uniqueId),
      sku: base.sku,
      shippingRequired: base.shippingRequired,
      attributes: base.attributes,
    },
    digits,
  );
}

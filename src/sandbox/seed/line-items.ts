// Line items whose amounts add up: computed in the currency's minor units (integers) and only then
// turned into decimal amounts, so totals match their parts exactly.
import type { Model } from '../../api-types';
import type { StoredObject } from '../store';
import { fractionDigits } from './i18n';
import type { Rng } from './random';

const PRODUCTS: [sku: string, name: string, price: number, shipping: boolean][] = [
  ['TSHIRT-001', 'Organic Cotton T-Shirt', 29.9, true],
  ['HOODIE-002', 'Merino Hoodie', 119, true],
  ['MUG-003', 'Ceramic Coffee Mug', 18.5, true],
  ['BOOK-004', 'GraphQL in Practice (Book)', 45, true],
  ['HEADPH-005', 'Wireless Headphones', 249, true],
  ['EBOOK-006', 'Payments Handbook (E-Book)', 24, false],
  ['COFFEE-007', 'Espresso Beans 1 kg', 32.8, true],
  ['GIFT-008', 'Gift Card', 50, false],
  ['BACKPK-009', 'City Backpack', 139, true],
  ['COURSE-010', 'Online Course: Web Payments', 199, false],
];

/** Standard VAT / sales tax rate per demo country, in percent. */
const TAX_RATES: Record<string, number> = { CH: 8.1, DE: 19, US: 8.875 };

export const taxRateFor = (country: string): number => TAX_RATES[country] ?? 0;

export interface Money {
  currency: string;
  digits: number;
}

export const money = (currency: string): Money => ({ currency, digits: fractionDigits(currency) });
export const toMinor = (m: Money, amount: number): number => Math.round(amount * 10 ** m.digits);
// Dividing an integer by an exact power of ten yields the double nearest the decimal, which prints
// as that decimal: no toFixed round trip needed.
export const toAmount = (m: Money, minor: number): number => minor / 10 ** m.digits;

/** One line item from a unit price (in minor units, tax included), a quantity and a tax rate. */
export function lineItem(
  m: Money,
  fields: {
    uniqueId: string;
    sku: string;
    name: string;
    type: string;
    unitMinor: number;
    quantity: number;
    taxRate: number;
    shippingRequired: boolean;
  },
) {
  const grossMinor = fields.unitMinor * fields.quantity;
  const taxMinor = Math.round(grossMinor - grossMinor / (1 + fields.taxRate / 100));
  const unitTaxMinor = Math.round(fields.unitMinor - fields.unitMinor / (1 + fields.taxRate / 100));
  const gross = toAmount(m, grossMinor);
  const net = toAmount(m, grossMinor - taxMinor);
  return {
    uniqueId: fields.uniqueId,
    sku: fields.sku,
    name: fields.name,
    type: fields.type,
    quantity: fields.quantity,
    shippingRequired: fields.shippingRequired,
    unitPriceIncludingTax: toAmount(m, fields.unitMinor),
    unitPriceExcludingTax: toAmount(m, fields.unitMinor - unitTaxMinor),
    undiscountedUnitPriceIncludingTax: toAmount(m, fields.unitMinor),
    undiscountedUnitPriceExcludingTax: toAmount(m, fields.unitMinor - unitTaxMinor),
    taxAmountPerUnit: toAmount(m, unitTaxMinor),
    amountIncludingTax: gross,
    amountExcludingTax: net,
    undiscountedAmountIncludingTax: gross,
    undiscountedAmountExcludingTax: net,
    discountIncludingTax: 0,
    discountExcludingTax: 0,
    taxAmount: toAmount(m, taxMinor),
    aggregatedTaxRate: fields.taxRate,
    taxes: fields.taxRate > 0 ? [{ title: 'VAT', rate: fields.taxRate }] : [],
  };
}

/** 1-4 products, plus shipping when a product needs it. */
export function randomLineItems(rng: Rng, m: Money, country: string) {
  const taxRate = TAX_RATES[country] ?? 0;
  const count = rng.int(1, 4);
  const items: StoredObject[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const [sku, name, price, shipping] = rng.pick(PRODUCTS);
    if (used.has(sku)) continue;
    used.add(sku);
    const unitMinor = toMinor(m, price);
    items.push(
      lineItem(m, {
        uniqueId: `${sku.toLowerCase()}`,
        sku,
        name,
        type: 'PRODUCT',
        unitMinor,
        quantity: rng.int(1, 3),
        taxRate,
        shippingRequired: shipping,
      }),
    );
  }
  if (items.some((item) => item.shippingRequired)) {
    items.push(
      lineItem(m, {
        uniqueId: 'shipping',
        sku: 'SHIPPING',
        name: 'Standard Shipping',
        type: 'SHIPPING',
        unitMinor: toMinor(m, 7.9),
        quantity: 1,
        taxRate,
        shippingRequired: false,
      }),
    );
  }
  return items;
}

export const totalMinor = (m: Money, items: StoredObject[]): number =>
  items.reduce((sum, item) => sum + toMinor(m, Number(item.amountIncludingTax)), 0);
export const taxMinor = (m: Money, items: StoredObject[]): number =>
  items.reduce((sum, item) => sum + toMinor(m, Number(item.taxAmount)), 0);

/** The same line item with its quantity reduced (for partial completions and refunds). */
export function withQuantity(m: Money, item: Model<'LineItem'>, quantity: number) {
  return lineItem(m, {
    uniqueId: String(item.uniqueId),
    sku: String(item.sku),
    name: String(item.name),
    type: String(item.type),
    unitMinor: toMinor(m, Number(item.unitPriceIncludingTax)),
    quantity,
    taxRate: Number(item.aggregatedTaxRate),
    shippingRequired: item.shippingRequired === true,
  });
}

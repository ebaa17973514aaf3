// Money views (Shopify's MoneyV2): an amount of a model that carries its `currency` is also offered
// as `<field>Money { amount currencyCode }`, the amount as decimal text so that no client rounds it.
import type { Entity } from '../resolvers/entity';
import { builder } from './builder';
import { dynamicField } from './dynamic';
import type { PropertyShape } from './shapes';

interface Money {
  amount: string;
  currencyCode: string;
}

export const CURRENCY_FIELD = 'currency';

const moneyRef = builder.objectRef<Money>('Money').implement({
  description: 'An amount with its currency. `amount` is decimal text (e.g. "10.5"), so no client rounds it.',
  fields: (t) => ({
    amount: t.field({ type: 'Decimal', nullable: false, description: 'The amount, as decimal text.', resolve: (m) => m.amount }),
    currencyCode: t.exposeString('currencyCode', { nullable: false, description: 'The ISO 4217 currency code (`CHF`).' }),
  }),
});

function decimalText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return null;
}

/** Whether a property of a model with these properties gets a Money view. */
export function hasMoneyView(p: PropertyShape, propertyNames: ReadonlySet<string>): boolean {
  return !p.list && p.shape.kind === 'scalar' && p.shape.scalar === 'Decimal' && propertyNames.has(CURRENCY_FIELD);
}

/** `authorizationAmount` -> `authorizationAmountMoney`: the amount with the object's currency. */
export function moneyField(t: unknown, p: PropertyShape) {
  return dynamicField<Entity>(t, {
    type: moneyRef,
    description: `\`${p.name}\` with the object's \`currency\`, as Money (null when either is missing).`,
    resolve: (parent) => {
      const amount = decimalText(parent[p.name]);
      const currency = parent[CURRENCY_FIELD];
      return amount !== null && typeof currency === 'string' ? { amount, currencyCode: currency } : null;
    },
  });
}

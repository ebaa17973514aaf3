// Money views (Shopify's MoneyV2): an amount of a model that carries its `currency` is also offered
// as `<field>Money { amount currencyCode }`, the amount as exact decimal text in the currency's minor
// units (ISO 4217 exponents: "853.80" CHF, "1000" JPY, "1.250" BHD), so that no client rounds it and a
// client can show it as it is.
import { code as currencyByCode } from 'currency-codes';
import { decimalText } from '../resolvers';
import type { Entity } from '../resolvers/entity';
import { builder } from './builder';
import { dynamicField, type FieldBuilder } from './dynamic';
import type { PropertyShape } from './shapes';

interface Money {
  amount: string;
  currencyCode: string;
}

export const CURRENCY_FIELD = 'currency';

const moneyRef = builder.objectRef<Money>('Money').implement({
  description:
    'An amount with its currency. `amount` is exact decimal text in the minor units of the currency ("853.80" CHF, "1000" JPY), so no client rounds it.',
  fields: (t) => ({
    amount: t.field({
      type: 'Decimal',
      nullable: false,
      description:
        'The amount, exactly, with as many decimals as the currency has minor units (ISO 4217); more only where REST sent more non-zero digits.',
      resolve: (m) => m.amount,
    }),
    currencyCode: t.exposeString('currencyCode', {
      nullable: false,
      description: 'The ISO 4217 currency code (`CHF`).',
    }),
  }),
});

/** Decimals of the currency's minor unit (ISO 4217 exponent), if the code is known. */
function minorUnitDigits(currency: string): number | undefined {
  const digits = currencyByCode(currency)?.digits;
  return typeof digits === 'number' ? digits : undefined;
}

/**
 * `text` written with `digits` decimals: zeros added ("853.8" -> "853.80") or trailing zeros dropped
 * ("1000.0" JPY -> "1000"); a non-zero digit is never dropped, so the amount stays exact.
 */
export function inMinorUnits(text: string, digits: number | undefined): string {
  if (digits === undefined) return text;
  const [whole, fraction = ''] = text.split('.');
  const kept =
    fraction.length > digits
      ? fraction.slice(0, digits) + fraction.slice(digits).replace(/0+$/, '')
      : fraction.padEnd(digits, '0');
  return kept ? `${whole}.${kept}` : whole;
}

/** Whether a property of a model with these properties gets a Money view. */
export function hasMoneyView(p: PropertyShape, propertyNames: ReadonlySet<string>): boolean {
  return (
    !p.list && p.shape.kind === 'scalar' && p.shape.scalar === 'Decimal' && propertyNames.has(CURRENCY_FIELD)
  );
}

/** `authorizationAmount` -> `authorizationAmountMoney`: the amount with the object's currency. */
export function moneyField(t: FieldBuilder<Entity>, p: PropertyShape) {
  return dynamicField<Entity>(t, {
    type: moneyRef,
    description: `\`${p.name}\` with the object's \`currency\`, as Money in the currency's minor units (null when either is missing).`,
    resolve: (parent) => {
      const amount = decimalText(parent[p.name]);
      const currency = parent[CURRENCY_FIELD];
      if (amount === undefined || typeof currency !== 'string') return null;
      return { amount: inMinorUnits(amount, minorUnitDigits(currency)), currencyCode: currency };
    },
  });
}

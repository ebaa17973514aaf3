// Per space subscription set-up: metrics, affiliates, products (embedded in subscriptions as
// product versions) and product component groups.
import type { StoredObject } from '../store';
import type { SeedContext, SpaceIds } from './context';
import { copy, idOf, localized, makeLater } from './context';
import { HOUR, iso } from './random';

export interface SubscriptionSetup {
  metrics: number[];
  affiliates: number[];
  /** Product versions (embedded objects) with their monthly price in the space's currency. */
  products: { version: StoredObject; price: number }[];
}

const PRODUCTS: [reference: string, name: string, price: number][] = [
  ['PLAN-BASIC', 'Basic Plan', 19],
  ['PLAN-PRO', 'Pro Plan', 49],
  ['PLAN-TEAM', 'Team Plan', 129],
];

function productVersion(
  ctx: SeedContext,
  space: SpaceIds,
  allowed: number[],
  [reference, name]: (typeof PRODUCTS)[number],
) {
  const created = iso(ctx.clock.advance(HOUR));
  const product = {
    id: ctx.store.nextId(),
    linkedSpaceId: space.id,
    spaceId: space.id,
    reference,
    name,
    state: 'ACTIVE',
    sortOrder: 1,
    productLocked: false,
    failedPaymentSuspensionPeriod: 'P14D',
    allowedPaymentMethodConfigurations: allowed,
    version: 1,
  };
  return {
    id: ctx.store.nextId(),
    linkedSpaceId: space.id,
    product,
    reference: `${reference}-V1`,
    name: localized(name),
    state: 'ACTIVE',
    incrementNumber: 1,
    createdOn: created,
    activatedOn: created,
    billingCycle: 'P1M',
    billingCycleModel: { billingCycleType: 'MONTHLY', numberOfPeriods: 1, customization: 'DEFAULT' },
    defaultCurrency: space.currency,
    enabledCurrencies: [space.currency],
    minimalNumberOfPeriods: 1,
    numberOfNoticePeriods: 1,
    taxCalculation: 'TAX_INCLUDED',
    version: 1,
  };
}

export function seedSubscriptionSetup(ctx: SeedContext, space: SpaceIds): SubscriptionSetup {
  const metrics = [
    ['API Calls', 'Number of API calls in the period'],
    ['Storage', 'Gigabytes stored at the end of the period'],
  ].map(([name, description], i) =>
    idOf(
      makeLater(ctx, 'SubscriptionMetric', space.id, HOUR, {
        name: localized(name),
        description: localized(description),
        state: 'ACTIVE',
        type: { id: 9401 + i, name: localized(name), feature: 1003 },
      }),
    ),
  );
  const affiliates = ['Partner Network', 'Influencer Program'].map((name, i) =>
    idOf(
      makeLater(ctx, 'SubscriptionAffiliate', space.id, HOUR, {
        name,
        reference: `AFF-${space.id}-${i + 1}`,
        externalId: `aff-${space.id}-${i + 1}`,
        language: space.language,
        state: 'ACTIVE',
        metaData: { channel: name },
      }),
    ),
  );
  const allowed = space.methodConfigurations.card ? [space.methodConfigurations.card] : [];
  const products = PRODUCTS.map((p) => ({ version: productVersion(ctx, space, allowed, p), price: p[2] }));
  for (const { version } of products) {
    for (const [name, optional] of [
      ['Base package', false],
      ['Add-ons', true],
    ] as const) {
      makeLater(ctx, 'SubscriptionProductComponentGroup', space.id, HOUR, {
        name: localized(`${String(version.reference)} ${name}`),
        optional,
        sortOrder: optional ? 2 : 1,
        productVersion: copy(version),
      });
    }
  }
  return { metrics, affiliates, products };
}

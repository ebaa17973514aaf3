// Per space: processor configurations, payment method configurations and the connector
// configurations that join them to the global connectors.
import type { PaymentMethodKey, SalesChannelKey, SeedContext, SpaceIds } from './context';
import { idOf, localized, makeLater } from './context';
import { HOUR } from './random';

const STEP = 3 * HOUR;

/** Which payment methods each demo space offers, by the space's country. */
const METHODS_BY_COUNTRY: Record<string, PaymentMethodKey[]> = {
  CH: ['card', 'twint', 'paypal', 'invoice', 'banktransfer'],
  DE: ['card', 'paypal', 'sepa', 'invoice'],
  US: ['card', 'paypal', 'invoice'],
};

const METHOD_TITLES: Record<PaymentMethodKey, string> = {
  card: 'Credit / Debit Card',
  twint: 'TWINT',
  paypal: 'PayPal',
  sepa: 'SEPA Direct Debit',
  invoice: 'Pay by Invoice',
  banktransfer: 'Bank Transfer',
};

const CHANNELS_BY_METHOD: Record<PaymentMethodKey, SalesChannelKey[]> = {
  card: ['web', 'mobile', 'moto', 'pos', 'recurring'],
  twint: ['web', 'mobile'],
  paypal: ['web', 'mobile', 'recurring'],
  sepa: ['web', 'recurring'],
  invoice: ['web'],
  banktransfer: ['web'],
};

export function methodsOf(space: SpaceIds): PaymentMethodKey[] {
  return METHODS_BY_COUNTRY[space.country] ?? ['card'];
}

function seedProcessorConfigurations(ctx: SeedContext, space: SpaceIds): Record<string, number> {
  const used = new Set(
    Object.entries(ctx.global.connectorMethod)
      .filter(([, m]) => methodsOf(space).includes(m))
      .map(([key]) => ctx.global.connectorProcessor[key]),
  );
  const out: Record<string, number> = {};
  for (const processor of [...used].sort()) {
    const config = makeLater(ctx, 'PaymentProcessorConfiguration', space.id, STEP, {
      name: `${processor} (${space.country})`,
      processor: ctx.global.processors[processor],
      state: 'ACTIVE',
      applicationManaged: false,
      contractId: 10_000 + space.id,
    });
    out[processor] = idOf(config);
  }
  return out;
}

function seedMethodConfigurations(ctx: SeedContext, space: SpaceIds): void {
  methodsOf(space).forEach((method, index) => {
    const title = localized(METHOD_TITLES[method]);
    const config = makeLater(ctx, 'PaymentMethodConfiguration', space.id, STEP, {
      name: METHOD_TITLES[method],
      paymentMethod: ctx.global.paymentMethods[method],
      spaceId: space.id,
      state: 'ACTIVE',
      sortOrder: index + 1,
      dataCollectionType: method === 'card' || method === 'sepa' ? 'ONSITE' : 'OFFSITE',
      oneClickPaymentMode: method === 'card' ? 'ALLOW' : 'DISABLED',
      title,
      resolvedTitle: title,
      description: localized(`Pay with ${METHOD_TITLES[method]}`),
      resolvedDescription: localized(`Pay with ${METHOD_TITLES[method]}`),
      imageResourcePath: `payment-methods/${method}.svg`,
      resolvedImageUrl: `https://sandbox.paygraph.example/s/payment-methods/${method}.svg`,
    });
    space.methodConfigurations[method] = idOf(config);
  });
}

function seedConnectorConfigurations(
  ctx: SeedContext,
  space: SpaceIds,
  processorConfigs: Record<string, number>,
): void {
  const keys = Object.keys(ctx.global.connectors).filter((key) =>
    methodsOf(space).includes(ctx.global.connectorMethod[key]),
  );
  keys.forEach((key, index) => {
    const method = ctx.global.connectorMethod[key];
    const config = makeLater(ctx, 'PaymentConnectorConfiguration', space.id, STEP, {
      name: `${key} (${space.country})`,
      connector: ctx.global.connectors[key],
      paymentMethodConfiguration: space.methodConfigurations[method],
      processorConfiguration: processorConfigs[ctx.global.connectorProcessor[key]],
      enabledSalesChannels: CHANNELS_BY_METHOD[method].map((c) => ctx.global.salesChannels[c]),
      state: 'ACTIVE',
      priority: index + 1,
      applicableForTransactionProcessing: true,
      imagePath: `/s/connectors/${key}.svg`,
    });
    space.connectorConfigurations[key] = idOf(config);
  });
}

export function seedPaymentConfiguration(ctx: SeedContext, space: SpaceIds): void {
  const processorConfigs = seedProcessorConfigurations(ctx, space);
  seedMethodConfigurations(ctx, space);
  seedConnectorConfigurations(ctx, space, processorConfigs);
}

/** Connector keys usable in a space, for a payment method. */
export function connectorsFor(ctx: SeedContext, space: SpaceIds, method: PaymentMethodKey): string[] {
  return Object.keys(space.connectorConfigurations).filter(
    (key) => ctx.global.connectorMethod[key] === method,
  );
}

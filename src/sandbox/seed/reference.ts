// Global reference data (outside any space): payment methods, brands, processors, connectors,
// sales channels, condition types, document template types, legal forms, labels and static values.
import type {
  CardBrandKey,
  DocumentTemplateTypeKey,
  GlobalIds,
  PaymentMethodKey,
  SalesChannelKey,
  SeedContext,
} from './context';
import { copy, idOf, localized, makeLater } from './context';
import { HOUR } from './random';

const STEP = 2 * HOUR;

/** Platform features, embedded where a model names one (ids are the platform's, not store ids). */
export const FEATURES = {
  payment: { id: 1001, name: localized('Payment'), visible: true, sortOrder: 1, beta: false },
  documents: { id: 1002, name: localized('Documents'), visible: true, sortOrder: 2, beta: false },
  subscription: { id: 1003, name: localized('Subscription'), visible: true, sortOrder: 3, beta: false },
  tokenization: { id: 1004, name: localized('Tokenization'), visible: true, sortOrder: 4, beta: false },
} as const;

/** A fresh copy of a feature, so no two stored objects share a nested object. */
export const feature = (key: keyof typeof FEATURES) => copy(FEATURES[key]);

const METHODS: Record<
  PaymentMethodKey,
  { en: string; de: string; currencies: string[]; collection: string[] }
> = {
  card: {
    en: 'Credit / Debit Card',
    de: 'Kredit- / Debitkarte',
    currencies: ['CHF', 'EUR', 'USD', 'GBP'],
    collection: ['ONSITE', 'OFFSITE'],
  },
  twint: { en: 'TWINT', de: 'TWINT', currencies: ['CHF'], collection: ['OFFSITE'] },
  paypal: { en: 'PayPal', de: 'PayPal', currencies: ['CHF', 'EUR', 'USD', 'GBP'], collection: ['OFFSITE'] },
  sepa: { en: 'SEPA Direct Debit', de: 'SEPA-Lastschrift', currencies: ['EUR'], collection: ['ONSITE'] },
  invoice: { en: 'Invoice', de: 'Rechnung', currencies: ['CHF', 'EUR', 'USD'], collection: ['ONSITE'] },
  banktransfer: {
    en: 'Bank Transfer',
    de: 'Banküberweisung',
    currencies: ['CHF', 'EUR'],
    collection: ['OFFSITE'],
  },
};

const BRANDS: Record<CardBrandKey, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  diners: 'Diners Club',
  jcb: 'JCB',
};

const PROCESSORS: Record<string, { name: string; company: string; location: string }> = {
  sandbox: { name: 'Sandbox Acquiring', company: 'Paygraph Sandbox Ltd.', location: 'Zurich, Switzerland' },
  twint: { name: 'TWINT', company: 'TWINT AG', location: 'Zurich, Switzerland' },
  paypal: { name: 'PayPal', company: 'PayPal (Europe) S.à r.l. et Cie, S.C.A.', location: 'Luxembourg' },
  bank: { name: 'Sandbox Bank', company: 'Paygraph Sandbox Bank AG', location: 'Basel, Switzerland' },
};

/** Connectors: key -> method, processor and (for cards) brand. */
const CONNECTORS: { key: string; method: PaymentMethodKey; processor: string; brand?: CardBrandKey }[] = [
  { key: 'card-visa', method: 'card', processor: 'sandbox', brand: 'visa' },
  { key: 'card-mastercard', method: 'card', processor: 'sandbox', brand: 'mastercard' },
  { key: 'card-amex', method: 'card', processor: 'sandbox', brand: 'amex' },
  { key: 'twint', method: 'twint', processor: 'twint' },
  { key: 'paypal', method: 'paypal', processor: 'paypal' },
  { key: 'sepa', method: 'sepa', processor: 'bank' },
  { key: 'invoice', method: 'invoice', processor: 'bank' },
  { key: 'banktransfer', method: 'banktransfer', processor: 'bank' },
];

const SALES_CHANNELS: Record<SalesChannelKey, string> = {
  web: 'Web Shop',
  mobile: 'Mobile App',
  moto: 'Mail / Telephone Order',
  pos: 'Point of Sale',
  recurring: 'Recurring Payments',
};

const DOCUMENT_TYPES: Record<DocumentTemplateTypeKey, { en: string; feature: keyof typeof FEATURES }> = {
  invoice: { en: 'Invoice', feature: 'documents' },
  packingSlip: { en: 'Packing Slip', feature: 'documents' },
  refundCredit: { en: 'Refund Credit Note', feature: 'documents' },
  reminder: { en: 'Payment Reminder', feature: 'documents' },
  receipt: { en: 'Terminal Receipt', feature: 'payment' },
};

function seedPaymentCatalog(ctx: SeedContext, ids: GlobalIds): void {
  ids.paymentMethods = {} as GlobalIds['paymentMethods'];
  for (const [key, m] of Object.entries(METHODS) as [PaymentMethodKey, (typeof METHODS)['card']][]) {
    const method = makeLater(ctx, 'PaymentMethod', null, STEP, {
      name: localized(m.en, m.de),
      description: localized(`Pay with ${m.en}.`),
      merchantDescription: localized(`Accept ${m.en} payments.`),
      supportedCurrencies: m.currencies,
      dataCollectionTypes: m.collection,
      imagePath: `/s/payment-methods/${key}.svg`,
    });
    ids.paymentMethods[key] = idOf(method);
  }
  ids.cardBrands = {} as GlobalIds['cardBrands'];
  for (const [key, name] of Object.entries(BRANDS) as [CardBrandKey, string][]) {
    const brand = makeLater(ctx, 'PaymentMethodBrand', null, STEP, {
      name: localized(name),
      description: localized(`${name} cards`),
      paymentMethod: ids.paymentMethods.card,
      imagePath: `/s/brands/${key}.svg`,
      grayImagePath: `/s/brands/${key}-gray.svg`,
    });
    ids.cardBrands[key] = idOf(brand);
  }
  ids.processors = {};
  for (const [key, p] of Object.entries(PROCESSORS)) {
    const processor = makeLater(ctx, 'PaymentProcessor', null, STEP, {
      name: localized(p.name),
      productName: localized(p.name),
      companyName: localized(p.company),
      headquartersLocation: localized(p.location),
      description: localized(`${p.name} payment processing`),
      logoPath: `/s/processors/${key}.svg`,
    });
    ids.processors[key] = idOf(processor);
  }
  ids.connectors = {};
  ids.connectorMethod = {};
  ids.connectorBrand = {};
  ids.connectorProcessor = {};
  for (const c of CONNECTORS) {
    const title = c.brand
      ? `${BRANDS[c.brand]} via ${PROCESSORS[c.processor].name}`
      : `${METHODS[c.method].en} via ${PROCESSORS[c.processor].name}`;
    const connector = makeLater(ctx, 'PaymentConnector', null, STEP, {
      name: localized(title),
      description: localized(`${title} connector`),
      paymentMethod: ids.paymentMethods[c.method],
      processor: ids.processors[c.processor],
      ...(c.brand ? { paymentMethodBrand: ids.cardBrands[c.brand] } : {}),
      dataCollectionType: METHODS[c.method].collection[0],
      primaryRiskTaker: c.method === 'invoice' ? 'MERCHANT' : 'THIRD_PARTY',
      supportedCurrencies: METHODS[c.method].currencies,
      supportedCustomersPresences:
        c.method === 'card' ? ['VIRTUAL_PRESENT', 'NOT_PRESENT', 'PHYSICAL_PRESENT'] : ['VIRTUAL_PRESENT'],
      supportedFeatures: [
        { id: 2001, displayName: 'Refund' },
        { id: 2002, displayName: 'Void' },
      ],
      deprecated: false,
    });
    ids.connectors[c.key] = idOf(connector);
    ids.connectorMethod[c.key] = c.method;
    ids.connectorBrand[c.key] = c.brand;
    ids.connectorProcessor[c.key] = c.processor;
  }
}

function seedChannelsAndTypes(ctx: SeedContext, ids: GlobalIds): void {
  ids.salesChannels = {} as GlobalIds['salesChannels'];
  Object.entries(SALES_CHANNELS).forEach(([key, name], index) => {
    const channel = makeLater(ctx, 'SalesChannel', null, STEP, {
      name: localized(name),
      description: localized(`Sales through ${name}`),
      sortOrder: index + 1,
    });
    ids.salesChannels[key as SalesChannelKey] = idOf(channel);
  });
  for (const name of ['Currency', 'Billing Country', 'Amount Range', 'Customer Presence']) {
    makeLater(ctx, 'ConditionType', null, STEP, {
      name: localized(`${name} Condition`),
      description: localized(`Applies when the ${name.toLowerCase()} matches.`),
    });
  }
  ids.documentTemplateTypes = {} as GlobalIds['documentTemplateTypes'];
  for (const [key, t] of Object.entries(DOCUMENT_TYPES) as [
    DocumentTemplateTypeKey,
    (typeof DOCUMENT_TYPES)['invoice'],
  ][]) {
    const type = makeLater(ctx, 'DocumentTemplateType', null, STEP, {
      title: localized(t.en),
      description: localized(`Template for the ${t.en.toLowerCase()}`),
      feature: feature(t.feature),
      group: { id: 3001, title: localized('Transaction documents') },
    });
    ids.documentTemplateTypes[key] = idOf(type);
  }
}

const LEGAL_FORMS: [country: string, shortcut: string, english: string][] = [
  ['CH', 'AG', 'Stock corporation'],
  ['CH', 'GmbH', 'Limited liability company'],
  ['DE', 'GmbH', 'Limited liability company'],
  ['DE', 'UG', 'Entrepreneurial company (limited liability)'],
  ['US', 'LLC', 'Limited liability company'],
  ['US', 'Inc.', 'Corporation'],
];

function seedOrganisationAndLabels(ctx: SeedContext): void {
  for (const [country, shortcut, english] of LEGAL_FORMS) {
    makeLater(ctx, 'LegalOrganizationForm', null, STEP, {
      country,
      englishDescription: english,
      shortcut: [{ language: 'en-US', string: shortcut }],
      description: [{ language: 'en-US', string: english }],
    });
  }
  const groups: [string, string[]][] = [
    ['3-D Secure', ['3-D Secure Result', 'Liability Shift']],
    ['Card Details', ['Card Holder Name', 'Card Expiry', 'Card Country']],
    ['Risk', ['Fraud Score', 'IP Country Match']],
  ];
  groups.forEach(([groupName, labels], g) => {
    const group = makeLater(ctx, 'LabelDescriptorGroup', null, STEP, {
      name: localized(groupName),
      description: localized(`${groupName} labels`),
      weight: g + 1,
    });
    labels.forEach((name, i) => {
      makeLater(ctx, 'LabelDescriptor', null, STEP, {
        name: localized(name),
        description: localized(name),
        weight: i + 1,
        category: g === 2 ? 'APPLICATION' : 'HUMAN',
        type: 4001 + i,
        group: idOf(group),
        features: [feature('payment')],
      });
    });
  });
  for (const name of ['Shipping Method', 'Gift Wrapping', 'Newsletter Opt-in']) {
    makeLater(ctx, 'StaticValue', null, STEP, {
      name: localized(name),
      description: localized(`Static value: ${name}`),
      features: [FEATURES.payment.id],
    });
  }
}

export function seedReferenceData(ctx: SeedContext): void {
  seedPaymentCatalog(ctx, ctx.global);
  seedChannelsAndTypes(ctx, ctx.global);
  seedOrganisationAndLabels(ctx);
}

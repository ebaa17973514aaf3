// Customers with addresses (exactly one default) and comments, and their tokens with versions
// (exactly one ACTIVE version each).
import type { Stored, StoredObject } from '../store';
import type { CardBrandKey, SeedContext, SpaceIds } from './context';
import { idOf, make, makeLater } from './context';
import { connectorsFor } from './payment-config';
import { randomAddress, randomPerson } from './people';
import { DAY, HOUR, MINUTE, addMs, iso } from './random';

export interface SeededCustomer {
  customer: Stored<'Customer'>;
  space: SpaceIds;
  billingAddress: StoredObject;
  /** The customer's token and its active version, when the customer has one. */
  token?: { id: number; versionId: number; connectorKey: string };
}

const COMMENTS = [
  'Prefers delivery after 5 pm.',
  'VIP customer, handle with care.',
  'Asked for invoices by e-mail only.',
  'Called about a late delivery.',
  'Requested a new billing address.',
];
const LAST4: Record<CardBrandKey, string> = {
  visa: '1111',
  mastercard: '4444',
  amex: '0005',
  maestro: '0008',
  diners: '0004',
  jcb: '0000',
};

function seedAddresses(ctx: SeedContext, space: SpaceIds, customer: Stored<'Customer'>) {
  const person = {
    givenName: String(customer.givenName),
    familyName: String(customer.familyName),
    emailAddress: String(customer.emailAddress),
  };
  const count = ctx.rng.int(1, 3);
  let billing: StoredObject | undefined;
  for (let i = 0; i < count; i++) {
    const address = randomAddress(ctx.rng, person, space.country);
    makeLater(ctx, 'CustomerAddress', space.id, MINUTE, {
      customer: idOf(customer),
      address,
      addressType: count === 1 ? 'BOTH' : i === 0 ? 'BILLING' : 'SHIPPING',
      defaultAddress: i === 0,
    });
    billing ??= address;
  }
  return billing!;
}

function seedComments(ctx: SeedContext, space: SpaceIds, customer: Stored<'Customer'>): void {
  for (let i = ctx.rng.int(0, 3); i > 0; i--) {
    makeLater(ctx, 'CustomerComment', space.id, HOUR, {
      customer: idOf(customer),
      content: ctx.rng.pick(COMMENTS),
      pinned: i === 1 && ctx.rng.chance(0.3),
      createdBy: 1,
    });
  }
}

function seedToken(
  ctx: SeedContext,
  space: SpaceIds,
  customer: Stored<'Customer'>,
  billing: StoredObject,
): SeededCustomer['token'] {
  const connectorKey = ctx.rng.pick(connectorsFor(ctx, space, 'card'));
  const brand = ctx.global.connectorBrand[connectorKey]!;
  const token = makeLater(ctx, 'Token', space.id, 10 * MINUTE, {
    customerId: customer.customerId,
    customerEmailAddress: customer.emailAddress,
    externalId: `tok-${String(customer.id)}`,
    tokenReference: `TR-${ctx.rng.chars(10)}`,
    enabledForOneClickPayment: ctx.rng.chance(0.6),
    language: customer.language,
    timeZone: space.timeZone,
    state: 'ACTIVE',
  });
  const versions = ctx.rng.int(1, 2);
  let active = 0;
  for (let v = 1; v <= versions; v++) {
    const last = v === versions;
    const at = ctx.clock.advance(HOUR);
    const version = make(ctx, 'TokenVersion', space.id, {
      token: idOf(token),
      name: `${brand.toUpperCase()} •••• ${LAST4[brand]}`,
      paymentConnectorConfiguration: space.connectorConfigurations[connectorKey],
      paymentMethod: ctx.global.paymentMethods.card,
      paymentMethodBrand: ctx.global.cardBrands[brand],
      processorToken: `ptok_${ctx.rng.chars(16, 'abcdef0123456789')}`,
      environment: 'TEST',
      language: customer.language,
      billingAddress: billing,
      state: last ? 'ACTIVE' : 'OBSOLETE',
      activatedOn: iso(at),
      ...(last ? {} : { obsoletedOn: iso(addMs(at, 30 * MINUTE)) }),
      expiresOn: iso(addMs(at, 730 * DAY)),
      retryStrategy: 'NO_RETRY',
      type: { id: 6001, name: { 'en-US': 'Card' }, description: { 'en-US': 'Tokenized card' } },
    });
    if (last) active = idOf(version);
    else ctx.clock.advance(HOUR);
  }
  return { id: idOf(token), versionId: active, connectorKey };
}

function seedCustomer(ctx: SeedContext, space: SpaceIds, serial: number): SeededCustomer {
  const id = ctx.store.nextId();
  const person = randomPerson(ctx.rng, serial);
  ctx.clock.advance(12 * HOUR);
  const customer = make(ctx, 'Customer', space.id, {
    id,
    customerId: String(id),
    ...person,
    language: space.language,
    preferredCurrency: space.currency,
    metaData: { segment: ctx.rng.pick(['retail', 'business', 'vip']) },
  });
  const billingAddress = seedAddresses(ctx, space, customer);
  seedComments(ctx, space, customer);
  const token = ctx.rng.chance(0.5) ? seedToken(ctx, space, customer, billingAddress) : undefined;
  return { customer, space, billingAddress, token };
}

/** Creates `counts[i]` customers in the i-th space, interleaved so that creation times mix spaces. */
export function seedCustomers(ctx: SeedContext, counts: readonly number[]): SeededCustomer[] {
  const out: SeededCustomer[] = [];
  const remaining = [...counts];
  let serial = 0;
  while (remaining.some((n) => n > 0)) {
    const index = ctx.rng.bucket(remaining);
    remaining[index] -= 1;
    serial += 1;
    out.push(seedCustomer(ctx, ctx.spaces[index], serial));
  }
  return out;
}

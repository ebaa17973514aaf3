// Accounts and spaces: a parent account with a child account, and three spaces spread over them,
// each with its own currency, country and language.
import type { SeedContext, SpaceIds } from './context';
import { idOf, makeLater } from './context';
import { DAY } from './random';

const SPACES = [
  {
    name: 'Demo Shop Switzerland',
    account: 0,
    currency: 'CHF',
    country: 'CH',
    language: 'de-CH',
    timeZone: 'Europe/Zurich',
    city: 'Zürich',
    postcode: '8001',
    street: 'Bahnhofstrasse 1',
  },
  {
    name: 'Demo Shop Germany',
    account: 1,
    currency: 'EUR',
    country: 'DE',
    language: 'de-DE',
    timeZone: 'Europe/Berlin',
    city: 'Berlin',
    postcode: '10115',
    street: 'Invalidenstraße 5',
  },
  {
    name: 'Demo Shop USA',
    account: 1,
    currency: 'USD',
    country: 'US',
    language: 'en-US',
    timeZone: 'America/New_York',
    city: 'New York',
    postcode: '10001',
    street: '350 Fifth Avenue',
  },
] as const;

export function seedTenants(ctx: SeedContext): { accounts: number[] } {
  const active = { state: 'ACTIVE', active: true, activeOrRestrictedActive: true, restrictedActive: false };
  const parent = makeLater(ctx, 'Account', null, DAY, {
    ...active,
    name: 'Paygraph Demo Group',
    type: 'MASTER',
    subaccountLimit: 10,
    createdBy: 1,
  });
  const child = makeLater(ctx, 'Account', null, DAY, {
    ...active,
    name: 'Paygraph Demo Europe & US',
    type: 'SUBACCOUNT',
    parentAccount: idOf(parent),
    subaccountLimit: 0,
    createdBy: 1,
  });
  const accounts = [idOf(parent), idOf(child)];
  for (const s of SPACES) {
    const space = makeLater(ctx, 'Space', null, DAY, {
      ...active,
      name: s.name,
      account: accounts[s.account],
      primaryCurrency: s.currency,
      timeZone: s.timeZone,
      requestLimit: 50,
      createdBy: 1,
      technicalContactAddresses: [`tech+${s.country.toLowerCase()}@paygraph.example`],
      postalAddress: {
        organizationName: s.name,
        street: s.street,
        postcode: s.postcode,
        city: s.city,
        country: s.country,
        emailAddress: `shop-${s.country.toLowerCase()}@paygraph.example`,
      },
    });
    ctx.spaces.push(emptySpace(idOf(space), s));
  }
  return { accounts };
}

function emptySpace(id: number, s: (typeof SPACES)[number]): SpaceIds {
  const { currency, country, language, timeZone } = s;
  return {
    id,
    currency,
    country,
    language,
    timeZone,
    methodConfigurations: {},
    connectorConfigurations: {},
    documentTemplates: {},
    dunningFlows: [],
    chargeFlows: [],
  };
}

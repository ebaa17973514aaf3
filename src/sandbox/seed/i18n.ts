// Countries, currencies and languages from the installed ISO data packages, so codes, names and
// digits are the real ones. Only the country subdivisions are a short curated list (no package
// for ISO 3166-2 is installed), limited to the three countries the demo spaces operate in.
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries/index.js';
import type { LocaleData } from 'i18n-iso-countries';
import currencyCodes from 'currency-codes';
import ISO6391 from 'iso-639-1';
import type { Store } from '../store';

const require = createRequire(import.meta.url);
// Registering one locale instead of the package's node entry (which loads ~80) keeps start-up fast.
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as LocaleData);

const SUBDIVISIONS: Record<string, Record<string, string>> = {
  US: { CA: 'California', NY: 'New York', TX: 'Texas', FL: 'Florida', WA: 'Washington', IL: 'Illinois' },
  CH: { ZH: 'Zürich', BE: 'Bern', GE: 'Genève', VD: 'Vaud', BS: 'Basel-Stadt', TI: 'Ticino', LU: 'Luzern' },
  DE: {
    BY: 'Bayern',
    BE: 'Berlin',
    HH: 'Hamburg',
    HE: 'Hessen',
    NW: 'Nordrhein-Westfalen',
    BW: 'Baden-Württemberg',
  },
};

/** Address formats of the countries the demo data uses; others get the generic one. */
const ADDRESS_FORMATS: Record<string, { regex: string; examples: string[]; state: boolean }> = {
  CH: { regex: '^[1-9][0-9]{3}$', examples: ['8001', '3011'], state: false },
  DE: { regex: '^[0-9]{5}$', examples: ['10115', '80331'], state: false },
  US: { regex: '^[0-9]{5}(-[0-9]{4})?$', examples: ['94105', '10001-1234'], state: true },
};

/** Language-region pairs offered as languages; the names come from the ISO packages. */
const LANGUAGE_TAGS = [
  'en-US',
  'en-GB',
  'de-DE',
  'de-CH',
  'de-AT',
  'fr-FR',
  'fr-CH',
  'it-IT',
  'it-CH',
  'es-ES',
  'pt-PT',
  'pt-BR',
  'nl-NL',
  'pl-PL',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'cs-CZ',
  'ja-JP',
  'zh-CN',
  'ru-RU',
  'tr-TR',
];

function addressFormat(code: string) {
  const known = ADDRESS_FORMATS[code];
  const base = ['GIVEN_NAME', 'FAMILY_NAME', 'ORGANIZATION_NAME', 'STREET', 'CITY', 'POST_CODE', 'COUNTRY'];
  const used = known?.state ? [...base, 'POSTAL_STATE'] : base;
  return {
    usedFields: used,
    requiredFields: used.filter((f) => f !== 'ORGANIZATION_NAME'),
    ...(known ? { postCodeRegex: known.regex, postCodeExamples: known.examples } : {}),
  };
}

export function seedCountries(store: Store): void {
  const names = countries.getNames('en', { select: 'official' });
  for (const code of Object.keys(countries.getAlpha2Codes()).sort()) {
    const states = Object.keys(SUBDIVISIONS[code] ?? {}).map((s) => `${code}-${s}`);
    store.put('RestCountry', null, code, {
      isoCode2: code,
      isoCode3: countries.alpha2ToAlpha3(code),
      numericCode: countries.alpha2ToNumeric(code),
      name: names[code],
      addressFormat: addressFormat(code),
      ...(states.length ? { stateCodes: states } : {}),
    });
    for (const [state, name] of Object.entries(SUBDIVISIONS[code] ?? {})) {
      const id = `${code}-${state}`;
      store.put('RestCountryState', null, id, { id, code: state, countryCode: code, name });
    }
  }
}

export function seedCurrencies(store: Store): void {
  for (const record of currencyCodes.data) {
    store.put('RestCurrency', null, record.code, {
      currencyCode: record.code,
      name: record.currency,
      numericCode: Number(record.number),
      fractionDigits: record.digits,
    });
  }
}

export function seedLanguages(store: Store): void {
  const seenLanguage = new Set<string>();
  for (const tag of LANGUAGE_TAGS) {
    const [language, region] = tag.split('-');
    if (!ISO6391.validate(language) || !countries.isValid(region)) throw new Error(`bad language tag ${tag}`);
    store.put('RestLanguage', null, tag, {
      ietfCode: tag,
      iso2Code: language,
      countryCode: region,
      name: `${ISO6391.getName(language)} (${countries.getName(region, 'en')})`,
      primaryOfGroup: !seenLanguage.has(language),
    });
    seenLanguage.add(language);
  }
}

const digitsByCurrency = new Map(currencyCodes.data.map((record) => [record.code, record.digits]));

/** Currencies' fraction digits, for rounding amounts the way the currency does. */
export function fractionDigits(currency: string): number {
  return digitsByCurrency.get(currency) ?? 2;
}

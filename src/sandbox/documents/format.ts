// Text formatting shared by the document templates and the receipts.
import { code as currencyByCode } from 'currency-codes';

/** `CHF 1,234.50`: the currency's own number of decimals, grouped thousands. */
export function formatMoney(amount: number, currency: string): string {
  const digits = currencyByCode(currency)?.digits ?? 2;
  const number = amount.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${currency} ${number}`;
}

/** `2026-11-21 19:52 UTC` */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The printable lines of a REST Address (name, organisation, street, place, country). */
export function addressLines(address: unknown): string[] {
  if (!address || typeof address !== 'object') return [];
  const a = address as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === 'string' && a[k] !== '' ? a[k] : undefined);
  const name = [s('salutation'), s('givenName'), s('familyName')].filter(Boolean).join(' ');
  const place = [s('postcode'), s('city')].filter(Boolean).join(' ');
  return [name, s('organizationName'), s('street'), place, s('country')].filter((l): l is string => !!l);
}

/** Splits `text` into lines of at most `width` characters, at spaces where possible. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text.trim();
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    const at = cut > 0 ? cut : width;
    lines.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  lines.push(rest);
  return lines;
}

// Schema conventions over the real sandbox: filters on `id` and on links take global IDs and REST
// ids alike, embedded objects name their REST key `restId`, localized text follows the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code as currencyByCode } from 'currency-codes';
import { at, count, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
});
afterAll(() => h.close());

interface Row {
  id: string;
  restId: number;
  token: { id: string; restId: number } | null;
}

const page = `query($s: ID!, $f: TransactionFilter) { space(id: $s) {
  transactions(first: 50, filter: $f, orderBy: [{ field: ID }]) { nodes { id restId token { id restId } } } } }`;

async function transactions(filter: unknown) {
  const r = await h.run(page, { s: String(h.space), f: filter });
  return { ...r, rows: (at(r.data, 'space.transactions.nodes') as Row[] | null) ?? [] };
}

describe('id filters', () => {
  it('take a global ID or a REST id for `id`, in eq and in', async () => {
    const all = await transactions(null);
    const [first, second] = all.rows;
    const byGlobal = await transactions({ id: { eq: first.id } });
    const byRest = await transactions({ id: { eq: String(first.restId) } });
    const mixed = await transactions({ id: { in: [first.id, String(second.restId)] } });
    expect(byGlobal.rows.map((r) => r.restId)).toEqual([first.restId]);
    expect(byRest.rows.map((r) => r.restId)).toEqual([first.restId]);
    expect(mixed.rows.map((r) => r.restId)).toEqual([first.restId, second.restId]);
  });

  it('take a global ID of the linked type inside a link filter', async () => {
    const all = await transactions(null);
    const withToken = all.rows.find((r) => r.token !== null);
    if (!withToken?.token) throw new Error('the demo data has a transaction with a token');
    const r = await transactions({ token: { id: { eq: withToken.token.id } } });
    expect(r.errors).toBeUndefined();
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.every((row) => row.token?.restId === withToken.token?.restId)).toBe(true);
  });

  it('refuse a global ID of another type, naming the field, before any REST call', async () => {
    const customers = await h.run(
      `query($s: ID!) { space(id: $s) { customers(first: 1) { nodes { id } } } }`,
      { s: String(h.space) },
    );
    const customerId = at(customers.data, 'space.customers.nodes.0.id') as string;
    const r = await transactions({ id: { eq: customerId } });
    expect(r.errors?.[0]?.message).toMatch(/filter id\.eq: a Customer global ID; a Transaction id is needed/);
    expect(count(r.calls).searchTransactions ?? 0).toBe(0);
  });
});

describe('embedded objects', () => {
  it('carry their REST key as restId, filterable under that name', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactions(first: 20, filter: { failureReason: { restId: { isNull: false } } }) {
        nodes { state failureReason { restId category name { value } } } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    const rows = at(r.data, 'space.transactions.nodes') as {
      failureReason: { restId: number; name: { value: string } };
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(typeof Number(row.failureReason.restId)).toBe('number');
      expect(row.failureReason.name.value).toEqual(expect.any(String));
    }
  });
});

describe('LocalizedString', () => {
  const query = `{ paymentMethods(first: 20) { nodes { name { value translations { language text } } en: name { value(language: "en") language(language: "en") } } } }`;
  type Method = {
    name: { value: string; translations: { language: string; text: string }[] };
    en: { value: string; language: string };
  };

  it('answers in the language of Accept-Language (closest match), with every translation and a language argument', async () => {
    const r = await h.run(query, {}, { acceptLanguage: 'de-CH, en;q=0.5' });
    expect(r.errors).toBeUndefined();
    const methods = at(r.data, 'paymentMethods.nodes') as Method[];
    const german = methods.find((m) => m.name.translations.some((t) => t.language === 'de-DE'));
    if (!german) throw new Error('the demo data has payment methods with German names');
    expect(german.name.value).toBe(german.name.translations.find((t) => t.language === 'de-DE')?.text);
    expect(german.en).toEqual({
      value: german.name.translations.find((t) => t.language === 'en-US')?.text,
      language: 'en-US',
    });
    for (const other of methods.filter(
      (m) => !m.name.translations.some((t) => t.language.startsWith('de')),
    )) {
      expect(other.name.value).toBe(other.name.translations.find((t) => t.language === 'en-US')?.text);
    }
  });

  it('falls back to English without Accept-Language', async () => {
    const r = await h.run(query);
    const methods = at(r.data, 'paymentMethods.nodes') as Method[];
    for (const m of methods)
      expect(m.name.value).toBe(m.name.translations.find((t) => t.language === 'en-US')?.text);
  });
});

describe('date filters', () => {
  const dated = `query($s: ID!, $f: TransactionFilter) { space(id: $s) { transactions(first: 100, filter: $f) { nodes { restId createdOn } } } }`;
  type Dated = { restId: number; createdOn: string };
  const rows = async (f: unknown) => {
    const r = await h.run(dated, { s: String(h.space), f });
    expect(r.errors).toBeUndefined();
    return at(r.data, 'space.transactions.nodes') as Dated[];
  };

  it('take a plain date as that whole day (UTC) and date-times as before', async () => {
    const [one] = await rows(null);
    const day = new Date(one.createdOn).toISOString().slice(0, 10);
    const onDay = await rows({ createdOn: { eq: day } });
    expect(onDay.map((r) => r.restId)).toContain(one.restId);
    for (const r of onDay) expect(new Date(r.createdOn).toISOString().slice(0, 10)).toBe(day);
    expect((await rows({ createdOn: { lte: day } })).map((r) => r.restId)).toContain(one.restId);
    expect((await rows({ createdOn: { gt: day } })).map((r) => r.restId)).not.toContain(one.restId);
    expect((await rows({ createdOn: { in: [day] } })).map((r) => r.restId)).toContain(one.restId);
    expect(
      (await rows({ createdOn: { lte: one.createdOn, gte: one.createdOn } })).map((r) => r.restId),
    ).toContain(one.restId);
  });

  it('refuse what is not a calendar date, naming the value', async () => {
    const r = await h.run(dated, { s: String(h.space), f: { createdOn: { eq: '2025-02-30' } } });
    expect(r.errors?.[0]?.message).toMatch(/2025-02-30.*not a calendar date/);
    expect(r.calls).toEqual([]);
  });
});

describe('Money', () => {
  it('offers the amounts of a transaction with its currency, the amount as exact decimal text in minor units', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactions(first: 10) { nodes { currency authorizationAmount
        authorizationAmountMoney { amount currencyCode } } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    type Row = {
      currency: string;
      authorizationAmount: string;
      authorizationAmountMoney: { amount: string; currencyCode: string } | null;
    };
    const rows = at(r.data, 'space.transactions.nodes') as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const digits = currencyByCode(row.currency)!.digits;
      expect(row.authorizationAmountMoney?.currencyCode).toBe(row.currency);
      expect(row.authorizationAmountMoney?.amount).toMatch(
        digits ? new RegExp(`^\\d+\\.\\d{${digits}}$`) : /^\d+$/,
      );
      expect(Number(row.authorizationAmountMoney?.amount)).toBe(Number(row.authorizationAmount));
    }
  });

  it('is read from the linked transaction as well, without an extra call when expanded', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { refunds(first: 5) { nodes { amount transaction { authorizationAmountMoney { amount currencyCode } } } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    const rows = at(r.data, 'space.refunds.nodes') as {
      transaction: { authorizationAmountMoney: { currencyCode: string } | null };
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.transaction.authorizationAmountMoney?.currencyCode).toMatch(/^[A-Z]{3}$/);
    expect(count(r.calls)).toEqual({ listRefunds: 1 });
  });
});

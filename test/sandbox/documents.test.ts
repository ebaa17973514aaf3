// Documents over HTTP: real PDFs opened with pdfjs and read back, deterministic bytes, terminal
// receipts in PDF and TXT at the width asked for.
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });
type Obj = Record<string, any>;
let samples: Record<string, number>;

const fontsDir =
  join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

async function get<T = Obj>(path: string, status = 200): Promise<T> {
  const r = await f.call<T>({ space: f.space, path });
  expect(r.status, `GET ${path}: ${r.text}`).toBe(status);
  return r.body;
}

/** Opens a PDF with pdfjs: its page sizes (points) and the text of every page. */
async function readPdf(
  base64: string,
): Promise<{ text: string; pages: { width: number; height: number }[] }> {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: fontsDir, verbosity: 0 }).promise;
  const pages: { width: number; height: number }[] = [];
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    pages.push({ width, height });
    const content = await page.getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join(' ') + '\n';
  }
  await pdf.destroy();
  return { text: text.replace(/\s+/g, ' '), pages };
}

beforeAll(() => {
  samples = (f.sandbox.seedSummary as any).perSpace[f.space].sampleTransactionIds;
});

describe('business documents', () => {
  it('renders an invoice as a PDF a reader opens, with its items and total, byte-identical on every call', async () => {
    const invoice = (
      await get<{ data: Obj[] }>('/payment/transactions/invoices/search?query=state:PAID&limit=1')
    ).data[0];
    const doc = await get(`/payment/transactions/invoices/${invoice.id}/document`);
    const types = (await get<{ data: Obj[] }>('/document-templates/types?limit=100')).data;
    expect(doc.mimeType).toBe('application/pdf');
    expect(doc.title).toBe(`Invoice ${invoice.externalId}`);
    expect(types.find((t) => t.id === doc.documentTemplateType)?.title['en-US']).toBe('Invoice');

    const { text, pages } = await readPdf(doc.data);
    expect(pages[0].width).toBeCloseTo(595.28, 1); // A4
    expect(text).toContain(doc.title);
    expect(text).toContain(String(invoice.linkedTransaction));
    for (const item of invoice.lineItems) expect(text).toContain(item.name);
    const total = invoice.amount.toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(text).toMatch(new RegExp(`Total [A-Z]{3} ${total.replace('.', '\\.')}`));

    expect((await get(`/payment/transactions/invoices/${invoice.id}/document`)).data).toBe(doc.data);
    const byTransaction = await get(`/payment/transactions/${invoice.linkedTransaction}/invoice-document`);
    expect(byTransaction.title).toMatch(/^Invoice /);
    expect((await readPdf(byTransaction.data)).text).toContain(String(invoice.linkedTransaction));
  });

  it('renders a packing slip without prices, only once the transaction is authorized', async () => {
    const transaction = await get(`/payment/transactions/${samples.FULFILL}`);
    const slip = await get(`/payment/transactions/${samples.FULFILL}/packing-slip-document`);
    const { text } = await readPdf(slip.data);
    expect(text).toContain(`Packing slip ${samples.FULFILL}`);
    for (const item of transaction.lineItems.filter((li: Obj) => li.type === 'PRODUCT'))
      expect(text).toContain(item.name);
    expect(text).not.toContain('Unit price');
    const pending = await f.call<Obj>({
      space: f.space,
      path: `/payment/transactions/${samples.PENDING}/packing-slip-document`,
    });
    expect([pending.status, pending.body.message]).toEqual([422, expect.stringContaining('PENDING')]);
    expect(
      (await f.call({ space: f.space, path: '/payment/transactions/999999999/packing-slip-document' }))
        .status,
    ).toBe(404);
  });

  it('renders a refund credit note', async () => {
    const refund = (await get<{ data: Obj[] }>('/payment/refunds?limit=1')).data[0];
    const doc = await get(`/payment/refunds/${refund.id}/document`);
    const { text } = await readPdf(doc.data);
    expect(doc.title).toBe(`Refund credit note ${refund.id}`);
    expect(text).toContain(doc.title);
    expect(text).toContain('Refunded amount');
    expect(text).toContain(refund.amount.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  });
});

describe('terminal receipts', () => {
  const receipts = (id: number, query: string) =>
    get<{ data: Obj[] }>(`/payment/transactions/${id}/terminal-receipts?${query}`);
  const card = (outcome: 'approve' | 'decline') => ({
    primaryAccountNumber: (f.sandbox.seedSummary.testCards as Record<string, string>)[outcome],
    expiryDate: '2031-12',
  });
  /** A card payment at a terminal (the customer physically present), ending as the card decides. */
  async function paid(
    outcome: 'approve' | 'decline',
    customersPresence = 'PHYSICAL_PRESENT',
  ): Promise<number> {
    const lineItems = [
      { name: 'Coffee', quantity: 2, amountIncludingTax: 9, type: 'PRODUCT', uniqueId: 'coffee' },
    ];
    const tx = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: '/payment/transactions',
      body: { currency: 'CHF', lineItems, customersPresence },
    });
    const r = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: `/payment/transactions/${tx.body.id}/process-card-details`,
      body: { cardData: card(outcome) },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.id;
  }

  beforeAll(async () => {
    samples = { ...samples, FULFILL: await paid('approve'), DECLINE: await paid('decline') };
  });

  it('a card payment made online has none: receipts exist only for terminal payments', async () => {
    expect((await receipts(await paid('approve', 'VIRTUAL_PRESENT'), 'format=TXT&width=32')).data).toEqual(
      [],
    );
    const seeded = (f.sandbox.seedSummary as any).perSpace[f.space].sampleTransactionIds.FULFILL;
    expect((await receipts(seeded, 'format=TXT&width=32')).data).toEqual([]);
  });

  it('TXT: lines of at most `width` characters, customer and merchant copy', async () => {
    const { data } = await receipts(samples.FULFILL, 'format=TXT&width=32');
    expect(data.map((r) => [r.mimeType, r.receiptType.name['en-US'], r.printed])).toEqual([
      ['text/plain', 'Customer Receipt', false],
      ['text/plain', 'Merchant Receipt', false],
    ]);
    const lines = Buffer.from(data[0].data, 'base64').toString('utf8').trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBe(32);
    expect(lines.join('\n')).toContain(String(samples.FULFILL));
    expect(lines.some((l) => l.startsWith('TOTAL'))).toBe(true);
    const wide = (await receipts(samples.FULFILL, 'format=TXT&width=48')).data[0];
    expect(
      Math.max(
        ...Buffer.from(wide.data, 'base64')
          .toString('utf8')
          .trimEnd()
          .split('\n')
          .map((l) => l.length),
      ),
    ).toBe(48);
  });

  it('PDF: a page as wide as the paper roll, readable', async () => {
    const { data } = await receipts(samples.FULFILL, 'format=PDF&width=58');
    expect(data).toHaveLength(2);
    const { text, pages } = await readPdf(data[0].data);
    expect(pages[0].width).toBeCloseTo((58 * 72) / 25.4, 1);
    expect(text).toContain('TOTAL');
    expect(text).toContain('APPROVED');
    expect(
      (await readPdf((await receipts(samples.DECLINE, 'format=PDF&width=80')).data[0].data)).text,
    ).toContain('DECLINED');
  });

  it('has no receipts before the terminal was involved, and validates format and width', async () => {
    expect((await receipts(samples.PENDING, 'format=TXT&width=40')).data).toEqual([]);
    for (const [query, field] of [
      ['format=TXT&width=0', 'width'],
      ['format=TXT&width=-3', 'width'],
      ['format=PDF&width=5', 'width'],
      ['format=DOC&width=40', 'format'],
      ['format=TXT', 'width'],
    ]) {
      const r = await f.call<Obj>({
        space: f.space,
        path: `/payment/transactions/${samples.FULFILL}/terminal-receipts?${query}`,
      });
      expect([r.status, Object.keys(r.body.errors)], query).toEqual([400, [field]]);
    }
  });
});

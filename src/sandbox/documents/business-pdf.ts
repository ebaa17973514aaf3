// The one renderer of A4 business documents (invoice, packing slip, refund credit note): title,
// facts, address, item table, totals.
import { buildPdf, type Pdf } from './pdf';
import { formatMoney } from './format';
import type { BusinessDocument } from './model';

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;

function header(doc: Pdf, d: BusinessDocument): void {
  doc.font('Helvetica-Bold').fontSize(20).text(d.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  for (const [label, value] of d.facts) doc.text(`${label}: ${value}`);
  if (d.address) {
    doc.moveDown().font('Helvetica-Bold').text(d.address.heading).font('Helvetica');
    for (const line of d.address.lines) doc.text(line);
  }
  doc.moveDown();
}

/** Column x positions and widths of the item table. */
function columns(priced: boolean) {
  return priced
    ? { name: [0, 250], qty: [250, 50], unit: [300, 95], amount: [395, WIDTH - 395] }
    : { name: [0, 395], qty: [395, WIDTH - 395], unit: undefined, amount: undefined };
}

function row(doc: Pdf, cells: [string, number[] | undefined, 'left' | 'right'][]): void {
  const y = doc.y;
  let bottom = y;
  for (const [text, col, align] of cells) {
    if (!col) continue;
    doc.text(text, MARGIN + col[0], y, { width: col[1], align });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = MARGIN;
  doc.y = bottom + 4;
}

function items(doc: Pdf, d: BusinessDocument): void {
  const c = columns(d.priced);
  doc.font('Helvetica-Bold');
  row(doc, [
    ['Item', c.name, 'left'],
    ['Qty', c.qty, 'right'],
    ['Unit price', c.unit, 'right'],
    ['Amount', c.amount, 'right'],
  ]);
  doc.font('Helvetica');
  for (const item of d.items) {
    const name = item.sku ? `${item.name} (${item.sku})` : item.name;
    const unit = item.unitPrice !== undefined ? formatMoney(item.unitPrice, d.currency) : '';
    row(doc, [
      [name, c.name, 'left'],
      [String(item.quantity), c.qty, 'right'],
      [unit, c.unit, 'right'],
      [formatMoney(item.amount, d.currency), c.amount, 'right'],
    ]);
  }
  if (d.items.length === 0) doc.text('No items.');
}

function totals(doc: Pdf, d: BusinessDocument): void {
  doc.moveDown();
  for (const [label, amount] of d.totals) {
    row(doc, [
      [label, [0, 395], 'left'],
      [formatMoney(amount, d.currency), [395, WIDTH - 395], 'right'],
    ]);
  }
  if (d.note) doc.moveDown().fontSize(9).text(d.note, MARGIN, doc.y, { width: WIDTH });
}

export function renderBusinessPdf(d: BusinessDocument): Promise<Buffer> {
  return buildPdf({ title: d.title, date: d.date, margin: MARGIN }, (doc) => {
    header(doc, d);
    items(doc, d);
    if (d.priced) totals(doc, d);
    else if (d.note) doc.moveDown().fontSize(9).text(d.note, MARGIN, doc.y, { width: WIDTH });
  });
}

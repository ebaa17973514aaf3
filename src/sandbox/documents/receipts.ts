// Terminal receipts at a given width: the content is laid out as monospaced lines of at most N
// characters; TXT returns those lines, PDF draws them in Courier on a page `width` millimetres wide.
import { badRequest } from '../errors';
import { wrap } from './format';
import type { ReceiptContent } from './model';
import { buildPdf, MM_TO_POINTS } from './pdf';

export type ReceiptFormat = 'PDF' | 'TXT';

const FONT_SIZE = 7;
const CHAR_WIDTH = FONT_SIZE * 0.6; // Courier advance width is 600/1000 em
const LINE_HEIGHT = FONT_SIZE * 1.25;
const MARGIN = 6;

/** Accepted widths: narrow enough for any roll, wide enough that a label and an amount fit. */
export const RECEIPT_WIDTHS: Record<ReceiptFormat, { min: number; max: number; unit: string }> = {
  PDF: { min: 30, max: 300, unit: 'millimetres' },
  TXT: { min: 16, max: 200, unit: 'characters per line' },
};

export function checkReceiptRequest(
  format: string | null,
  widthText: string | null,
): { format: ReceiptFormat; width: number } {
  if (format !== 'PDF' && format !== 'TXT') {
    throw badRequest(`Query parameter format must be PDF or TXT (got ${JSON.stringify(format)}).`, {
      format: 'must be PDF or TXT',
    });
  }
  const width = Number(widthText);
  const { min, max, unit } = RECEIPT_WIDTHS[format];
  if (widthText === null || !Number.isInteger(width) || width <= 0 || width < min || width > max) {
    throw badRequest(
      `Query parameter width must be a whole number of ${unit} from ${min} to ${max} for ${format} (got ${JSON.stringify(widthText)}).`,
      {
        width: `must be ${min} to ${max} ${unit}`,
      },
    );
  }
  return { format, width };
}

const center = (text: string, chars: number) =>
  ' '.repeat(Math.max(0, Math.floor((chars - text.length) / 2))) + text;

/** The receipt as lines of at most `chars` characters. */
export function layoutReceipt(content: ReceiptContent, chars: number): string[] {
  const rule = '-'.repeat(chars);
  const lines = [...wrap(content.heading, chars).map((l) => center(l, chars)), rule];
  for (const [label, value] of content.lines) {
    if (label.length + value.length + 1 <= chars)
      lines.push(label + ' '.repeat(chars - label.length - value.length) + value);
    else
      lines.push(...wrap(label, chars), ...wrap(value, chars).map((l) => ' '.repeat(chars - l.length) + l));
  }
  lines.push(rule, ...wrap(content.footer, chars).map((l) => center(l, chars)));
  return lines;
}

export const receiptText = (content: ReceiptContent, chars: number): string =>
  `${layoutReceipt(content, chars).join('\n')}\n`;

/** A single-page PDF as wide as the paper roll, as tall as the receipt. */
export function receiptPdf(content: ReceiptContent, widthMm: number): Promise<Buffer> {
  const widthPt = widthMm * MM_TO_POINTS;
  const chars = Math.floor((widthPt - 2 * MARGIN) / CHAR_WIDTH);
  const lines = layoutReceipt(content, chars);
  const height = 2 * MARGIN + lines.length * LINE_HEIGHT;
  return buildPdf(
    { title: content.heading, date: content.date, size: [widthPt, height], margin: MARGIN },
    (doc) => {
      doc.font('Courier').fontSize(FONT_SIZE);
      lines.forEach((line, i) => doc.text(line, MARGIN, MARGIN + i * LINE_HEIGHT, { lineBreak: false }));
    },
  );
}

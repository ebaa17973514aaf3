// PDF production with pdfkit. Output is deterministic: the metadata dates are the document's own date
// (never "now"), so the same object always renders to the same bytes.
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export interface PdfOptions {
  title: string;
  /** Creation and modification date written into the metadata. */
  date: Date;
  /** Page size in points; A4 when absent. */
  size?: [number, number];
  margin: number;
}

/** Runs `draw` on a new document and returns the finished file. */
export function buildPdf(options: PdfOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margin: options.margin,
    info: {
      Title: options.title,
      Author: 'paygraph sandbox',
      Creator: 'paygraph sandbox',
      Producer: 'paygraph sandbox (pdfkit)',
      CreationDate: options.date,
      ModDate: options.date,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export const MM_TO_POINTS = 72 / 25.4;

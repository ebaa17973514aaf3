// What a rendered business document says, independent of how it is drawn. Templates fill these from
// stored objects; one renderer draws them all.

export interface DocumentItem {
  name: string;
  sku?: string;
  quantity: number;
  unitPrice?: number;
  amount: number;
}

export interface BusinessDocument {
  /** e.g. `Invoice 1234`; also the RenderedDocument title and the PDF title. */
  title: string;
  /** The document's date (the object's creation date): printed and written into the metadata. */
  date: Date;
  currency: string;
  /** Label and value pairs printed under the title (numbers, dates, references, state). */
  facts: [string, string][];
  address?: { heading: string; lines: string[] };
  items: DocumentItem[];
  /** Whether the item table shows prices (a packing slip does not). */
  priced: boolean;
  totals: [string, number][];
  note?: string;
}

/** A terminal receipt: a heading and label/value lines, laid out to a width by the receipt renderer. */
export interface ReceiptContent {
  heading: string;
  lines: [string, string][];
  footer: string;
  date: Date;
}

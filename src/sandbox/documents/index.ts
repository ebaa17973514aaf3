// Documents as the API returns them: RenderedDocument (base64 PDF, mime type, title, template type)
// and RenderedTerminalReceipt.
import type { Store } from '../store';
import { renderBusinessPdf } from './business-pdf';
import type { BusinessDocument } from './model';
import { receiptPdf, receiptText, type ReceiptFormat } from './receipts';
import { RECEIPT_TYPES, receiptContents } from './templates';
import type { Stored } from '../store';

export { checkReceiptRequest } from './receipts';
export { invoiceDocument, packingSlipDocument, refundDocument } from './templates';

export type DocumentKind = 'invoice' | 'packingSlip' | 'refundCredit' | 'receipt';

/** The English titles under which the document template types are known (global reference data). */
const TEMPLATE_TYPE_TITLES: Record<DocumentKind, string> = {
  invoice: 'Invoice',
  packingSlip: 'Packing Slip',
  refundCredit: 'Refund Credit Note',
  receipt: 'Terminal Receipt',
};

export function documentTemplateTypeId(store: Store, kind: DocumentKind): number | undefined {
  const wanted = TEMPLATE_TYPE_TITLES[kind];
  const type = store.list('DocumentTemplateType').find((t) => t.title?.['en-US'] === wanted);
  return type?.id;
}

export interface RenderedDocument {
  title: string;
  mimeType: string;
  data: string;
  documentTemplateType?: number;
}

export async function renderDocument(
  store: Store,
  kind: DocumentKind,
  document: BusinessDocument,
): Promise<RenderedDocument> {
  const pdf = await renderBusinessPdf(document);
  const documentTemplateType = documentTemplateTypeId(store, kind);
  return {
    title: document.title,
    mimeType: 'application/pdf',
    data: pdf.toString('base64'),
    ...(documentTemplateType !== undefined ? { documentTemplateType } : {}),
  };
}

/** The customer and merchant receipts of a transaction in the format and width asked for. */
export async function renderReceipts(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  format: ReceiptFormat,
  width: number,
) {
  const contents = receiptContents(store, space, transaction);
  return Promise.all(
    contents.map(async (content, i) => {
      const data =
        format === 'PDF'
          ? await receiptPdf(content, width)
          : Buffer.from(receiptText(content, width), 'utf8');
      return {
        data: data.toString('base64'),
        mimeType: format === 'PDF' ? 'application/pdf' : 'text/plain',
        printed: false,
        receiptType: RECEIPT_TYPES[i],
      };
    }),
  );
}

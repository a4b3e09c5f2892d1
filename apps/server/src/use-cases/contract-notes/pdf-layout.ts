import { formatIndianGrouping } from '@nivesh/core';
import PDFDocument from 'pdfkit';
import type { BrokerDetails } from './broker-details.js';

/*
 * The layout the broker's PDFs share (contract notes, docs/adr/0021; end-of-day reports,
 * docs/adr/0033): A4, standard Helvetica (never embedded, nothing random), the broker's heading,
 * rows of labelled amounts in Indian digit grouping. A document's dates are given by its caller, so
 * the same content renders to the same bytes.
 */

export const PAGE_MARGIN = 36;
export const ROW_HEIGHT = 14;

/** Rupees of an amount in paise, Indian digit grouping: 123456789n is "12,34,567.89". */
export const rupees = (paise: bigint) => formatIndianGrouping(paise);

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  /** The document's creation and modification date (pdfkit derives the file ID from them). */
  stamp: Date;
  layout: 'portrait' | 'landscape';
}

/** Renders a document drawn by `draw` as PDF bytes. */
export function renderPdf(info: PdfInfo, draw: (document: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    layout: info.layout,
    margin: PAGE_MARGIN,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: 'Nivesh',
      Producer: 'Nivesh',
      CreationDate: info.stamp,
      ModDate: info.stamp,
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  draw(document);
  document.end();
  return done;
}

/** The broker's name, registration, address and grievance address, then the document's title. */
export function drawBrokerHeading(document: PDFKit.PDFDocument, broker: BrokerDetails, title: string): void {
  const width = document.page.width - 2 * PAGE_MARGIN;
  document.font('Helvetica-Bold').fontSize(14).text(broker.name, PAGE_MARGIN, PAGE_MARGIN, { width });
  document
    .font('Helvetica')
    .fontSize(9)
    .text(`SEBI registration: ${broker.sebiRegistration}`, { width })
    .text(broker.address, { width })
    .text(`Investor grievances: ${broker.grievanceEmail}`, { width });
  document.moveDown(0.8);
  document.font('Helvetica-Bold').fontSize(12).text(title, { width, align: 'center' });
  document.moveDown(0.4);
}

/**
 * Rows of a label and an amount ("Rs 1,23,456.78", right-aligned) from `y`, starting a new page when
 * one is full; answers the `y` below the last row.
 */
export function drawAmountRows(
  document: PDFKit.PDFDocument,
  rows: readonly (readonly [label: string, amount: string])[],
  y: number,
  widths: { label: number; amount: number } = { label: 300, amount: 120 },
): number {
  let top = y;
  for (const [label, amount] of rows) {
    if (top + ROW_HEIGHT > document.page.height - PAGE_MARGIN) {
      document.addPage();
      top = PAGE_MARGIN;
    }
    document
      .font('Helvetica')
      .fontSize(9)
      .text(label, PAGE_MARGIN, top, { width: widths.label, lineBreak: false });
    document.text(amount, PAGE_MARGIN + widths.label, top, {
      width: widths.amount,
      align: 'right',
      lineBreak: false,
    });
    top += ROW_HEIGHT;
  }
  return top;
}

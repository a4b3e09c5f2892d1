import { createHash } from 'node:crypto';
import { type IstDate, istInstantMs, istMsOfDay, summariseContractNote } from '@nivesh/core';
import type { ContractNoteParties } from '../../db/schema.js';
import type { ExecutedTrade } from '../../repositories/trade-charges-reads.repository.js';
import {
  drawAmountRows,
  drawBrokerHeading,
  PAGE_MARGIN,
  ROW_HEIGHT,
  renderPdf,
  rupees,
} from './pdf-layout.js';

export interface ContractNoteContent {
  number: string;
  tradeDate: IstDate;
  parties: ContractNoteParties;
  trades: readonly ExecutedTrade[];
}

/** 15:30 IST: the session close of the trade date, the PDF's creation date (ADR 0021). */
const CLOSE_MINUTES_IST = 15 * 60 + 30;

function istClock(atMs: number): string {
  const seconds = Math.floor(istMsOfDay(atMs) / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * Renders a contract note as PDF bytes. The bytes depend on the content only (ADR 0021): the
 * document's dates are the trade date's session close, pdfkit derives the file ID from them, and
 * the fonts are the standard Helvetica (never embedded, nothing random), so rendering the same
 * content again yields the same bytes and the same SHA-256.
 */
export function renderContractNote(content: ContractNoteContent): Promise<Buffer> {
  const stamp = new Date(istInstantMs(content.tradeDate, CLOSE_MINUTES_IST));
  return renderPdf(
    {
      title: `Contract note ${content.number}`,
      author: content.parties.broker.name,
      subject: `Trades of ${content.tradeDate}`,
      stamp,
      layout: 'landscape',
    },
    (document) => drawContractNote(document, content),
  );
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const COLUMNS = [
  { title: 'Order no.', width: 70, align: 'left' },
  { title: 'Time (IST)', width: 60, align: 'left' },
  { title: 'Buy/Sell', width: 45, align: 'left' },
  { title: 'Symbol', width: 90, align: 'left' },
  { title: 'Product', width: 45, align: 'left' },
  { title: 'Quantity', width: 60, align: 'right' },
  { title: 'Price (Rs)', width: 80, align: 'right' },
  { title: 'Turnover (Rs)', width: 100, align: 'right' },
  { title: 'Charges (Rs)', width: 80, align: 'right' },
  { title: 'Net (Rs)', width: 100, align: 'right' },
] as const;

function drawContractNote(document: PDFKit.PDFDocument, content: ContractNoteContent): void {
  const { broker, client } = content.parties;
  const left = PAGE_MARGIN;
  const width = document.page.width - 2 * PAGE_MARGIN;
  drawBrokerHeading(document, broker, 'CONTRACT NOTE');
  document
    .font('Helvetica')
    .fontSize(9)
    .text(`Contract note no.: ${content.number}`, { width })
    .text(`Trade date: ${content.tradeDate}`, { width })
    .text(`Client code: ${client.id}    Client name: ${client.name}    Mobile: ${client.phone}`, { width })
    .text('Exchange: NSE, equity cash segment. Times are IST.', { width });
  document.moveDown(0.8);

  let y = document.y;
  const titles = COLUMNS.map((column) => column.title);
  const drawRow = (cells: readonly string[], bold: boolean) => {
    if (y + ROW_HEIGHT > document.page.height - PAGE_MARGIN) {
      document.addPage();
      y = PAGE_MARGIN;
      // Each page of orders starts with the column titles again.
      if (!bold) drawRow(titles, true);
    }
    document.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = left;
    COLUMNS.forEach((column, index) => {
      document.text(cells[index] ?? '', x, y, {
        width: column.width - 4,
        align: column.align,
        lineBreak: false,
      });
      x += column.width;
    });
    y += ROW_HEIGHT;
  };
  drawRow(titles, true);
  for (const trade of content.trades) {
    const sign = trade.side === 'sell' ? 1n : -1n;
    drawRow(
      [
        String(trade.id),
        istClock(trade.executedAtMs),
        trade.side === 'buy' ? 'Buy' : 'Sell',
        trade.symbol,
        trade.product,
        String(trade.quantity),
        rupees(trade.pricePaise),
        rupees(trade.turnoverPaise),
        rupees(trade.totalPaise),
        rupees(sign * trade.turnoverPaise - trade.totalPaise),
      ],
      false,
    );
  }

  const summary = summariseContractNote(content.trades);
  const lines: [string, bigint][] = [
    ['Purchases (turnover)', summary.buyTurnoverPaise],
    ['Sales (turnover)', summary.sellTurnoverPaise],
    ['Brokerage', summary.charges.brokeragePaise],
    ['Securities transaction tax (STT)', summary.charges.sttPaise],
    ['Exchange transaction charges', summary.charges.exchangePaise],
    ['SEBI turnover fees', summary.charges.sebiPaise],
    ['Stamp duty', summary.charges.stampPaise],
    ['GST (18% on brokerage, exchange and SEBI charges)', summary.charges.gstPaise],
    ['DP charges', summary.charges.dpPaise],
    ['Total charges', summary.charges.totalPaise],
  ];
  y += ROW_HEIGHT / 2;
  const labelWidth = 300;
  const amountWidth = 120;
  y = drawAmountRows(
    document,
    lines.map(([label, amountPaise]) => [label, `Rs ${rupees(amountPaise)}`] as const),
    y,
  );
  const net = summary.netObligationPaise;
  const netLabel =
    net < 0n
      ? 'Net obligation: payable by client (pay-in)'
      : net > 0n
        ? 'Net obligation: receivable by client (pay-out)'
        : 'Net obligation: nil';
  document
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(netLabel, left, y, { width: labelWidth, lineBreak: false });
  document.text(`Rs ${rupees(net < 0n ? -net : net)}`, left + labelWidth, y, {
    width: amountWidth,
    align: 'right',
    lineBreak: false,
  });
  y += ROW_HEIGHT * 2;
  document
    .font('Helvetica')
    .fontSize(7)
    .text(
      'This contract note is issued electronically and needs no signature. Charges are as recorded when each order ' +
        'executed, at the rates in force on the trade date. Please report any discrepancy within 24 hours to ' +
        `${broker.grievanceEmail}.`,
      left,
      y,
      { width },
    );
}

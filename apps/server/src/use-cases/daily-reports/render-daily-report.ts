import type { BrokerDetails } from '../contract-notes/broker-details.js';
import {
  drawAmountRows,
  drawBrokerHeading,
  PAGE_MARGIN,
  ROW_HEIGHT,
  renderPdf,
  rupees,
} from '../contract-notes/pdf-layout.js';
import type { DailyReportView } from './build-daily-report.js';
import { CHARGE_LABELS, QUEUE_LABELS } from './daily-report-labels.js';

/** Paise of a stored amount: the report keeps rupees with exactly two decimals ("-1234.50"). */
export const paiseOf = (amount: string): bigint => BigInt(amount.replace('.', ''));

const money = (currency: string, amount: string) =>
  currency === 'INR' ? `Rs ${rupees(paiseOf(amount))}` : `${currency} ${rupees(paiseOf(amount))}`;

function istDateTime(atMs: number): string {
  return new Date(atMs).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', hour12: false });
}

/**
 * A day's end-of-day report as PDF (docs/adr/0033), in the contract notes' layout: the broker's
 * heading, then each section's rows with amounts in Indian digit grouping. The document's date is
 * the report's computation, so the same stored report renders to the same bytes.
 */
export function renderDailyReport(report: DailyReportView, broker: BrokerDetails): Promise<Buffer> {
  return renderPdf(
    {
      title: `End-of-day report ${report.tradeDate}`,
      author: broker.name,
      subject: `Back office report of trading day ${report.tradeDate}`,
      stamp: new Date(report.computedAt),
      layout: 'portrait',
    },
    (document) => {
      const width = document.page.width - 2 * PAGE_MARGIN;
      drawBrokerHeading(document, broker, 'END-OF-DAY REPORT');
      document
        .font('Helvetica')
        .fontSize(9)
        .text(`Trading day: ${report.tradeDate}`, { width })
        .text(
          `Period: ${istDateTime(report.periodStart)} to ${istDateTime(report.periodEnd)} IST (previous close to this close)`,
          { width },
        )
        .text(
          `Made ${istDateTime(report.computedAt)} IST by ${report.computedBy}${report.reason ? `: ${report.reason}` : ''}`,
          { width },
        );
      let y = document.y + ROW_HEIGHT / 2;
      const section = (title: string, rows: (readonly [string, string])[]) => {
        if (y + 2 * ROW_HEIGHT > document.page.height - PAGE_MARGIN) {
          document.addPage();
          y = PAGE_MARGIN;
        }
        document.font('Helvetica-Bold').fontSize(10).text(title, PAGE_MARGIN, y, { width, lineBreak: false });
        y += ROW_HEIGHT;
        y = drawAmountRows(document, rows.length > 0 ? rows : [['none', '']], y) + ROW_HEIGHT / 2;
      };
      section(
        'Funds received',
        report.fundsReceived.map(
          (row) => [`${row.kind} (${row.entries})`, money(row.currency, row.amount)] as const,
        ),
      );
      section(
        'Funds paid',
        report.fundsPaid.map(
          (row) => [`${row.kind} (${row.entries})`, money(row.currency, row.amount)] as const,
        ),
      );
      section(
        'Client money held at the close',
        report.clientMoney.flatMap((row) => [
          [`${row.currency} held (${row.accounts} accounts)`, money(row.currency, row.held)] as const,
          [`${row.currency} owed on loans`, money(row.currency, row.loansOwed)] as const,
        ]),
      );
      section('Trading turnover', [
        [`Orders executed`, String(report.turnover.orders)],
        ['Bought', money('INR', report.turnover.buy)],
        ['Sold', money('INR', report.turnover.sell)],
        ['Total', money('INR', report.turnover.total)],
      ]);
      section('Charges collected', [
        ...report.charges.map((line) => [CHARGE_LABELS[line.component], money('INR', line.amount)] as const),
        ['Total charges', money('INR', report.chargesTotal)],
      ]);
      section(
        'Open positions at the close',
        report.openPositions.map(
          (row) =>
            [`${row.count} positions (${row.currency}), margin`, money(row.currency, row.margin)] as const,
        ),
      );
      section(
        'Pending reviews at the close',
        report.pendingReviews.map(
          (row) => [QUEUE_LABELS[row.queue] ?? row.queue, String(row.count)] as const,
        ),
      );
      section('Reconciliation', [
        [
          report.reconciliation.ok
            ? 'The ledger reconciles'
            : `${report.reconciliation.problems} problems found`,
          `checked ${istDateTime(report.reconciliation.checkedAt)}`,
        ],
        ...report.reconciliation.details.map((detail) => [detail, ''] as const),
      ]);
    },
  );
}

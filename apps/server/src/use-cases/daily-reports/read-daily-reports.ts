import { type dailyReportList as call, DAILY_REPORT_PAGE_MAX } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { findDailyReport, listDailyReports } from '../../repositories/daily-report.repository.js';
import { readBrokerDetails } from '../contract-notes/broker-details.js';
import type { DailyReportView } from './build-daily-report.js';
import { CHARGE_LABELS, QUEUE_LABELS } from './daily-report-labels.js';
import { renderDailyReport } from './render-daily-report.js';

/** A report as a file: its bytes, type and the name to save it under. */
export interface DailyReportFile {
  bytes: Buffer | string;
  contentType: string;
  fileName: string;
}

/** The stored reports, newest trading day first (`dailyReports/list`). */
export const listDailyReportsForStaff: StaffUseCase<typeof call> = async (deps, _context, input) => {
  const rows = await listDailyReports(deps.db, {
    before: input.before,
    limit: input.limit ?? DAILY_REPORT_PAGE_MAX,
  });
  return { items: rows.map((row) => row.figures as DailyReportView) };
};

async function readStoredReport(db: Db, tradeDate: string): Promise<DailyReportView> {
  const row = await findDailyReport(db, tradeDate);
  if (!row) refuse('DAILY_REPORT_NOT_FOUND', { date: tradeDate });
  return row!.figures as DailyReportView;
}

/** A cell that is no number is quoted, and one a spreadsheet could read as a formula is defused. */
function csvCell(value: string | number): string {
  const text = String(value);
  if (/^-?[0-9]+(\.[0-9]+)?$/.test(text)) return text;
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The report as CSV rows of section, item, currency and value (rupees with two decimals, or a count). */
export function dailyReportCsvText(report: DailyReportView): string {
  const rows: (string | number)[][] = [['section', 'item', 'currency', 'value']];
  rows.push(['report', 'trading day', '', report.tradeDate]);
  rows.push(['report', 'period start (epoch ms)', '', report.periodStart]);
  rows.push(['report', 'period end (epoch ms)', '', report.periodEnd]);
  rows.push(['report', 'made by', '', report.computedBy]);
  for (const row of report.fundsReceived) rows.push(['funds received', row.kind, row.currency, row.amount]);
  for (const row of report.fundsPaid) rows.push(['funds paid', row.kind, row.currency, row.amount]);
  for (const row of report.clientMoney) {
    rows.push(['client money', 'held', row.currency, row.held]);
    rows.push(['client money', 'owed on loans', row.currency, row.loansOwed]);
  }
  rows.push(['turnover', 'orders executed', 'INR', report.turnover.orders]);
  rows.push(['turnover', 'bought', 'INR', report.turnover.buy]);
  rows.push(['turnover', 'sold', 'INR', report.turnover.sell]);
  rows.push(['turnover', 'total', 'INR', report.turnover.total]);
  for (const line of report.charges)
    rows.push(['charges', CHARGE_LABELS[line.component], 'INR', line.amount]);
  rows.push(['charges', 'total', 'INR', report.chargesTotal]);
  for (const row of report.openPositions) {
    rows.push(['open positions', 'count', row.currency, row.count]);
    rows.push(['open positions', 'margin', row.currency, row.margin]);
  }
  for (const row of report.pendingReviews)
    rows.push(['pending reviews', QUEUE_LABELS[row.queue] ?? row.queue, '', row.count]);
  rows.push(['reconciliation', 'ok', '', report.reconciliation.ok ? 'yes' : 'no']);
  rows.push(['reconciliation', 'problems', '', report.reconciliation.problems]);
  for (const detail of report.reconciliation.details) rows.push(['reconciliation', 'problem', '', detail]);
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

export async function readDailyReportCsv(deps: AppDeps, tradeDate: string): Promise<DailyReportFile> {
  const report = await readStoredReport(deps.db, tradeDate);
  return {
    bytes: dailyReportCsvText(report),
    contentType: 'text/csv; charset=utf-8',
    fileName: `nivesh-eod-${report.tradeDate}.csv`,
  };
}

export async function readDailyReportPdf(deps: AppDeps, tradeDate: string): Promise<DailyReportFile> {
  const report = await readStoredReport(deps.db, tradeDate);
  return {
    bytes: await renderDailyReport(report, await readBrokerDetails(deps.db)),
    contentType: 'application/pdf',
    fileName: `nivesh-eod-${report.tradeDate}.pdf`,
  };
}

import type { dailyReportCompute } from '@nivesh/contract';
import { dailyReportPeriod, isIstDate, isTradingDayClosed, istDate, lastCloseAtOrBefore } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { hasDailyReport, insertDailyReportOnce } from '../../repositories/daily-report.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { buildDailyReport, type DailyReportView } from './build-daily-report.js';

/**
 * Finance or an admin makes the report of a closed trading day that has none (`dailyReports/compute`),
 * with a reason, audited: a day the job missed (the server was down at the close) or a day before
 * reports existed. Refused: a day that is no trading day (its money is in the next trading day's
 * report), a day whose session has not closed, and a day that has a report (one once made does not
 * change; the primary key decides a race with the job).
 */
export const computeDailyReport: StaffUseCase<typeof dailyReportCompute> = async (deps, context, input) => {
  const { tradeDate } = input;
  const calendar = deps.calendar.current;
  const period = isIstDate(tradeDate) ? dailyReportPeriod(calendar, tradeDate) : undefined;
  if (!period) refuse('DAILY_REPORT_NOT_TRADING_DAY', { date: tradeDate });
  if (!isTradingDayClosed(calendar, tradeDate, context.nowMs))
    refuse('DAILY_REPORT_DAY_OPEN', { date: tradeDate });
  if (await hasDailyReport(deps.db, tradeDate)) refuse('DAILY_REPORT_EXISTS', { date: tradeDate });
  const reason = input.reason.trim();
  return inTransaction(deps.db, async (trx) => {
    const report = await buildDailyReport(trx, period!, {
      atMs: context.nowMs,
      by: context.staff.displayName,
      reason,
    });
    const stored = await insertDailyReportOnce(trx, {
      tradeDate,
      periodStartMs: period!.startMs,
      periodEndMs: period!.endMs,
      figures: report,
      computedAtMs: context.nowMs,
      computedBy: { type: 'staff', staffId: context.staff.id, reason },
    });
    if (!stored) refuse('DAILY_REPORT_EXISTS', { date: tradeDate });
    await auditStaffAct(trx, context, {
      action: 'daily_report.compute',
      target: { type: 'daily_report', id: tradeDate },
      before: null,
      after: { tradeDate, reconciliationOk: report.reconciliation.ok, chargesTotal: report.chargesTotal },
      reason,
    });
    return report;
  });
};

/**
 * The job's part (docs/architecture.md, "A job"): the report of the trading day of the last close
 * at or before `closedByMs`, made by the system at `nowMs` unless the day has one. Answers the
 * report made, if any.
 */
export async function makeDailyReportAfterClose(
  deps: AppDeps,
  closedByMs: number,
  nowMs: number,
): Promise<DailyReportView | undefined> {
  const calendar = deps.calendar.current;
  const tradeDate = istDate(lastCloseAtOrBefore(calendar, closedByMs));
  const period = dailyReportPeriod(calendar, tradeDate);
  if (!period || (await hasDailyReport(deps.db, tradeDate))) return undefined;
  const report = await buildDailyReport(deps.db, period, { atMs: nowMs, by: 'system', reason: null });
  const stored = await insertDailyReportOnce(deps.db, {
    tradeDate,
    periodStartMs: period.startMs,
    periodEndMs: period.endMs,
    figures: report,
    computedAtMs: nowMs,
    computedBy: { type: 'system' },
  });
  return stored ? report : undefined;
}

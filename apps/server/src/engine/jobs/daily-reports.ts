import { lastCloseAtOrBefore } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { makeDailyReportAfterClose } from '../../use-cases/daily-reports/compute-daily-report.js';

/**
 * A minute after the close, so that an entry stamped before the close whose transaction commits
 * just after it is in the report (docs/adr/0033).
 */
export const DAILY_REPORT_DELAY_MS = 60_000;

/**
 * The end-of-day report after each session close (docs/adr/0033). The sweep asks every second; the
 * work runs once per close (and again at engine start, which catches up the last close missed) and
 * keeps trying on later sweeps while it fails. A report already stored is left as it is.
 */
export class DailyReportsJob {
  private doneForCloseMs = 0;

  async run(deps: AppDeps, nowMs: number): Promise<void> {
    const closeMs = lastCloseAtOrBefore(deps.calendar.current, nowMs - DAILY_REPORT_DELAY_MS);
    if (closeMs <= this.doneForCloseMs) return;
    const report = await makeDailyReportAfterClose(deps, nowMs - DAILY_REPORT_DELAY_MS, nowMs);
    this.doneForCloseMs = closeMs;
    if (report) deps.log.info({ tradeDate: report.tradeDate }, 'end-of-day report made');
  }
}

import { type AlertCondition, isFeedStale, isOpen } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findLatestAudit } from '../../repositories/audit.repository.js';
import { listDailyReports } from '../../repositories/daily-report.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';
import { findLatestTickMs } from '../../repositories/quote.repository.js';
import { type ReviewQueueBacklog, readReviewBacklog } from '../dashboard/review-backlog.js';

const QUEUE_NAMES: Record<ReviewQueueBacklog['queue'], string> = {
  kyc: 'KYC',
  day_trading: 'day-trading',
  deposits: 'deposit',
  withdrawals: 'withdrawal',
  loans: 'loan',
  approvals: 'second-approval',
};

/**
 * The alert conditions that hold now (docs/adr/0033): each review queue with items past its SLA
 * (`queue_sla_minutes_*`), a feed without a tick for `feed_stale_seconds` while the market is open,
 * and a failed reconciliation (the latest result, whether a staff member ran it or a day's report).
 */
export async function alertConditionsNow(deps: AppDeps, nowMs: number): Promise<AlertCondition[]> {
  const { db } = deps;
  const parameters = await readParameters(db);
  const [backlog, lastTickAtMs, staffRun, [latestReport]] = await Promise.all([
    readReviewBacklog(db, parameters, nowMs),
    findLatestTickMs(db),
    findLatestAudit(db, 'ledger.reconcile'),
    listDailyReports(db, { limit: 1 }),
  ]);
  const conditions: AlertCondition[] = [];
  for (const { queue, count, overdue, slaMinutes } of backlog) {
    if (overdue === 0) continue;
    conditions.push({
      key: `queue_overdue:${queue}`,
      kind: 'queue_overdue',
      summary: `${overdue} of ${count} items in the ${QUEUE_NAMES[queue]} queue have waited longer than its SLA of ${slaMinutes} minutes`,
    });
  }
  const isMarketOpen = isOpen(deps.calendar.current, 'nse', nowMs);
  if (isFeedStale({ isMarketOpen, lastTickAtMs, nowMs, staleSeconds: parameters.feed_stale_seconds })) {
    conditions.push({
      key: 'feed_stale',
      kind: 'feed_stale',
      summary:
        lastTickAtMs === null
          ? 'The market is open and the feed has sent no tick'
          : `The market is open and the feed has sent no tick for ${Math.floor((nowMs - lastTickAtMs) / 1000)} seconds (limit ${parameters.feed_stale_seconds})`,
    });
  }
  // The newest reconciliation speaks: a staff member's run (audited) or the last day's report.
  const staffResult = staffRun
    ? {
        atMs: staffRun.atMs,
        ok: (staffRun.after as { ok?: boolean } | null)?.ok === true,
        source: 'a staff run',
      }
    : undefined;
  const report = latestReport?.figures as
    | { tradeDate: string; reconciliation: { ok: boolean; checkedAt: number; problems: number } }
    | undefined;
  const reportResult = report
    ? {
        atMs: report.reconciliation.checkedAt,
        ok: report.reconciliation.ok,
        source: `the report of ${report.tradeDate}`,
      }
    : undefined;
  const latest = [staffResult, reportResult]
    .filter((result) => result !== undefined)
    .sort((a, b) => b.atMs - a.atMs)[0];
  if (latest && !latest.ok) {
    conditions.push({
      key: 'reconciliation_failed',
      kind: 'reconciliation_failed',
      summary: `The ledger did not reconcile in ${latest.source}`,
    });
  }
  return conditions;
}

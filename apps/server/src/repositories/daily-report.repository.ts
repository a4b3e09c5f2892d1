import type { IstDate } from '@nivesh/core';
import type { Db } from '../db/database.js';
import { findRecord, hasRow } from './row-lookups.js';
import { insertRowIfAbsent } from './row-writes.js';

/** A stored end-of-day report (migration 0057, docs/adr/0033): the figures as computed, never changed. */
export interface DailyReportRecord {
  tradeDate: IstDate;
  figures: unknown;
}

export interface NewDailyReport {
  tradeDate: IstDate;
  periodStartMs: number;
  periodEndMs: number;
  figures: unknown;
  computedAtMs: number;
  computedBy: { type: 'system' } | { type: 'staff'; staffId: bigint; reason: string };
}

/**
 * Stores a day's report unless the day has one: true when this call stored it. The primary key
 * decides between two processes (or a job and a staff member) computing the same day at once.
 */
export async function insertDailyReportOnce(db: Db, report: NewDailyReport): Promise<boolean> {
  const values = {
    trade_date: report.tradeDate,
    period_start_at: new Date(report.periodStartMs),
    period_end_at: new Date(report.periodEndMs),
    figures: JSON.stringify(report.figures),
    computed_at: new Date(report.computedAtMs),
    computed_by_type: report.computedBy.type,
    computed_by: report.computedBy.type === 'staff' ? report.computedBy.staffId : null,
    reason: report.computedBy.type === 'staff' ? report.computedBy.reason : null,
  };
  return insertRowIfAbsent(db, 'daily_reports', values, ['trade_date']);
}

const reportOf = (row: { trade_date: IstDate; figures: unknown }): DailyReportRecord => ({
  tradeDate: row.trade_date,
  figures: row.figures,
});

export async function findDailyReport(db: Db, tradeDate: IstDate): Promise<DailyReportRecord | undefined> {
  return findRecord(db, 'daily_reports', { trade_date: tradeDate }, reportOf);
}

export async function hasDailyReport(db: Db, tradeDate: IstDate): Promise<boolean> {
  return hasRow(db, 'daily_reports', { trade_date: tradeDate });
}

/** Reports newest trading day first, those before `before` when given. */
export async function listDailyReports(
  db: Db,
  options: { before?: IstDate | undefined; limit: number },
): Promise<DailyReportRecord[]> {
  let query = db.selectFrom('daily_reports').select(['trade_date', 'figures']);
  if (options.before) query = query.where('trade_date', '<', options.before);
  const rows = await query.orderBy('trade_date', 'desc').limit(options.limit).execute();
  return rows.map(reportOf);
}

import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { countWaitingRows } from './row-lookups.js';

/** A review queue's pending items and how many of them are older than its SLA. */
export interface PendingQueueCount {
  count: number;
  overdue: number;
}

/**
 * The review queues' pending items for the console dashboard, each with how many waited longer
 * than the cutoff given for it (the queue's `queue_sla_minutes_*` before now).
 */
export async function countPendingReviewQueues(
  db: Db,
  overdueBefore: Record<'kyc' | 'day_trading' | 'deposits' | 'withdrawals' | 'loans', Date>,
): Promise<Record<keyof typeof overdueBefore, PendingQueueCount>> {
  const [kyc, dayTrading, deposits, withdrawals, loans] = await Promise.all([
    countWaitingRows(db, 'kyc_submissions', { status: 'pending' }, 'submitted_at', overdueBefore.kyc),
    countWaitingRows(
      db,
      'day_trading_applications',
      { state: 'pending' },
      'applied_at',
      overdueBefore.day_trading,
    ),
    countWaitingRows(db, 'deposits', { status: 'pending' }, 'created_at', overdueBefore.deposits),
    countWaitingRows(db, 'withdrawals', { status: 'pending' }, 'created_at', overdueBefore.withdrawals),
    countWaitingRows(db, 'loans', { state: 'pending' }, 'applied_at', overdueBefore.loans),
  ]);
  return { kyc, day_trading: dayTrading, deposits, withdrawals, loans };
}

/**
 * How many items each review queue held at an instant: submitted before it and not yet decided by
 * then (the end-of-day report, docs/adr/0033), so a report made later for a past day counts what
 * waited at that day's end, not what waits now.
 */
export async function countPendingReviewsAt(
  db: Db,
  atMs: number,
): Promise<Record<'kyc' | 'day_trading' | 'deposits' | 'withdrawals' | 'loans' | 'approvals', number>> {
  const at = new Date(atMs);
  const result = await sql<
    Record<'kyc' | 'day_trading' | 'deposits' | 'withdrawals' | 'loans' | 'approvals', bigint>
  >`
    SELECT
      (SELECT count(*) FROM kyc_submissions
        WHERE submitted_at < ${at} AND (reviewed_at IS NULL OR reviewed_at >= ${at})) AS kyc,
      (SELECT count(*) FROM day_trading_applications
        WHERE applied_at < ${at} AND (decided_at IS NULL OR decided_at >= ${at})) AS day_trading,
      (SELECT count(*) FROM deposits
        WHERE created_at < ${at} AND (reviewed_at IS NULL OR reviewed_at >= ${at})) AS deposits,
      (SELECT count(*) FROM withdrawals
        WHERE created_at < ${at} AND (reviewed_at IS NULL OR reviewed_at >= ${at})) AS withdrawals,
      (SELECT count(*) FROM loans
        WHERE applied_at < ${at} AND (decided_at IS NULL OR decided_at >= ${at})) AS loans,
      (SELECT count(*) FROM approval_requests
        WHERE requested_at < ${at} AND (decided_at IS NULL OR decided_at >= ${at})) AS approvals
  `.execute(db);
  const row = result.rows[0]!;
  return {
    kyc: Number(row.kyc),
    day_trading: Number(row.day_trading),
    deposits: Number(row.deposits),
    withdrawals: Number(row.withdrawals),
    loans: Number(row.loans),
    approvals: Number(row.approvals),
  };
}

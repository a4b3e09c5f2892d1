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

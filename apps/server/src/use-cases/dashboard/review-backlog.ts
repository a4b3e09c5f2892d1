import type { ParameterValues } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { countPendingReviewQueues } from '../../repositories/review-queue.repository.js';
import { pendingApprovalItems } from '../approvals/list-approvals.js';

/** One review queue now: its pending items, those past its SLA, and the SLA. */
export interface ReviewQueueBacklog {
  queue: 'kyc' | 'day_trading' | 'deposits' | 'withdrawals' | 'loans' | 'approvals';
  count: number;
  overdue: number;
  slaMinutes: number;
}

/**
 * Each review queue's pending items and those waiting longer than its SLA (`queue_sla_minutes_*`),
 * second approvals (ADR 0027) last: what the dashboard shows and the queue alerts watch.
 */
export async function readReviewBacklog(
  db: Db,
  parameters: ParameterValues,
  nowMs: number,
): Promise<ReviewQueueBacklog[]> {
  const before = (minutes: number) => new Date(nowMs - minutes * 60_000);
  const [queues, approvals] = await Promise.all([
    countPendingReviewQueues(db, {
      kyc: before(parameters.queue_sla_minutes_kyc),
      day_trading: before(parameters.queue_sla_minutes_day_trading),
      deposits: before(parameters.queue_sla_minutes_deposits),
      withdrawals: before(parameters.queue_sla_minutes_withdrawals),
      loans: before(parameters.queue_sla_minutes_loans),
    }),
    pendingApprovalItems(db, nowMs, parameters.queue_sla_minutes_approvals, 0n),
  ]);
  return [
    { queue: 'kyc', ...queues.kyc, slaMinutes: parameters.queue_sla_minutes_kyc },
    { queue: 'day_trading', ...queues.day_trading, slaMinutes: parameters.queue_sla_minutes_day_trading },
    { queue: 'deposits', ...queues.deposits, slaMinutes: parameters.queue_sla_minutes_deposits },
    { queue: 'withdrawals', ...queues.withdrawals, slaMinutes: parameters.queue_sla_minutes_withdrawals },
    { queue: 'loans', ...queues.loans, slaMinutes: parameters.queue_sla_minutes_loans },
    {
      queue: 'approvals',
      count: approvals.length,
      overdue: approvals.filter((item) => item.overdue).length,
      slaMinutes: parameters.queue_sla_minutes_approvals,
    },
  ];
}

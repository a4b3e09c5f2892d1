import type { Db } from '../db/database.js';

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
  const counted = async (
    query: Promise<{ count: bigint | string | number; overdue: bigint | string | number }>,
  ): Promise<PendingQueueCount> => {
    const row = await query;
    return { count: Number(row.count), overdue: Number(row.overdue) };
  };
  const [kyc, dayTrading, deposits, withdrawals, loans] = await Promise.all([
    counted(
      db
        .selectFrom('kyc_submissions')
        .select((eb) => [
          eb.fn.countAll<bigint>().as('count'),
          eb.fn.count<bigint>('id').filterWhere('submitted_at', '<', overdueBefore.kyc).as('overdue'),
        ])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ),
    counted(
      db
        .selectFrom('day_trading_applications')
        .select((eb) => [
          eb.fn.countAll<bigint>().as('count'),
          eb.fn.count<bigint>('id').filterWhere('applied_at', '<', overdueBefore.day_trading).as('overdue'),
        ])
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ),
    counted(
      db
        .selectFrom('deposits')
        .select((eb) => [
          eb.fn.countAll<bigint>().as('count'),
          eb.fn.count<bigint>('id').filterWhere('created_at', '<', overdueBefore.deposits).as('overdue'),
        ])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ),
    counted(
      db
        .selectFrom('withdrawals')
        .select((eb) => [
          eb.fn.countAll<bigint>().as('count'),
          eb.fn.count<bigint>('id').filterWhere('created_at', '<', overdueBefore.withdrawals).as('overdue'),
        ])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ),
    counted(
      db
        .selectFrom('loans')
        .select((eb) => [
          eb.fn.countAll<bigint>().as('count'),
          eb.fn.count<bigint>('id').filterWhere('applied_at', '<', overdueBefore.loans).as('overdue'),
        ])
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return { kyc, day_trading: dayTrading, deposits, withdrawals, loans };
}

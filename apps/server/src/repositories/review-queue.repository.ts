import type { Db } from '../db/database.js';

/**
 * The funds review queues counted together for the console dashboard: deposits and withdrawals
 * waiting for staff.
 */
export async function countPendingFundsReviews(db: Db): Promise<{ deposits: number; withdrawals: number }> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return { deposits: Number(deposits.count), withdrawals: Number(withdrawals.count) };
}

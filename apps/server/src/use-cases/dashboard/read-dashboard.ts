import type { DataOf, readDashboard } from '@nivesh/contract';
import { formatPaise, istDate, istDayStartMs } from '@nivesh/core';
import { sql } from 'kysely';
import type { AppDeps } from '../../application/context.js';
import { readFeed } from '../market/feed-control.js';

type Dashboard = DataOf<typeof readDashboard>;

/**
 * Which ledger entry kinds each figure counts. Deposits and withdrawals are the entries that move
 * money in and out (an approved deposit, a paid withdrawal); traded value is every `trade_…` entry,
 * whatever the trading area names them. Each figure is the INR its entries moved (the sum of their
 * positive postings) today in IST; reversals are entries of their own kind and are not counted.
 */
export const DASHBOARD_KINDS = {
  deposits: ['deposit_approved'],
  withdrawals: ['withdrawal_paid'],
  traded: ['trade_%'],
} as const;

export async function readDashboardSummary(deps: AppDeps, nowMs: number): Promise<Dashboard> {
  const { db } = deps;
  const today = istDate(nowMs);
  const dayStart = new Date(istDayStartMs(today));
  const figure = async (kinds: readonly string[]) => {
    const result = await sql<{ entries: bigint; moved: string | null }>`
      SELECT count(DISTINCT e.id) AS entries, sum(p.amount_minor)::text AS moved
      FROM journal_entries e JOIN postings p ON p.entry_id = e.id
      WHERE e.created_at >= ${dayStart} AND p.amount_minor > 0 AND p.currency = 'INR'
        AND e.kind LIKE ANY (${sql.val([...kinds])}::text[])
    `.execute(db);
    const row = result.rows[0];
    return { count: Number(row?.entries ?? 0n), amount: formatPaise(BigInt(row?.moved ?? '0')) };
  };
  const [
    users,
    deposits,
    withdrawals,
    traded,
    reviews,
    pendingDeposits,
    pendingWithdrawals,
    reconciliation,
    feed,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<bigint>().as('total'),
        eb.fn.count<bigint>('id').filterWhere('created_at', '>=', dayStart).as('new_today'),
      ])
      .executeTakeFirstOrThrow(),
    figure(DASHBOARD_KINDS.deposits),
    figure(DASHBOARD_KINDS.withdrawals),
    figure(DASHBOARD_KINDS.traded),
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.count<bigint>('id').filterWhere('kyc_status', '=', 'pending').as('kyc'),
        eb.fn.count<bigint>('id').filterWhere('day_trading_status', '=', 'pending').as('day_trading'),
      ])
      .executeTakeFirstOrThrow(),
    // Funds queues (issue 9, queues helper): pending deposits and withdrawals.
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
    db
      .selectFrom('audit_log')
      .leftJoin('staff_users', (join) =>
        join.on((eb) => eb(eb.cast('staff_users.id', 'text'), '=', eb.ref('audit_log.actor_id'))),
      )
      .select(['audit_log.at', 'audit_log.after', 'staff_users.username'])
      .where('audit_log.action', '=', 'ledger.reconcile')
      .orderBy('audit_log.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    readFeed(deps),
  ]);
  const report = reconciliation?.after as { ok?: boolean; problems?: number } | null | undefined;
  return {
    users: { total: Number(users.total), newToday: Number(users.new_today) },
    today: {
      date: today,
      deposits,
      withdrawals,
      traded,
      kinds: {
        deposits: [...DASHBOARD_KINDS.deposits],
        withdrawals: [...DASHBOARD_KINDS.withdrawals],
        traded: DASHBOARD_KINDS.traded.map((kind) => kind.replace('%', '*')),
      },
    },
    // KYC and day trading read their pending state from the user row; deposits and withdrawals
    // count their pending rows. Loans add theirs when they land.
    pendingReviews: [
      { queue: 'kyc', count: Number(reviews.kyc) },
      { queue: 'day_trading', count: Number(reviews.day_trading) },
      { queue: 'deposits', count: Number(pendingDeposits.count) },
      { queue: 'withdrawals', count: Number(pendingWithdrawals.count) },
    ],
    reconciliation: reconciliation
      ? {
          checkedAt: reconciliation.at.getTime(),
          ok: report?.ok === true,
          problems: Number(report?.problems ?? 0),
          by: reconciliation.username ?? null,
        }
      : null,
    feed,
    // The engine (limit triggers, stop-outs, square-off) comes with the trading issue; it will
    // report the process holding its advisory lock here.
    engine: {
      running: false,
      leader: null,
      since: null,
      note: 'not running: the engine comes with the trading issue',
    },
  };
}

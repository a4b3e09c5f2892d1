import type { DataOf, readDashboard } from '@nivesh/contract';
import { formatPaise, istDate, istDayStartMs } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findLatestAudit } from '../../repositories/audit.repository.js';
import { sumInrMovedSince } from '../../repositories/journal.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';
import { countUsers } from '../../repositories/user.repository.js';
import { readFeed } from '../market/feed-control.js';
import { readReviewBacklog } from './review-backlog.js';

type Dashboard = DataOf<typeof readDashboard>;

/**
 * Which ledger entry kinds each figure counts. Deposits and withdrawals are the entries that move
 * money in and out (an approved deposit, a paid withdrawal); traded value is every `trade_…` entry,
 * whatever the trading area names them. Each figure is the INR its entries moved (the sum of their
 * positive postings) today in IST; reversals are entries of their own kind and are not counted, and an entry that was reversed
 * is left out (a reversed deposit credited nothing in the end).
 */
export const DASHBOARD_KINDS = {
  deposits: ['deposit_approved'],
  withdrawals: ['withdrawal_paid'],
  traded: ['trade_%'],
} as const;

export async function readDashboardSummary(deps: AppDeps, nowMs: number): Promise<Dashboard> {
  const { db } = deps;
  const today = istDate(nowMs);
  const dayStartMs = istDayStartMs(today);
  const figure = async (kinds: readonly string[]) => {
    const { entries, movedMinor } = await sumInrMovedSince(db, kinds, dayStartMs);
    return { count: entries, amount: formatPaise(movedMinor) };
  };
  const parameters = await readParameters(db);
  const [users, deposits, withdrawals, traded, pendingReviews, reconciliation, feed] = await Promise.all([
    countUsers(db, dayStartMs),
    figure(DASHBOARD_KINDS.deposits),
    figure(DASHBOARD_KINDS.withdrawals),
    figure(DASHBOARD_KINDS.traded),
    readReviewBacklog(db, parameters, nowMs),
    findLatestAudit(db, 'ledger.reconcile'),
    readFeed(deps),
  ]);
  const report = reconciliation?.after as { ok?: boolean; problems?: number } | null | undefined;
  return {
    users: { total: users.total, newToday: users.since },
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
    // Each queue's pending items, and those past its SLA (queue_sla_minutes_*); second approvals
    // are the Approvals page's queue (ADR 0027).
    pendingReviews,
    reconciliation: reconciliation
      ? {
          checkedAt: reconciliation.atMs,
          ok: report?.ok === true,
          problems: Number(report?.problems ?? 0),
          by: reconciliation.actorName,
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

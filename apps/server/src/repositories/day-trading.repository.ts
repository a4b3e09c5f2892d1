import type { approveDayTrading, DataOf } from '@nivesh/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DayTradingApplicationsTable } from '../db/schema.js';

export type DayTradingApplicationView = DataOf<typeof approveDayTrading>;

/** Day-trading applications with the applicant's phone and name, for the console. */
export function applicationQuery(db: Db) {
  return db
    .selectFrom('day_trading_applications')
    .innerJoin('users', 'users.id', 'day_trading_applications.user_id')
    .selectAll('day_trading_applications')
    .select(['users.phone', 'users.real_name']);
}

export function toApplication(
  row: Selectable<DayTradingApplicationsTable> & { phone: string; real_name: string | null },
): DayTradingApplicationView {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    phone: row.phone,
    realName: row.real_name,
    state: row.state,
    appliedAt: row.applied_at.getTime(),
    decidedAt: row.decided_at ? row.decided_at.getTime() : null,
    decidedBy: row.decided_by_staff_id === null ? null : String(row.decided_by_staff_id),
    reason: row.reason,
  };
}

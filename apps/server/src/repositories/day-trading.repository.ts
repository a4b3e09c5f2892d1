import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DayTradingApplicationsTable } from '../db/schema.js';
import { hasRow } from './row-lookups.js';
import { recordFromRow } from './row-records.js';
import { updateRows } from './row-writes.js';
import { announceSessionChange } from './session-changes.js';
import type { UserRecord } from './user.repository.js';

export type DayTradingApplicationState = DayTradingApplicationsTable['state'];
export type DayTradingStatus = UserRecord['dayTradingStatus'];

/** One application for day (intraday) trading, with the applicant's phone and name for the console. */
export interface DayTradingApplicationRecord {
  id: bigint;
  userId: bigint;
  phone: string;
  realName: string | null;
  state: DayTradingApplicationState;
  appliedAtMs: number;
  decidedAtMs: number | null;
  decidedByStaffId: bigint | null;
  reason: string | null;
}

type ApplicationRow = Selectable<DayTradingApplicationsTable> & { phone: string; real_name: string | null };

function toApplicationRecord(row: ApplicationRow): DayTradingApplicationRecord {
  return recordFromRow(row);
}

/** Day-trading applications with the applicant's phone and name. */
function applicationQuery(db: Db) {
  return db
    .selectFrom('day_trading_applications')
    .innerJoin('users', 'users.id', 'day_trading_applications.user_id')
    .selectAll('day_trading_applications')
    .select(['users.phone', 'users.real_name']);
}

/** One application, or undefined when none has the id. */
export async function findDayTradingApplication(
  db: Db,
  id: bigint,
): Promise<DayTradingApplicationRecord | undefined> {
  const row = await applicationQuery(db).where('day_trading_applications.id', '=', id).executeTakeFirst();
  return row && toApplicationRecord(row);
}

/** Applications in one state: pending ones oldest first (the review queue), decided ones newest first. */
export async function findDayTradingApplicationsInState(
  db: Db,
  state: DayTradingApplicationState,
  limit: number,
): Promise<DayTradingApplicationRecord[]> {
  const rows = await applicationQuery(db)
    .where('day_trading_applications.state', '=', state)
    .orderBy('day_trading_applications.id', state === 'pending' ? 'asc' : 'desc')
    .limit(limit)
    .execute();
  return rows.map(toApplicationRecord);
}

/** A user's latest application, if any. */
export function findLatestDayTradingApplication(db: Db, userId: bigint) {
  return db
    .selectFrom('day_trading_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertDayTradingApplication(
  trx: Db,
  input: { userId: bigint; appliedAtMs: number },
): Promise<void> {
  await trx
    .insertInto('day_trading_applications')
    .values({ user_id: input.userId, state: 'pending', applied_at: new Date(input.appliedAtMs) })
    .execute();
}

/**
 * Decides a pending application. The update names the pending state, so of two staff members
 * deciding at once exactly one changes the row: the other gets undefined.
 */
export async function decidePendingDayTradingApplication(
  trx: Db,
  input: {
    id: bigint;
    decision: 'approved' | 'rejected';
    decidedAtMs: number;
    staffId: bigint;
    reason: string | null;
  },
): Promise<{ id: bigint; userId: bigint } | undefined> {
  const row = await trx
    .updateTable('day_trading_applications')
    .set({
      state: input.decision,
      decided_at: new Date(input.decidedAtMs),
      decided_by_staff_id: input.staffId,
      reason: input.reason,
    })
    .where('id', '=', input.id)
    .where('state', '=', 'pending')
    .returning(['id', 'user_id'])
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id };
}

/** Tells whether an application with the id exists, in any state. */
export async function dayTradingApplicationExists(db: Db, id: bigint): Promise<boolean> {
  return hasRow(db, 'day_trading_applications', { id });
}

/** A user's day-trading status (kept on the user's row, the one the order checks read). */
export async function setUserDayTradingStatus(
  trx: Db,
  userId: bigint,
  status: DayTradingStatus,
): Promise<void> {
  await updateRows(trx, 'users', { id: userId }, { day_trading_status: status });
  announceSessionChange(userId);
}

import type { Db } from '../db/database.js';
import { findRow } from './row-lookups.js';

/** A trading calendar row staff added (table calendar_days). */
export interface StaffCalendarDay {
  date: string;
  kind: 'holiday' | 'special';
  opensAt: string | undefined;
  closesAt: string | undefined;
  description: string;
  createdByStaffId: bigint;
  createdByUsername: string;
  createdAtMs: number;
}

/** Every row staff added to the NSE calendar, oldest date first. */
export async function listStaffCalendarDays(db: Db): Promise<StaffCalendarDay[]> {
  const rows = await db
    .selectFrom('calendar_days')
    .innerJoin('staff_users', 'staff_users.id', 'calendar_days.created_by_staff_id')
    .select([
      'calendar_days.date',
      'calendar_days.kind',
      'calendar_days.opens_at',
      'calendar_days.closes_at',
      'calendar_days.description',
      'calendar_days.created_by_staff_id',
      'calendar_days.created_at',
      'staff_users.username',
    ])
    .where('calendar_days.calendar', '=', 'nse')
    .orderBy('calendar_days.date')
    .execute();
  return rows.map((row) => ({
    date: row.date,
    kind: row.kind,
    opensAt: row.opens_at ?? undefined,
    closesAt: row.closes_at ?? undefined,
    description: row.description,
    createdByStaffId: row.created_by_staff_id,
    createdByUsername: row.username,
    createdAtMs: row.created_at.getTime(),
  }));
}

export async function insertStaffCalendarDay(
  db: Db,
  row: Omit<StaffCalendarDay, 'createdByUsername'>,
): Promise<void> {
  await db
    .insertInto('calendar_days')
    .values({
      date: row.date,
      kind: row.kind,
      opens_at: row.opensAt ?? null,
      closes_at: row.closesAt ?? null,
      description: row.description,
      created_by_staff_id: row.createdByStaffId,
      created_at: new Date(row.createdAtMs),
    })
    .execute();
}

/** The kind of the row staff added on a date, if there is one. */
export async function findStaffCalendarDayKind(
  db: Db,
  date: string,
): Promise<StaffCalendarDay['kind'] | undefined> {
  return (await findRow(db, 'calendar_days', { calendar: 'nse', date }))?.kind;
}

/** Deletes the row staff added on a date; answers whether there was one. */
export async function deleteStaffCalendarDay(db: Db, date: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('calendar_days')
    .where('calendar', '=', 'nse')
    .where('date', '=', date)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

import type { IstDate } from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface CheckinDay {
  day: IstDate;
  streak: number;
}

/** The user's latest check-in on or before `onOrBefore`, if any. */
export async function findLastCheckin(
  db: Db,
  userId: bigint,
  onOrBefore: IstDate,
): Promise<CheckinDay | undefined> {
  const row = await db
    .selectFrom('checkins')
    .select([sql<string>`ist_day::text`.as('day'), 'streak'])
    .where('user_id', '=', userId)
    .where('ist_day', '<=', onOrBefore)
    .orderBy('ist_day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { day: row.day, streak: row.streak } : undefined;
}

export async function countCheckins(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('checkins')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

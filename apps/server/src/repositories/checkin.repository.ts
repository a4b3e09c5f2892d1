import type { IstDate } from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { countRows, findRecord, lockRecord } from './row-lookups.js';
import { insertRowIfAbsent, updateRows } from './row-writes.js';

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
  return countRows(db, 'checkins', { user_id: userId });
}

/** Records a check-in; answers false when the user already checked in that day. */
export async function insertCheckin(
  db: Db,
  checkin: { userId: bigint; day: IstDate; streak: number; atMs: number },
): Promise<boolean> {
  const row = {
    user_id: checkin.userId,
    ist_day: checkin.day,
    streak: checkin.streak,
    checked_in_at: new Date(checkin.atMs),
  };
  return insertRowIfAbsent(db, 'checkins', row, ['user_id', 'ist_day']);
}

/** The days the user checked in from `from` to `to`, both included, oldest first. */
export async function listCheckinDays(
  db: Db,
  userId: bigint,
  from: IstDate,
  to: IstDate,
): Promise<IstDate[]> {
  const rows = await db
    .selectFrom('checkins')
    .select(sql<string>`ist_day::text`.as('day'))
    .where('user_id', '=', userId)
    .where('ist_day', '>=', from)
    .where('ist_day', '<=', to)
    .orderBy('ist_day')
    .execute();
  return rows.map((row) => row.day);
}

/** A row of the reward table: a count of check-ins and what reaching it pays. */
export interface CheckinReward {
  id: bigint;
  requiredCount: number;
  amountPaise: bigint;
  isActive: boolean;
}

function toCheckinReward(row: { id: bigint; required_count: number; amount_paise: bigint; active: boolean }) {
  return {
    id: row.id,
    requiredCount: row.required_count,
    amountPaise: row.amount_paise,
    isActive: row.active,
  };
}

/** The reward table by required count: every row, or the active ones only. */
export async function findCheckinRewards(db: Db, only: 'all' | 'active'): Promise<CheckinReward[]> {
  let query = db.selectFrom('checkin_rewards').selectAll().orderBy('required_count');
  if (only === 'active') query = query.where('active', '=', true);
  return (await query.execute()).map(toCheckinReward);
}

export async function findActiveCheckinReward(db: Db, id: bigint): Promise<CheckinReward | undefined> {
  return findRecord(db, 'checkin_rewards', { id, active: true }, toCheckinReward);
}

/** A reward row, locked until the transaction ends. */
export async function lockCheckinReward(trx: Db, id: bigint): Promise<CheckinReward | undefined> {
  return lockRecord(trx, 'checkin_rewards', { id }, toCheckinReward);
}

/** Adds a reward row (id absent) or changes one; answers its id. */
export async function upsertCheckinReward(
  trx: Db,
  reward: Omit<CheckinReward, 'id'> & { id?: bigint },
): Promise<bigint> {
  const values = {
    required_count: reward.requiredCount,
    amount_paise: reward.amountPaise,
    active: reward.isActive,
  };
  if (reward.id !== undefined) {
    await updateRows(trx, 'checkin_rewards', { id: reward.id }, values);
    return reward.id;
  }
  return (await trx.insertInto('checkin_rewards').values(values).returning('id').executeTakeFirstOrThrow())
    .id;
}

/** Records a claim; answers false when the user had already claimed this reward. */
export async function insertCheckinClaim(
  trx: Db,
  userId: bigint,
  rewardId: bigint,
  atMs: number,
): Promise<boolean> {
  const claim = { user_id: userId, reward_id: rewardId, claimed_at: new Date(atMs) };
  return insertRowIfAbsent(trx, 'checkin_claims', claim, ['user_id', 'reward_id']);
}

/** The ids of the rewards the user has claimed. */
export async function listClaimedRewardIds(db: Db, userId: bigint): Promise<Set<bigint>> {
  const rows = await db
    .selectFrom('checkin_claims')
    .select('reward_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.reward_id));
}

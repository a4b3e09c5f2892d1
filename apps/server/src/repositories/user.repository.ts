import type { Db } from '../db/database.js';
import type { UserFlag } from '../db/schema.js';

export interface UserRecord {
  id: bigint;
  phone: string;
  passwordHash: string;
  fundPasswordHash: string | null;
  realName: string | null;
  kycStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
  creditScore: number;
  dayTradingStatus: 'none' | 'pending' | 'approved' | 'rejected';
  language: 'en' | 'hi' | 'zh';
  referrerId: bigint | null;
  fundPasswordFailures: number;
  fundPasswordLockedUntilMs: number | null;
  createdAtMs: number;
}

const userColumns = [
  'id',
  'phone',
  'password_hash',
  'fund_password_hash',
  'real_name',
  'kyc_status',
  'credit_score',
  'day_trading_status',
  'language',
  'referrer_id',
  'fund_password_failures',
  'fund_password_locked_until',
  'created_at',
] as const;

type UserRow = {
  id: bigint;
  phone: string;
  password_hash: string;
  fund_password_hash: string | null;
  real_name: string | null;
  kyc_status: UserRecord['kycStatus'];
  credit_score: number;
  day_trading_status: UserRecord['dayTradingStatus'];
  language: UserRecord['language'];
  referrer_id: bigint | null;
  fund_password_failures: number;
  fund_password_locked_until: Date | null;
  created_at: Date;
};

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    phone: row.phone,
    passwordHash: row.password_hash,
    fundPasswordHash: row.fund_password_hash,
    realName: row.real_name,
    kycStatus: row.kyc_status,
    creditScore: row.credit_score,
    dayTradingStatus: row.day_trading_status,
    language: row.language,
    referrerId: row.referrer_id,
    fundPasswordFailures: row.fund_password_failures,
    fundPasswordLockedUntilMs: row.fund_password_locked_until?.getTime() ?? null,
    createdAtMs: row.created_at.getTime(),
  };
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(userColumns).where('phone', '=', phone).executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Db, id: bigint): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** Reads a user and holds its row lock until the transaction ends. */
export async function lockUserById(db: Db, id: bigint): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(userColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserFlags(db: Db, userId: bigint): Promise<UserFlag[]> {
  const rows = await db.selectFrom('user_flags').select('flag').where('user_id', '=', userId).execute();
  return rows.map((row) => row.flag);
}

// Registration and the fund password (use-cases/accounts).

/** A new investor; answers the id. */
export async function insertInvestor(
  trx: Db,
  user: { phone: string; passwordHash: string; referrerId: bigint | null },
): Promise<bigint> {
  const row = await trx
    .insertInto('users')
    .values({ phone: user.phone, password_hash: user.passwordHash, referrer_id: user.referrerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores a new fund password hash and clears the failure count and lock. */
export async function setFundPasswordHash(trx: Db, userId: bigint, fundPasswordHash: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      fund_password_hash: fundPasswordHash,
      fund_password_failures: 0,
      fund_password_locked_until: null,
    })
    .where('id', '=', userId)
    .execute();
}

export async function clearFundPasswordFailures(db: Db, userId: bigint): Promise<void> {
  await db.updateTable('users').set({ fund_password_failures: 0 }).where('id', '=', userId).execute();
}

/** Counts one more wrong fund password; answers the failures in a row so far. */
export async function countFundPasswordFailure(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ fund_password_failures: eb('fund_password_failures', '+', 1) }))
    .where('id', '=', userId)
    .returning('fund_password_failures')
    .executeTakeFirstOrThrow();
  return row.fund_password_failures;
}

/** Locks fund actions until a moment, starting the failure count again. */
export async function lockFundPassword(db: Db, userId: bigint, untilMs: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ fund_password_failures: 0, fund_password_locked_until: new Date(untilMs) })
    .where('id', '=', userId)
    .execute();
}

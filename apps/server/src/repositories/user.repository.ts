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

// Copy trading: the strategy account a product trades through (use-cases/follow/create-follow-product.ts).

/**
 * A users row of kind 'strategy': KYC verified, so the ordinary order flow accepts it, with no
 * referrer. The caller gives it a phone that is not a phone number and a hash that never verifies.
 */
export async function insertStrategyUser(
  trx: Db,
  user: { phone: string; passwordHash: string; realName: string },
): Promise<bigint> {
  const row = await trx
    .insertInto('users')
    .values({
      phone: user.phone,
      password_hash: user.passwordHash,
      real_name: user.realName,
      kyc_status: 'verified',
      referrer_id: null,
      account_kind: 'strategy',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// For the loan review queue (use-cases/loans/list-loans.ts): who borrowed, and their cash now.
export interface InvestorWithCash {
  id: bigint;
  phone: string;
  realName: string | null;
  creditScore: number;
  cashPaise: bigint;
}

/** Some users with the balance of their INR cash account (0 when they have none yet). */
export async function findInvestorsWithCash(db: Db, userIds: readonly bigint[]): Promise<InvestorWithCash[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .leftJoin('ledger_accounts as cash', (join) =>
      join
        .onRef('cash.user_id', '=', 'users.id')
        .on('cash.purpose', '=', 'cash')
        .on('cash.currency', '=', 'INR')
        .on('cash.owner_type', '=', 'user'),
    )
    .select(['users.id', 'users.phone', 'users.real_name', 'users.credit_score', 'cash.balance_minor'])
    .where('users.id', 'in', userIds)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    phone: row.phone,
    realName: row.real_name,
    creditScore: row.credit_score,
    cashPaise: row.balance_minor ?? 0n,
  }));
}

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

export async function countFundPasswordFailure(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ fund_password_failures: eb('fund_password_failures', '+', 1) }))
    .where('id', '=', userId)
    .returning('fund_password_failures')
    .executeTakeFirstOrThrow();
  return row.fund_password_failures;
}

export async function lockFundPassword(db: Db, userId: bigint, untilMs: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ fund_password_failures: 0, fund_password_locked_until: new Date(untilMs) })
    .where('id', '=', userId)
    .execute();
}

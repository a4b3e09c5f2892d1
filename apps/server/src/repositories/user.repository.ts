import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserFlag } from '../db/schema.js';
import { containsPattern } from './paging.js';
import { findRowsInOrder } from './row-lookups.js';
import { updateRows } from './row-writes.js';
import { announceSessionChange } from './session-changes.js';

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
  await updateRows(db, 'users', { id: userId }, { fund_password_failures: 0 });
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
  await updateRows(
    db,
    'users',
    { id: userId },
    { fund_password_failures: 0, fund_password_locked_until: new Date(untilMs) },
  );
}

export async function updateUserKyc(
  trx: Db,
  id: bigint,
  change: { kycStatus: UserRecord['kycStatus']; realName?: string },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      kyc_status: change.kycStatus,
      ...(change.realName === undefined ? {} : { real_name: change.realName }),
    })
    .where('id', '=', id)
    .execute();
  announceSessionChange(id);
}

export async function updateCreditScore(trx: Db, id: bigint, creditScore: number): Promise<void> {
  await updateRows(trx, 'users', { id }, { credit_score: creditScore });
}

export interface UserFlagDetail {
  flag: UserFlag;
  reason: string;
  setBy: string;
  setAtMs: number;
}

export async function findUserFlagDetails(db: Db, userId: bigint): Promise<UserFlagDetail[]> {
  const rows = await findRowsInOrder(db, 'user_flags', { user_id: userId }, 'flag');
  return rows.map((row) => ({
    flag: row.flag,
    reason: row.reason,
    setBy: row.set_by,
    setAtMs: row.set_at.getTime(),
  }));
}

export async function upsertUserFlag(
  trx: Db,
  userId: bigint,
  flag: UserFlag,
  detail: Omit<UserFlagDetail, 'flag'>,
) {
  const values = { reason: detail.reason, set_by: detail.setBy, set_at: new Date(detail.setAtMs) };
  await trx
    .insertInto('user_flags')
    .values({ user_id: userId, flag, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'flag']).doUpdateSet(values))
    .execute();
  announceSessionChange(userId);
}

export async function deleteUserFlag(trx: Db, userId: bigint, flag: UserFlag): Promise<void> {
  await trx.deleteFrom('user_flags').where('user_id', '=', userId).where('flag', '=', flag).execute();
  announceSessionChange(userId);
}

export interface UserSummary {
  id: bigint;
  phone: string;
  realName: string | null;
  kycStatus: UserRecord['kycStatus'];
  dayTradingStatus: UserRecord['dayTradingStatus'];
  creditScore: number;
  flags: UserFlag[];
  createdAtMs: number;
}

export interface UserSearch {
  /** Digits match the id exactly or the phone in part; other text the KYC name in part, any case. */
  query?: string;
  kycStatus?: UserRecord['kycStatus'] | undefined;
  flag?: UserFlag | undefined;
}

export async function searchUsersPage(
  db: Db,
  search: UserSearch,
  window: { limit: number; offset: number },
): Promise<{ rows: UserSummary[]; total: number }> {
  // Only investors: a strategy account is the platform's and a paper account is not a person
  // (docs/adr/0026); the console finds the investor, never them (as countUsers).
  let select = db.selectFrom('users').where('users.account_kind', '=', 'investor');
  const query = search.query ?? '';
  if (query !== '') {
    const pattern = containsPattern(query);
    select = /^[0-9]{1,19}$/.test(query)
      ? select.where((eb) => eb.or([eb('users.id', '=', BigInt(query)), eb('users.phone', 'like', pattern)]))
      : select.where('users.real_name', 'ilike', pattern);
  }
  if (search.kycStatus) select = select.where('users.kyc_status', '=', search.kycStatus);
  const flag = search.flag;
  if (flag) {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_flags')
          .select('user_flags.user_id')
          .whereRef('user_flags.user_id', '=', 'users.id')
          .where('user_flags.flag', '=', flag),
      ),
    );
  }
  const [counted, rows] = await Promise.all([
    select.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    select
      .select([
        'users.id',
        'users.phone',
        'users.real_name',
        'users.kyc_status',
        'users.day_trading_status',
        'users.credit_score',
        'users.created_at',
        sql<
          UserFlag[]
        >`coalesce((SELECT array_agg(flag ORDER BY flag) FROM user_flags WHERE user_flags.user_id = users.id), '{}')`.as(
          'flags',
        ),
      ])
      .orderBy('users.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      phone: row.phone,
      realName: row.real_name,
      kycStatus: row.kyc_status,
      dayTradingStatus: row.day_trading_status,
      creditScore: row.credit_score,
      flags: row.flags,
      createdAtMs: row.created_at.getTime(),
    })),
    total: Number(counted.count),
  };
}

export async function countUsers(
  db: Db,
  sinceMs: number,
): Promise<{ total: number; since: number; kycPending: number; dayTradingPending: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<bigint>().as('total'),
      eb.fn.count<bigint>('id').filterWhere('created_at', '>=', new Date(sinceMs)).as('since'),
      eb.fn.count<bigint>('id').filterWhere('kyc_status', '=', 'pending').as('kyc'),
      eb.fn.count<bigint>('id').filterWhere('day_trading_status', '=', 'pending').as('day_trading'),
    ])
    // A copy-trading product's strategy account is the platform's, not a user.
    .where('account_kind', '=', 'investor')
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    since: Number(row.since),
    kycPending: Number(row.kyc),
    dayTradingPending: Number(row.day_trading),
  };
}

/** How staff screens name an investor: the KYC name, else the phone number. */
export async function investorNameOf(db: Db, id: bigint): Promise<string> {
  const user = await findUserById(db, id);
  return user?.realName ?? user?.phone ?? String(id);
}

import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { stampOnce, updateRows } from './row-writes.js';

/**
 * Account closure with retention (docs/adr/0024-openapi-suites-and-account-closure.md): what still
 * ties an investor to the platform, the closure mark, and the removal of personal data once the
 * retention periods have run. Financial records (ledger, orders, positions, deposits, withdrawals,
 * contract notes, audit) are never changed here.
 */

export interface ClosureObstacles {
  hasMoney: boolean;
  hasPositions: boolean;
  hasPendingOrders: boolean;
  hasLoans: boolean;
}

export async function findClosureObstacles(db: Db, userId: bigint): Promise<ClosureObstacles> {
  const money = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('balance_minor', '!=', 0n)
    .limit(1)
    .executeTakeFirst();
  const positions = await db
    .selectFrom('positions')
    .select(['state'])
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'holding'])
    .execute();
  const loan = await db
    .selectFrom('loans')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'outstanding'])
    .limit(1)
    .executeTakeFirst();
  return {
    hasMoney: money !== undefined,
    hasPositions: positions.some((row) => row.state === 'holding'),
    hasPendingOrders: positions.some((row) => row.state === 'pending'),
    hasLoans: loan !== undefined,
  };
}

/** Marks the account closed, once: false when it already was. */
export async function markAccountClosed(db: Db, userId: bigint, atMs: number): Promise<boolean> {
  return stampOnce(db, 'users', { id: userId }, 'closed_at', atMs);
}

export async function isAccountClosed(db: Db, userId: bigint): Promise<boolean> {
  const row = await db.selectFrom('users').select('closed_at').where('id', '=', userId).executeTakeFirst();
  return row?.closed_at != null;
}

export interface ClosedAccountRecord {
  userId: bigint;
  closedAtMs: number;
  lastTransactionAtMs: number | null;
  lastInvestmentAtMs: number | null;
  purgedAtMs: number | null;
}

const msOf = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Closed accounts with what decides their retention: the last ledger entry on any of their accounts
 * (a financial transaction) and the last order or position change (investment business). Only
 * accounts not purged yet unless `userId` names one.
 */
export async function findClosedAccounts(
  db: Db,
  options: { userId?: bigint; limit: number },
): Promise<ClosedAccountRecord[]> {
  let query = db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.closed_at',
      'users.personal_data_purged_at',
      eb
        .selectFrom('postings')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
        .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
        .whereRef('ledger_accounts.user_id', '=', 'users.id')
        .select(sql<Date | null>`max(journal_entries.created_at)`.as('at'))
        .as('last_transaction_at'),
      eb
        .selectFrom('positions')
        .whereRef('positions.user_id', '=', 'users.id')
        .select(
          sql<Date | null>`max(greatest(positions.placed_at, positions.closed_at, positions.cancelled_at))`.as(
            'at',
          ),
        )
        .as('last_investment_at'),
    ])
    .where('users.closed_at', 'is not', null);
  query =
    options.userId === undefined
      ? query.where('users.personal_data_purged_at', 'is', null)
      : query.where('users.id', '=', options.userId);
  const rows = await query.orderBy('users.closed_at').limit(options.limit).execute();
  return rows.map((row) => ({
    userId: row.id,
    closedAtMs: msOf(row.closed_at)!,
    lastTransactionAtMs: msOf(row.last_transaction_at),
    lastInvestmentAtMs: msOf(row.last_investment_at),
    purgedAtMs: msOf(row.personal_data_purged_at),
  }));
}

/**
 * Removes a closed account's personal data: the name, the phone (replaced by a placeholder that keeps
 * it unique), both passwords, the second factor and recovery codes, the devices, watchlists and
 * search history, and the address and browser of its sessions. Money, orders and audit stay.
 */
export async function purgePersonalData(trx: Db, userId: bigint, atMs: number): Promise<void> {
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_second_factors').where('user_id', '=', userId).execute();
  await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_devices').where('user_id', '=', userId).execute();
  const lists = trx.selectFrom('watchlists').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('watchlist_items').where('watchlist_id', 'in', lists).execute();
  await trx.deleteFrom('watchlists').where('user_id', '=', userId).execute();
  await trx.deleteFrom('search_history').where('user_id', '=', userId).execute();
  await updateRows(trx, 'sessions', { user_id: userId }, { ip: null, user_agent: null });
  await trx
    .updateTable('users')
    .set({
      phone: `closed-${userId}`,
      real_name: null,
      // No password hashes to one of these: sign-in is impossible (and refused as closed anyway).
      password_hash: '!purged',
      fund_password_hash: null,
      personal_data_purged_at: new Date(atMs),
    })
    .where('id', '=', userId)
    .execute();
}

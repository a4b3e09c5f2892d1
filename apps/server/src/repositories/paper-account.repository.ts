import type { LedgerBook } from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { countRows, findRecord, lockRecord, type RowOf, readColumnByKey } from './row-lookups.js';
import { recordFromRow } from './row-records.js';
import { insertRow, updateRows } from './row-writes.js';
import { announceSessionChange } from './session-changes.js';

/**
 * Paper accounts (docs/adr/0026-paper-trading.md): a shadow `users` row of kind 'paper' per investor,
 * named by `paper_accounts`, whose ledger accounts the database keeps in the paper book.
 */

export interface PaperAccountRecord {
  userId: bigint;
  paperUserId: bigint;
  openedAtMs: number;
  resetCount: number;
}

const recordOf = (row: RowOf<'paper_accounts'>): PaperAccountRecord => recordFromRow(row);

/** The investor's current paper account, or undefined when none was opened. */
export async function findPaperAccount(db: Db, userId: bigint): Promise<PaperAccountRecord | undefined> {
  return findRecord(db, 'paper_accounts', { user_id: userId }, recordOf);
}

/** The investor's current paper account, locked until the transaction ends (a reset and a switch queue). */
export async function lockPaperAccount(trx: Db, userId: bigint): Promise<PaperAccountRecord | undefined> {
  return lockRecord(trx, 'paper_accounts', { user_id: userId }, recordOf);
}

/**
 * A users row of kind 'paper' for the investor: never signed in (a phone that is not a phone number
 * and a hash that never verifies), its KYC status the investor's at opening. Its ledger accounts
 * open in the paper book (migration 0049).
 */
export async function insertPaperUser(
  trx: Db,
  input: { realUserId: bigint; serial: number },
): Promise<bigint> {
  const row = await trx
    .insertInto('users')
    .columns([
      'phone',
      'password_hash',
      'real_name',
      'kyc_status',
      'language',
      'account_kind',
      'paper_of_user_id',
    ])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          sql<string>`${`paper:${input.realUserId}:${input.serial}`}`.as('phone'),
          sql<string>`'!paper'`.as('password_hash'),
          'real_name',
          'kyc_status',
          'language',
          sql<string>`'paper'`.as('account_kind'),
          'id',
        ])
        .where('id', '=', input.realUserId),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPaperAccount(
  trx: Db,
  input: { userId: bigint; paperUserId: bigint; nowMs: number },
): Promise<void> {
  await insertRow(trx, 'paper_accounts', {
    user_id: input.userId,
    paper_user_id: input.paperUserId,
    opened_at: new Date(input.nowMs),
  });
}

/** A reset: the investor's paper account becomes a freshly opened one. */
export async function replacePaperUser(
  trx: Db,
  input: { userId: bigint; paperUserId: bigint; nowMs: number },
): Promise<void> {
  await trx
    .updateTable('paper_accounts')
    .set((eb) => ({
      paper_user_id: input.paperUserId,
      opened_at: new Date(input.nowMs),
      reset_count: eb('reset_count', '+', 1),
    }))
    .where('user_id', '=', input.userId)
    .execute();
  announceSessionChange(input.userId);
}

/** Which book a session of an investor acts in; the cached sessions of the investor are forgotten. */
export async function setSessionBook(
  trx: Db,
  input: { userId: bigint; sessionId: bigint; book: LedgerBook },
): Promise<void> {
  await updateRows(trx, 'sessions', { id: input.sessionId, user_id: input.userId }, { book: input.book });
  announceSessionChange(input.userId);
}

// A user's book never changes (a trigger refuses it), so whose paper account a user is is
// remembered per database handle.
const OWNER_CACHE_LIMIT = 100_000;
const ownerCache = new WeakMap<Db, Map<bigint, bigint | null>>();

/**
 * The investor a paper account belongs to, or null when `userId` is not a paper account (or no
 * user). Pass the transaction as `readWith` when called inside one (PGlite is one session).
 */
export async function paperOwnerOf(db: Db, userId: bigint, readWith: Db = db): Promise<bigint | null> {
  let cache = ownerCache.get(db);
  if (!cache || cache.size > OWNER_CACHE_LIMIT) {
    cache = new Map();
    ownerCache.set(db, cache);
  }
  const known = cache.get(userId);
  if (known !== undefined) return known;
  const owners = await readColumnByKey(readWith, 'users', { key: 'id', value: 'paper_of_user_id' }, [userId]);
  const owner = owners.get(userId);
  if (owner !== undefined) cache.set(userId, owner);
  return owner ?? null;
}

/** The book a user's ledger accounts are in: 'paper' for a paper account, 'real' for everyone else. */
export async function bookOfUser(db: Db, userId: bigint, readWith: Db = db): Promise<LedgerBook> {
  return (await paperOwnerOf(db, userId, readWith)) === null ? 'real' : 'paper';
}

/** How many paper users exist for an investor, current and reset (the serial of the next one's phone). */
export async function countPaperUsers(trx: Db, realUserId: bigint): Promise<number> {
  return countRows(trx, 'users', { paper_of_user_id: realUserId });
}

import {
  assertBalanced,
  type CurrencyCode,
  type EntryDraft,
  type HouseAccountPurpose,
  USER_ACCOUNT_PURPOSES,
  type UserAccountPurpose,
} from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { PG_CHECK_VIOLATION, pgErrorCode } from '../db/errors.js';
import { AppError } from '../http/app-error.js';

export interface PostedBy {
  type: 'user' | 'staff' | 'system';
  id?: string | bigint | null;
}

export interface PostEntryInput extends EntryDraft {
  referenceType?: string;
  postedBy: PostedBy;
  atMs: number;
  /** The id of the entry this one reverses (corrections). */
  reversesEntryId?: bigint;
  memo?: string;
}

export interface PostedEntry {
  id: bigint;
  key: string;
  /** False when the key had been posted before and the earlier entry is returned unchanged. */
  created: boolean;
}

/**
 * The one way money moves. Takes the transaction first, asserts the entry balances before any SQL,
 * returns the existing entry when its key was already posted, locks the user accounts it touches
 * in ascending id order (one fixed order, so two entries never deadlock on each other), updates
 * their cached balances and writes the postings with each user account's balance after it.
 *
 * House accounts keep no cached balance (ADR 0003), so they are never locked or updated: the fee
 * account every trade touches is not a hot row.
 *
 * A user cash balance that would go below zero is refused by the database's CHECK constraint and
 * answered as FUNDS_INSUFFICIENT; the caller's transaction then rolls back, writing nothing.
 */
export async function postEntry(trx: Db, input: PostEntryInput): Promise<PostedEntry> {
  assertBalanced(input);
  const inserted = await trx
    .insertInto('journal_entries')
    .values({
      entry_key: input.key,
      kind: input.kind,
      reference_type: input.referenceType ?? null,
      reference_id: input.reference ?? null,
      posted_by_type: input.postedBy.type,
      posted_by_id:
        input.postedBy.id === undefined || input.postedBy.id === null ? null : String(input.postedBy.id),
      reverses_entry_id: input.reversesEntryId ?? null,
      memo: input.memo ?? input.reason ?? null,
      created_at: new Date(input.atMs),
    })
    .onConflict((conflict) => conflict.column('entry_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('journal_entries')
      .select('id')
      .where('entry_key', '=', input.key)
      .executeTakeFirstOrThrow();
    return { id: existing.id, key: input.key, created: false };
  }

  // Net change per account; an entry may touch one account more than once.
  const deltaByAccount = new Map<bigint, bigint>();
  for (const posting of input.postings) {
    const id = BigInt(posting.accountId);
    deltaByAccount.set(id, (deltaByAccount.get(id) ?? 0n) + posting.amountMinor);
  }
  const accountIds = [...deltaByAccount.keys()];
  // One statement locks the user accounts in ascending id order and adds each net change; house
  // accounts (no cached balance) are left out by the owner filter. FOR NO KEY UPDATE is enough:
  // no key changes, and it does not block other transactions' foreign-key checks on these rows.
  let updated: { id: bigint; balance_minor: bigint }[];
  try {
    const result = await sql<{ id: bigint; balance_minor: bigint }>`
      WITH deltas AS (
        SELECT * FROM unnest(${accountIds.map(String)}::bigint[], ${accountIds.map((id) => String(deltaByAccount.get(id)))}::bigint[]) AS d(id, delta)
      ),
      locked AS MATERIALIZED (
        SELECT a.id FROM ledger_accounts a JOIN deltas ON deltas.id = a.id
        WHERE a.owner_type = 'user' ORDER BY a.id FOR NO KEY UPDATE OF a
      )
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor + deltas.delta
      FROM locked JOIN deltas ON deltas.id = locked.id
      WHERE a.id = locked.id
      RETURNING a.id, a.balance_minor
    `.execute(trx);
    updated = result.rows;
  } catch (error) {
    if (pgErrorCode(error) === PG_CHECK_VIOLATION && String(error).includes('user_balance_not_negative')) {
      throw new AppError('FUNDS_INSUFFICIENT');
    }
    throw error;
  }
  // Walk each user account from its balance before this entry to give every posting its balance after.
  const runningBalance = new Map<bigint, bigint>();
  for (const account of updated) {
    runningBalance.set(
      BigInt(account.id),
      BigInt(account.balance_minor) - (deltaByAccount.get(BigInt(account.id)) ?? 0n),
    );
  }

  await trx
    .insertInto('postings')
    .values(
      input.postings.map((posting) => {
        const accountId = BigInt(posting.accountId);
        const before = runningBalance.get(accountId);
        let balanceAfter: bigint | null = null;
        if (before !== undefined) {
          balanceAfter = before + posting.amountMinor;
          runningBalance.set(accountId, balanceAfter);
        }
        return {
          entry_id: inserted.id,
          account_id: accountId,
          amount_minor: posting.amountMinor,
          currency: posting.currency,
          balance_after_minor: balanceAfter,
        };
      }),
    )
    .execute();
  return { id: inserted.id, key: input.key, created: true };
}

/** Creates a user's accounts for every purpose in a currency (idempotent). */
export async function openUserAccounts(
  db: Db,
  userId: bigint,
  currency: CurrencyCode = 'INR',
): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(
      USER_ACCOUNT_PURPOSES.map((purpose) => ({
        owner_type: 'user' as const,
        user_id: userId,
        purpose,
        currency,
        balance_minor: 0n,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'purpose', 'currency']).where('owner_type', '=', 'user').doNothing(),
    )
    .execute();
}

/** The id of a user's account, opening the user's accounts in that currency when missing. */
export async function userAccountId(
  db: Db,
  userId: bigint,
  purpose: UserAccountPurpose,
  currency: CurrencyCode,
): Promise<bigint> {
  const find = () =>
    db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_type', '=', 'user')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('currency', '=', currency)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await openUserAccounts(db, userId, currency);
  return (await find())!.id;
}

// House account ids never change once created; remember them per database handle. Resolve them
// with the root handle before a transaction: a handle inside a transaction is short-lived.
const houseAccountCache = new WeakMap<Db, Map<string, bigint>>();

/** The id of a house account, created on first use. */
export async function houseAccountId(
  db: Db,
  purpose: HouseAccountPurpose,
  currency: CurrencyCode,
): Promise<bigint> {
  const cacheKey = `${purpose}:${currency}`;
  let cache = houseAccountCache.get(db);
  if (!cache) {
    cache = new Map();
    houseAccountCache.set(db, cache);
  }
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  await db
    .insertInto('ledger_accounts')
    .values({ owner_type: 'house', user_id: null, purpose, currency, balance_minor: null })
    .onConflict((conflict) =>
      conflict.columns(['purpose', 'currency']).where('owner_type', '=', 'house').doNothing(),
    )
    .execute();
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner_type', '=', 'house')
    .where('purpose', '=', purpose)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  cache.set(cacheKey, row.id);
  return row.id;
}

/** Balances of a user's accounts in one currency, by purpose, from the cached balances. */
export async function userBalancesByPurpose(
  db: Db,
  userId: bigint,
  currency: CurrencyCode,
): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['purpose', 'balance_minor'])
    .where('owner_type', '=', 'user')
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .execute();
  return new Map(rows.map((row) => [row.purpose, row.balance_minor ?? 0n]));
}

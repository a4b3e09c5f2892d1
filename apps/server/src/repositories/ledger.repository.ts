import {
  assertBalanced,
  type CurrencyCode,
  type EntryDraft,
  type HouseAccountPurpose,
  type LedgerBook,
  USER_ACCOUNT_PURPOSES,
  type UserAccountPurpose,
} from '@nivesh/core';
import { sql } from 'kysely';
import { AppError } from '../application/app-error.js';
import type { Db } from '../db/database.js';
import { PG_CHECK_VIOLATION, pgErrorCode } from '../db/errors.js';

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
  const arrays = postingArrays(input.postings);
  // One round trip: the function (migration 0010) inserts the entry unless its key exists, locks and
  // updates the user accounts, and writes the postings with their balances after.
  try {
    const result = await sql<{ entry_id: bigint; created: boolean }>`
      SELECT entry_id, created FROM post_entry(
        ${input.key}, ${input.kind}, ${input.referenceType ?? null}, ${input.reference ?? null},
        ${input.postedBy.type},
        ${input.postedBy.id === undefined || input.postedBy.id === null ? null : String(input.postedBy.id)},
        ${input.reversesEntryId === undefined ? null : String(input.reversesEntryId)}::bigint,
        ${input.memo ?? input.reason ?? null}, ${new Date(input.atMs)}::timestamptz,
        ${arrays.accounts}::bigint[], ${arrays.amounts}::bigint[], ${arrays.currencies}::text[])
    `.execute(trx);
    const row = result.rows[0]!;
    return { id: BigInt(row.entry_id), key: input.key, created: row.created };
  } catch (error) {
    throw asFundsInsufficient(error);
  }
}

/**
 * A cash balance that would go below zero is refused by the database's CHECK constraint: the
 * investor's FUNDS_INSUFFICIENT. Any other error is returned unchanged, for the caller to throw.
 */
export function asFundsInsufficient(error: unknown): unknown {
  if (pgErrorCode(error) === PG_CHECK_VIOLATION && String(error).includes('user_balance_not_negative')) {
    return new AppError('FUNDS_INSUFFICIENT');
  }
  return error;
}

/** A posting list as the three parallel arrays post_entry and the trading functions take. */
export function postingArrays(postings: EntryDraft['postings']) {
  return {
    accounts: postings.map((posting) => String(posting.accountId)),
    amounts: postings.map((posting) => String(posting.amountMinor)),
    currencies: postings.map((posting) => posting.currency),
  };
}

// Reconciliation (DESIGN.md section 4): the checks read the whole ledger, each listing at most `limit` problems.

/** The sum of all postings per currency: zero in each when the ledger holds together. */
export async function sumPostingsByCurrency(db: Db): Promise<{ currency: string; totalMinor: bigint }[]> {
  const result = await sql<{ currency: string; total: string }>`
    SELECT currency, coalesce(sum(amount_minor), 0)::text AS total FROM postings GROUP BY currency ORDER BY currency
  `.execute(db);
  return result.rows.map((row) => ({ currency: row.currency, totalMinor: BigInt(row.total) }));
}

/** The sum of all postings per book and currency (docs/adr/0026): zero in each when the books hold apart. */
export async function sumPostingsByBookAndCurrency(
  db: Db,
): Promise<{ book: string; currency: string; totalMinor: bigint }[]> {
  const result = await sql<{ book: string; currency: string; total: string }>`
    SELECT a.book, p.currency, coalesce(sum(p.amount_minor), 0)::text AS total
    FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
    GROUP BY a.book, p.currency ORDER BY a.book, p.currency
  `.execute(db);
  return result.rows.map((row) => ({
    book: row.book,
    currency: row.currency,
    totalMinor: BigInt(row.total),
  }));
}

/** Entries whose postings touch both books (the database refuses them at commit; this checks it did). */
export async function findEntriesMixingBooks(db: Db, limit: number): Promise<bigint[]> {
  const result = await sql<{ entry_id: bigint }>`
    SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
    GROUP BY p.entry_id HAVING count(DISTINCT a.book) > 1 LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => BigInt(row.entry_id));
}

/** Entries whose postings in a currency do not sum to zero. */
export async function findUnbalancedEntries(
  db: Db,
  limit: number,
): Promise<{ entryId: bigint; currency: string; totalMinor: bigint }[]> {
  const result = await sql<{ entry_id: bigint; currency: string; total: string }>`
    SELECT entry_id, currency, sum(amount_minor)::text AS total FROM postings
    GROUP BY entry_id, currency HAVING sum(amount_minor) <> 0 LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => ({
    entryId: row.entry_id,
    currency: row.currency,
    totalMinor: BigInt(row.total),
  }));
}

/** User accounts whose cached balance differs from the sum of their postings. */
export async function findCachedBalanceMismatches(
  db: Db,
  limit: number,
): Promise<{ accountId: bigint; cachedMinor: bigint; actualMinor: bigint }[]> {
  const result = await sql<{ id: bigint; cached: string; actual: string }>`
    SELECT a.id, a.balance_minor::text AS cached, coalesce(p.total, 0)::text AS actual
    FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
    WHERE a.owner_type = 'user' AND a.balance_minor <> coalesce(p.total, 0)
    LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => ({
    accountId: row.id,
    cachedMinor: BigInt(row.cached),
    actualMinor: BigInt(row.actual),
  }));
}

/** User accounts of the user's own money (every purpose but a loan owed) whose postings sum below zero. */
export async function findNegativeUserAccounts(
  db: Db,
  limit: number,
): Promise<{ accountId: bigint; purpose: string; totalMinor: bigint }[]> {
  const result = await sql<{ id: bigint; purpose: string; total: string }>`
    SELECT a.id, a.purpose, sum(p.amount_minor)::text AS total FROM ledger_accounts a JOIN postings p ON p.account_id = a.id
    WHERE a.owner_type = 'user' AND a.purpose <> 'loan_payable'
    GROUP BY a.id, a.purpose HAVING sum(p.amount_minor) < 0 LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => ({
    accountId: row.id,
    purpose: row.purpose,
    totalMinor: BigInt(row.total),
  }));
}

/** How many accounts, entries and postings the ledger holds. */
export async function countLedgerRows(
  db: Db,
): Promise<{ accounts: number; entries: number; postings: number }> {
  const result = await sql<{ accounts: bigint; entries: bigint; postings: bigint }>`
    SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM journal_entries) AS entries,
           (SELECT count(*) FROM postings) AS postings
  `.execute(db);
  const row = result.rows[0]!;
  return { accounts: Number(row.accounts), entries: Number(row.entries), postings: Number(row.postings) };
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

/**
 * The id of a house account, created on first use. Each book has its own house accounts (docs/adr/0026):
 * a paper trade's fees and counterparty are the paper book's.
 */
export async function houseAccountId(
  db: Db,
  purpose: HouseAccountPurpose,
  currency: CurrencyCode,
  /** The handle to read with on a cache miss: pass the transaction when called inside one (PGlite is one session). */
  readWith: Db = db,
  book: LedgerBook = 'real',
): Promise<bigint> {
  const cacheKey = `${book}:${purpose}:${currency}`;
  let cache = houseAccountCache.get(db);
  if (!cache) {
    cache = new Map();
    houseAccountCache.set(db, cache);
  }
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  await readWith
    .insertInto('ledger_accounts')
    .values({ owner_type: 'house', user_id: null, purpose, currency, balance_minor: null, book })
    .onConflict((conflict) =>
      conflict.columns(['book', 'purpose', 'currency']).where('owner_type', '=', 'house').doNothing(),
    )
    .execute();
  const row = await readWith
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner_type', '=', 'house')
    .where('book', '=', book)
    .where('purpose', '=', purpose)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  cache.set(cacheKey, row.id);
  return row.id;
}

/** Every balance of a user's accounts, all currencies, from the cached balances (the account centre). */
export async function listUserBalances(
  db: Db,
  userId: bigint,
): Promise<{ purpose: string; currency: string; balanceMinor: bigint }[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['purpose', 'currency', 'balance_minor'])
    .where('owner_type', '=', 'user')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    purpose: row.purpose,
    currency: row.currency,
    balanceMinor: row.balance_minor ?? 0n,
  }));
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

// Copy trading and securities lending: a balance read under its row lock, and a house account's balance.

/** A user account's balance read under a row lock, so a check and the posting after it agree. */
export async function lockAccountBalance(trx: Db, accountId: bigint): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.balance_minor ?? 0n;
}

/** The balance of an account summed from its postings (house accounts keep no cached balance, ADR 0003). */
export async function sumAccountPostings(db: Db, accountId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('postings')
    .select(sql<string | null>`sum(amount_minor)`.as('balance'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0);
}

/**
 * Investors' money at an instant, per currency: the sum of the postings on investors' real accounts
 * in entries made before `beforeMs`, what they hold (every purpose but a loan owed) apart from what
 * they owe on loans (`loan_payable`, negative). The end-of-day report's client money (docs/adr/0033).
 * A paper account's virtual cash (ADR 0026) and a strategy account's house capital are no client's.
 */
export async function sumUserMoneyBefore(
  db: Db,
  beforeMs: number,
): Promise<{ currency: string; heldMinor: bigint; loanPayableMinor: bigint; accounts: number }[]> {
  const result = await sql<{ currency: string; held: string; loan: string; accounts: bigint }>`
    SELECT p.currency,
           coalesce(sum(p.amount_minor) FILTER (WHERE a.purpose <> 'loan_payable'), 0)::text AS held,
           coalesce(sum(p.amount_minor) FILTER (WHERE a.purpose = 'loan_payable'), 0)::text AS loan,
           count(DISTINCT a.id) AS accounts
    FROM postings p
    JOIN journal_entries e ON e.id = p.entry_id
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN users u ON u.id = a.user_id
    WHERE a.owner_type = 'user' AND a.book = 'real' AND u.account_kind = 'investor'
      AND e.created_at < ${new Date(beforeMs)}
    GROUP BY p.currency ORDER BY p.currency
  `.execute(db);
  return result.rows.map((row) => ({
    currency: row.currency,
    heldMinor: BigInt(row.held),
    loanPayableMinor: BigInt(row.loan),
    accounts: Number(row.accounts),
  }));
}

import { formatPaise } from '@nivesh/core';
import type { Db } from '../db/database.js';
import { containsPattern } from './paging.js';
import { findRow } from './row-lookups.js';
import { type RowOfRecord, recordFromRow } from './row-records.js';

/** What an entry moved: per currency, the sum of its positive postings, in minor units. */
export async function entryAmounts(
  db: Db,
  entryIds: readonly bigint[],
): Promise<Map<bigint, Map<string, bigint>>> {
  const result = new Map<bigint, Map<string, bigint>>();
  if (entryIds.length === 0) return result;
  const rows = await db
    .selectFrom('postings')
    .select(['entry_id', 'currency', (eb) => eb.fn.sum<string>('amount_minor').as('moved')])
    .where('entry_id', 'in', entryIds)
    .where('amount_minor', '>', 0n)
    .groupBy(['entry_id', 'currency'])
    .orderBy('currency')
    .execute();
  for (const row of rows) {
    const byCurrency = result.get(row.entry_id) ?? new Map<string, bigint>();
    byCurrency.set(row.currency, BigInt(row.moved));
    result.set(row.entry_id, byCurrency);
  }
  return result;
}

/** The largest per-currency amount an entry moved; compared with money thresholds in minor units. */
export function largestAmount(amounts: ReadonlyMap<string, bigint> | undefined): bigint {
  let largest = 0n;
  for (const amount of amounts?.values() ?? []) if (amount > largest) largest = amount;
  return largest;
}

export function amountsForApi(amounts: ReadonlyMap<string, bigint> | undefined) {
  return [...(amounts ?? new Map<string, bigint>())].map(([currency, amount]) => ({
    currency,
    amount: formatPaise(amount),
  }));
}

/** A posting on one of a user's accounts, with its entry's kind and reference (the statement's row). */
export interface UserPostingRecord {
  id: bigint;
  entryId: bigint;
  amountMinor: bigint;
  currency: string;
  balanceAfterMinor: bigint | null;
  purpose: string;
  kind: string;
  referenceType: string | null;
  referenceId: string | null;
  createdAtMs: number;
}

/** Which of a user's postings to read; kinds match LIKE patterns (`deposit\_%`). */
export interface UserPostingFilter {
  currency?: string | undefined;
  kind?: string | undefined;
  kindLike?: string | undefined;
  kindNotLike?: readonly string[] | undefined;
  entryIds?: readonly bigint[] | undefined;
  beforeId?: bigint | undefined;
  limit?: number | undefined;
}

/** A user's postings, newest first by posting id (a stable cursor while new postings arrive). */
export async function listUserPostings(
  db: Db,
  userId: bigint,
  filter: UserPostingFilter,
): Promise<UserPostingRecord[]> {
  let select = db
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
    .select([
      'postings.id',
      'postings.entry_id',
      'postings.amount_minor',
      'postings.currency',
      'postings.balance_after_minor',
      'ledger_accounts.purpose',
      'journal_entries.kind',
      'journal_entries.reference_type',
      'journal_entries.reference_id',
      'journal_entries.created_at',
    ])
    .where('ledger_accounts.owner_type', '=', 'user')
    .where('ledger_accounts.user_id', '=', userId)
    .orderBy('postings.id', 'desc');
  if (filter.currency) select = select.where('postings.currency', '=', filter.currency);
  if (filter.kind) select = select.where('journal_entries.kind', '=', filter.kind);
  if (filter.kindLike) select = select.where('journal_entries.kind', 'like', filter.kindLike);
  for (const pattern of filter.kindNotLike ?? [])
    select = select.where('journal_entries.kind', 'not like', pattern);
  if (filter.entryIds) select = select.where('postings.entry_id', 'in', [...filter.entryIds]);
  if (filter.beforeId !== undefined) select = select.where('postings.id', '<', filter.beforeId);
  if (filter.limit !== undefined) select = select.limit(filter.limit);
  return (await select.execute()).map((row) => recordFromRow(row));
}

/**
 * Entries with a posting on one of a user's accounts whose kind matches none of the patterns, newest
 * first, before an id when paging (the fund records' trade tab).
 */
export async function listUserEntries(
  db: Db,
  userId: bigint,
  filter: { kindNotLike: readonly string[]; beforeId?: bigint | undefined; limit: number },
): Promise<{ id: bigint; kind: string; referenceId: string | null; createdAtMs: number }[]> {
  let select = db
    .selectFrom('journal_entries as e')
    .select(['e.id', 'e.kind', 'e.reference_id', 'e.created_at'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('postings as p')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .select('p.id')
          .whereRef('p.entry_id', '=', 'e.id')
          .where('a.owner_type', '=', 'user')
          .where('a.user_id', '=', userId),
      ),
    )
    .orderBy('e.id', 'desc')
    .limit(filter.limit);
  for (const pattern of filter.kindNotLike) select = select.where('e.kind', 'not like', pattern);
  if (filter.beforeId !== undefined) select = select.where('e.id', '<', filter.beforeId);
  return (await select.execute()).map((row) => recordFromRow(row));
}

/** A journal entry as the console's ledger views list it, with the entry that reverses it, if any. */
export interface JournalEntryListing {
  id: bigint;
  key: string;
  kind: string;
  referenceType: string | null;
  referenceId: string | null;
  postedByType: 'user' | 'staff' | 'system';
  postedById: string | null;
  reversesEntryId: bigint | null;
  reversedByEntryId: bigint | null;
  memo: string | null;
  createdAtMs: number;
}

/** What the console searches entries by: key and reference in part, kind exactly, times [from, to). */
export interface JournalEntrySearch {
  key?: string | undefined;
  kind?: string | undefined;
  reference?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  /** Entries with a posting on one of this user's accounts. */
  userId?: bigint | undefined;
}

function entryListings(db: Db) {
  return db
    .selectFrom('journal_entries as entry')
    .leftJoin('journal_entries as reversal', 'reversal.reverses_entry_id', 'entry.id')
    .select([
      'entry.id',
      'entry.entry_key as key',
      'entry.kind',
      'entry.reference_type',
      'entry.reference_id',
      'entry.posted_by_type',
      'entry.posted_by_id',
      'entry.reverses_entry_id',
      'entry.memo',
      'entry.created_at',
      'reversal.id as reversed_by_entry_id',
    ]);
}

const toEntryListing = (row: object & RowOfRecord<JournalEntryListing>): JournalEntryListing =>
  recordFromRow(row);

export async function findJournalEntryListing(db: Db, id: bigint): Promise<JournalEntryListing | undefined> {
  const row = await entryListings(db).where('entry.id', '=', id).executeTakeFirst();
  return row && toEntryListing(row);
}

/** One page of the entries that match, newest first, and how many match in all. */
export async function searchJournalEntries(
  db: Db,
  search: JournalEntrySearch,
  page: { limit: number; offset: number },
): Promise<{ entries: JournalEntryListing[]; total: number }> {
  let select = entryListings(db);
  if (search.key) select = select.where('entry.entry_key', 'like', containsPattern(search.key));
  if (search.kind) select = select.where('entry.kind', '=', search.kind);
  if (search.reference)
    select = select.where('entry.reference_id', 'like', containsPattern(search.reference));
  if (search.fromMs !== undefined) select = select.where('entry.created_at', '>=', new Date(search.fromMs));
  if (search.toMs !== undefined) select = select.where('entry.created_at', '<', new Date(search.toMs));
  const userId = search.userId;
  if (userId !== undefined) {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('postings')
          .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
          .select('postings.id')
          .whereRef('postings.entry_id', '=', 'entry.id')
          .where('ledger_accounts.user_id', '=', userId),
      ),
    );
  }
  const [counted, rows] = await Promise.all([
    select
      .clearSelect()
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .executeTakeFirstOrThrow(),
    select.orderBy('entry.id', 'desc').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { entries: rows.map(toEntryListing), total: Number(counted.count) };
}

/** An entry as posted, or undefined. */
export async function findJournalEntry(db: Db, id: bigint) {
  return findRow(db, 'journal_entries', { id });
}

/** The id of the entry that reverses this one, when it has been reversed. */
export async function findReversalOf(db: Db, entryId: bigint): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('journal_entries')
    .select('id')
    .where('reverses_entry_id', '=', entryId)
    .executeTakeFirst();
  return row?.id;
}

/** A posting of an entry with the account it moved: its owner and purpose. */
export interface EntryPostingRecord {
  id: bigint;
  accountId: bigint;
  amountMinor: bigint;
  currency: string;
  balanceAfterMinor: bigint | null;
  ownerType: 'user' | 'house';
  userId: bigint | null;
  purpose: string;
}

/** An entry's postings in the order they were written. */
export async function listEntryPostings(db: Db, entryId: bigint): Promise<EntryPostingRecord[]> {
  const rows = await db
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select([
      'postings.id',
      'postings.account_id',
      'postings.amount_minor',
      'postings.currency',
      'postings.balance_after_minor',
      'ledger_accounts.owner_type',
      'ledger_accounts.user_id',
      'ledger_accounts.purpose',
    ])
    .where('postings.entry_id', '=', entryId)
    .orderBy('postings.id')
    .execute();
  return rows.map((row) => recordFromRow(row));
}

export async function sumInrMovedSince(
  db: Db,
  kinds: readonly string[],
  sinceMs: number,
): Promise<{ entries: number; movedMinor: bigint }> {
  const row = await db
    .selectFrom('journal_entries as e')
    .innerJoin('postings as p', 'p.entry_id', 'e.id')
    .select((eb) => [
      eb.fn.count<bigint>('e.id').distinct().as('entries'),
      // As text: a numeric sum may not fit a JavaScript number.
      eb.cast<string | null>(eb.fn.sum('p.amount_minor'), 'text').as('moved'),
    ])
    .where('e.created_at', '>=', new Date(sinceMs))
    .where('p.amount_minor', '>', 0n)
    .where('p.currency', '=', 'INR')
    .where((eb) => eb.or(kinds.map((kind) => eb('e.kind', 'like', kind))))
    // A reversed entry moved nothing in the end: the day's figures leave it out.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('journal_entries as r').select('r.id').whereRef('r.reverses_entry_id', '=', 'e.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return { entries: Number(row?.entries ?? 0n), movedMinor: BigInt(row?.moved ?? '0') };
}

/** One row of the money that moved through an account purpose in a period, by currency and entry kind. */
export interface PurposeFlowRow {
  purpose: string;
  currency: string;
  kind: string;
  entries: number;
  /** The sum of the postings on accounts of the purpose, signed as the ledger signs them. */
  sumMinor: bigint;
}

/**
 * The postings on accounts of the given purposes in entries made in [startMs, endMs), summed by
 * purpose, currency and entry kind: the end-of-day report's money flows and charges (docs/adr/0033).
 * Reversals are entries of their own kind in the period they are made, so a report never changes
 * when a later day reverses one of its entries.
 */
export async function sumPurposePostingsBetween(
  db: Db,
  purposes: readonly string[],
  startMs: number,
  endMs: number,
): Promise<PurposeFlowRow[]> {
  if (purposes.length === 0) return [];
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select((eb) => [
      'a.purpose',
      'p.currency',
      'e.kind',
      eb.fn.count<bigint>('e.id').distinct().as('entries'),
      eb.cast<string>(eb.fn.sum('p.amount_minor'), 'text').as('total'),
    ])
    .where('a.purpose', 'in', purposes)
    // The paper book's house accounts share the purposes; their virtual money is no one's (ADR 0026).
    .where('a.book', '=', 'real')
    .where('e.created_at', '>=', new Date(startMs))
    .where('e.created_at', '<', new Date(endMs))
    .groupBy(['a.purpose', 'p.currency', 'e.kind'])
    .orderBy('a.purpose')
    .orderBy('p.currency')
    .orderBy('e.kind')
    .execute();
  return rows.map((row) => ({
    purpose: row.purpose,
    currency: row.currency,
    kind: row.kind,
    entries: Number(row.entries),
    sumMinor: BigInt(row.total),
  }));
}

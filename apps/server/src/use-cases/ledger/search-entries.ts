import type { BodyOf, DataOf, searchLedgerEntries } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import {
  amountsForApi,
  entryAmounts,
  type JournalEntryListing,
  searchJournalEntries,
} from '../../repositories/journal.repository.js';
import { readConsolePage } from '../../repositories/paging.js';

type EntryRow = DataOf<typeof searchLedgerEntries>['items'][number];

/** Entries as the console's ledger views show them, each with what it moved per currency. */
export async function toEntryRows(db: Db, entries: readonly JournalEntryListing[]): Promise<EntryRow[]> {
  const amounts = await entryAmounts(
    db,
    entries.map((entry) => entry.id),
  );
  return entries.map((entry) => ({
    id: String(entry.id),
    key: entry.key,
    kind: entry.kind,
    referenceType: entry.referenceType,
    reference: entry.referenceId,
    postedByType: entry.postedByType,
    postedById: entry.postedById,
    reversesEntryId: entry.reversesEntryId === null ? null : String(entry.reversesEntryId),
    reversedByEntryId: entry.reversedByEntryId === null ? null : String(entry.reversedByEntryId),
    memo: entry.memo,
    createdAt: entry.createdAtMs,
    amounts: amountsForApi(amounts.get(entry.id)),
  }));
}

/**
 * Journal entries for the console, newest first: key and reference match in part, kind exactly,
 * a user's entries are those with a posting on one of the user's accounts; times are [from, to).
 */
export async function searchEntries(
  db: Db,
  input: BodyOf<typeof searchLedgerEntries>,
): Promise<DataOf<typeof searchLedgerEntries>> {
  const search = {
    key: input.key,
    kind: input.kind,
    reference: input.reference,
    fromMs: input.fromMs,
    toMs: input.toMs,
    userId: input.userId ? BigInt(input.userId) : undefined,
  };
  return readConsolePage(
    input,
    async (window) => {
      const found = await searchJournalEntries(db, search, window);
      return { rows: found.entries, total: found.total };
    },
    (entries) => toEntryRows(db, entries),
  );
}

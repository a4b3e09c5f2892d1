import type { BodyOf, DataOf, readLedgerEntry } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { findJournalEntryListing, listEntryPostings } from '../../repositories/journal.repository.js';
import { readReversalRequests } from './reversal-requests.js';
import { toEntryRows } from './search-entries.js';

/** One entry with its postings, each with the account's owner and purpose, and its reversal requests. */
export async function readEntry(
  db: Db,
  input: BodyOf<typeof readLedgerEntry>,
): Promise<DataOf<typeof readLedgerEntry>> {
  const entryId = BigInt(input.entryId);
  const listing = (await findJournalEntryListing(db, entryId)) ?? refuse('JOURNAL_ENTRY_NOT_FOUND');
  const [entry] = await toEntryRows(db, [listing]);
  const postings = await listEntryPostings(db, entryId);
  return {
    entry: entry!,
    postings: postings.map((posting) => ({
      id: String(posting.id),
      accountId: String(posting.accountId),
      ownerType: posting.ownerType,
      userId: posting.userId === null ? null : String(posting.userId),
      purpose: posting.purpose,
      currency: posting.currency,
      amount: formatPaise(posting.amountMinor),
      balanceAfter: posting.balanceAfterMinor === null ? null : formatPaise(posting.balanceAfterMinor),
    })),
    reversalRequests: await readReversalRequests(db, { entryId }),
  };
}

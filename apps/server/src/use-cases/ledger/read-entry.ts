import type { BodyOf, DataOf, readLedgerEntry } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { readReversalRequests } from './reversal-requests.js';
import { selectEntries, toEntryRows } from './search-entries.js';

/** One entry with its postings, each with the account's owner and purpose, and its reversal requests. */
export async function readEntry(
  db: Db,
  input: BodyOf<typeof readLedgerEntry>,
): Promise<DataOf<typeof readLedgerEntry>> {
  const entryId = BigInt(input.entryId);
  const row = await selectEntries(db).where('entry.id', '=', entryId).executeTakeFirst();
  if (!row) return refuse('JOURNAL_ENTRY_NOT_FOUND');
  const [entry] = await toEntryRows(db, [row]);
  const postings = await db
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
  return {
    entry: entry!,
    postings: postings.map((posting) => ({
      id: String(posting.id),
      accountId: String(posting.account_id),
      ownerType: posting.owner_type,
      userId: posting.user_id === null ? null : String(posting.user_id),
      purpose: posting.purpose,
      currency: posting.currency,
      amount: formatPaise(posting.amount_minor),
      balanceAfter: posting.balance_after_minor === null ? null : formatPaise(posting.balance_after_minor),
    })),
    reversalRequests: await readReversalRequests(db, { entryId }),
  };
}

import type { BodyOf, DataOf, searchLedgerEntries } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import { amountsForApi, entryAmounts } from '../../repositories/journal.repository.js';
import { containsPattern, pageWindow } from '../../repositories/paging.js';

type EntryRow = DataOf<typeof searchLedgerEntries>['items'][number];

/** The entry columns every ledger view shows, with the entry that reverses it, if any. */
export function selectEntries(db: Db) {
  return db
    .selectFrom('journal_entries as entry')
    .leftJoin('journal_entries as reversal', 'reversal.reverses_entry_id', 'entry.id')
    .select([
      'entry.id',
      'entry.entry_key',
      'entry.kind',
      'entry.reference_type',
      'entry.reference_id',
      'entry.posted_by_type',
      'entry.posted_by_id',
      'entry.reverses_entry_id',
      'entry.memo',
      'entry.created_at',
      'reversal.id as reversal_id',
    ]);
}

type SelectedEntry = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

export async function toEntryRows(db: Db, rows: readonly SelectedEntry[]): Promise<EntryRow[]> {
  const amounts = await entryAmounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: String(row.id),
    key: row.entry_key,
    kind: row.kind,
    referenceType: row.reference_type,
    reference: row.reference_id,
    postedByType: row.posted_by_type,
    postedById: row.posted_by_id,
    reversesEntryId: row.reverses_entry_id === null ? null : String(row.reverses_entry_id),
    reversedByEntryId: row.reversal_id === null ? null : String(row.reversal_id),
    memo: row.memo,
    createdAt: row.created_at.getTime(),
    amounts: amountsForApi(amounts.get(row.id)),
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
  const { page, pageSize, offset } = pageWindow(input);
  let select = selectEntries(db);
  if (input.key) select = select.where('entry.entry_key', 'like', containsPattern(input.key));
  if (input.kind) select = select.where('entry.kind', '=', input.kind);
  if (input.reference) select = select.where('entry.reference_id', 'like', containsPattern(input.reference));
  if (input.fromMs !== undefined) select = select.where('entry.created_at', '>=', new Date(input.fromMs));
  if (input.toMs !== undefined) select = select.where('entry.created_at', '<', new Date(input.toMs));
  if (input.userId) {
    const userId = BigInt(input.userId);
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
    select.orderBy('entry.id', 'desc').limit(pageSize).offset(offset).execute(),
  ]);
  return { items: await toEntryRows(db, rows), total: Number(counted.count), page, pageSize };
}

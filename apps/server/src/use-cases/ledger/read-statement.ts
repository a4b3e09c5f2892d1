import type { BodyOf, DataOf, statement } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { keysetPage } from '../../repositories/paging.js';

type StatementQuery = BodyOf<typeof statement>;
type StatementPage = DataOf<typeof statement>;

export const STATEMENT_DEFAULT_LIMIT = 30;

/**
 * Entry kinds behind each of the spec's fund-record tabs, as LIKE patterns. Deposits and withdrawals
 * have their own tabs; the trade tab holds every other movement of the investor's money (orders and
 * positions, and the products that trade for them: IPO, block deals, copy-trading, loans, lending,
 * currency exchange, check-in rewards, transfers), so no entry falls under no tab.
 */
export const DEPOSIT_KINDS = 'deposit\\_%';
export const WITHDRAWAL_KINDS = 'withdrawal\\_%';

/**
 * A user's statement: every posting on their accounts, newest first, each with its entry's kind and
 * reference and the account's balance after it. Paged by posting id (a stable cursor, unlike an
 * offset while new postings arrive).
 */
export async function readStatement(db: Db, userId: bigint, query: StatementQuery): Promise<StatementPage> {
  const limit = query.limit ?? STATEMENT_DEFAULT_LIMIT;
  let select = userPostingsQuery(db, userId).limit(limit + 1);
  if (query.currency) select = select.where('postings.currency', '=', query.currency);
  if (query.kind) select = select.where('journal_entries.kind', '=', query.kind);
  if (query.tab === 'recharge') select = select.where('journal_entries.kind', 'like', DEPOSIT_KINDS);
  if (query.tab === 'withdrawal') select = select.where('journal_entries.kind', 'like', WITHDRAWAL_KINDS);
  if (query.tab === 'trade') {
    select = select
      .where('journal_entries.kind', 'not like', DEPOSIT_KINDS)
      .where('journal_entries.kind', 'not like', WITHDRAWAL_KINDS);
  }
  if (query.cursor) select = select.where('postings.id', '<', BigInt(query.cursor));
  const rows = await select.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map(toStatementRow),
    nextCursor,
  };
}

/**
 * The statement rows of some entries (the ledger rows behind a deposit, a withdrawal or a trade), on
 * the user's own accounts only, newest first. Fund records build on this.
 */
export async function readPostingsOfEntries(
  db: Db,
  userId: bigint,
  entryIds: readonly bigint[],
): Promise<StatementPage['items']> {
  if (entryIds.length === 0) return [];
  const rows = await userPostingsQuery(db, userId)
    .where('postings.entry_id', 'in', [...entryIds])
    .execute();
  return rows.map(toStatementRow);
}

function userPostingsQuery(db: Db, userId: bigint) {
  return db
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
}

function toStatementRow(row: {
  id: bigint;
  entry_id: bigint;
  amount_minor: bigint;
  currency: string;
  balance_after_minor: bigint | null;
  purpose: string;
  kind: string;
  reference_type: string | null;
  reference_id: string | null;
  created_at: Date;
}): StatementPage['items'][number] {
  return {
    postingId: String(row.id),
    entryId: String(row.entry_id),
    time: row.created_at.getTime(),
    kind: row.kind,
    referenceType: row.reference_type,
    reference: row.reference_id,
    account: row.purpose,
    currency: row.currency,
    amount: formatPaise(row.amount_minor),
    balanceAfter: formatPaise(row.balance_after_minor ?? 0n),
  };
}

export const STATEMENT_CSV_MAX_ROWS = 10_000;
const CSV_HEADER = 'time_utc,entry_id,kind,reference_type,reference,account,currency,amount,balance_after';

// A cell that starts with = + - @ could run as a formula in a spreadsheet; quote and guard it.
function csvCell(value: string): string {
  const guarded = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The statement as CSV, newest first, read in pages. */
export async function readStatementCsv(
  db: Db,
  userId: bigint,
  query: Omit<StatementQuery, 'cursor' | 'limit'>,
): Promise<string> {
  const lines = [CSV_HEADER];
  let cursor: string | undefined;
  while (lines.length - 1 < STATEMENT_CSV_MAX_ROWS) {
    const page = await readStatement(db, userId, { ...query, limit: 100, ...(cursor ? { cursor } : {}) });
    for (const row of page.items) {
      lines.push(
        [
          new Date(row.time).toISOString(),
          row.entryId,
          row.kind,
          row.referenceType ?? '',
          row.reference ?? '',
          row.account,
          row.currency,
          row.amount,
          row.balanceAfter,
        ]
          .map((cell) => (/^-?[0-9]+\.[0-9]{2}$/.test(cell) ? cell : csvCell(cell)))
          .join(','),
      );
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return `${lines.join('\n')}\n`;
}

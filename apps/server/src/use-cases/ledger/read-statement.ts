import type { BodyOf, DataOf, statement } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import {
  listUserPostings,
  type UserPostingFilter,
  type UserPostingRecord,
} from '../../repositories/journal.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';

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
  const { page, nextCursor } = await readKeysetPage(query, STATEMENT_DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listUserPostings(db, userId, {
      currency: query.currency,
      kind: query.kind,
      ...fundTabKinds(query.tab),
      beforeId: cursorId,
      limit,
    }),
  );
  return { items: page.map(toStatementRow), nextCursor };
}

/** The entry kinds of one fund-record tab, as a filter of the user's postings. */
export function fundTabKinds(
  tab: StatementQuery['tab'],
): Pick<UserPostingFilter, 'kindLike' | 'kindNotLike'> {
  if (tab === 'recharge') return { kindLike: DEPOSIT_KINDS };
  if (tab === 'withdrawal') return { kindLike: WITHDRAWAL_KINDS };
  if (tab === 'trade') return { kindNotLike: [DEPOSIT_KINDS, WITHDRAWAL_KINDS] };
  return {};
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
  return (await listUserPostings(db, userId, { entryIds })).map(toStatementRow);
}

function toStatementRow(row: UserPostingRecord): StatementPage['items'][number] {
  return {
    postingId: String(row.id),
    entryId: String(row.entryId),
    time: row.createdAtMs,
    kind: row.kind,
    referenceType: row.referenceType,
    reference: row.referenceId,
    account: row.purpose,
    currency: row.currency,
    amount: formatPaise(row.amountMinor),
    balanceAfter: formatPaise(row.balanceAfterMinor ?? 0n),
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

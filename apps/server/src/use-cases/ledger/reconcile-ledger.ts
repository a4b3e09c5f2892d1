import type { DataOf, runReconciliation } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import {
  countLedgerRows,
  findCachedBalanceMismatches,
  findEntriesMixingBooks,
  findNegativeUserAccounts,
  findUnbalancedEntries,
  sumPostingsByBookAndCurrency,
  sumPostingsByCurrency,
} from '../../repositories/ledger.repository.js';

export type ReconciliationReport = DataOf<typeof runReconciliation>;

const MAX_PROBLEMS_LISTED = 100;

/**
 * Proves the ledger holds together (DESIGN.md section 4): for every currency all postings sum to
 * zero; every entry balances per currency; every cached user balance equals the sum of its postings;
 * and no user's own-money account is negative; and the real and paper books each sum to zero, with
 * no entry touching both (docs/adr/0026-paper-trading.md). Reads only; the console shows the report, the
 * `npm run reconcile` command prints it, and every test suite runs it at its end.
 */
export async function reconcileLedger(db: Db, nowMs: number): Promise<ReconciliationReport> {
  const problems: ReconciliationReport['problems'] = [];
  const totals = await sumPostingsByCurrency(db);
  for (const row of totals) {
    if (row.totalMinor !== 0n)
      problems.push({
        kind: 'currency_not_zero',
        detail: `${row.currency} postings sum to ${row.totalMinor}`,
      });
  }
  // Each book on its own (docs/adr/0026-paper-trading.md): paper money never balances real money.
  const bookTotals = await sumPostingsByBookAndCurrency(db);
  for (const row of bookTotals) {
    if (row.totalMinor !== 0n)
      problems.push({
        kind: 'book_not_zero',
        detail: `${row.book} book: ${row.currency} postings sum to ${row.totalMinor}`,
      });
  }
  for (const entryId of await findEntriesMixingBooks(db, MAX_PROBLEMS_LISTED)) {
    problems.push({ kind: 'entry_mixes_books', detail: `entry ${entryId} posts to both books` });
  }
  for (const row of await findUnbalancedEntries(db, MAX_PROBLEMS_LISTED)) {
    problems.push({
      kind: 'entry_unbalanced',
      detail: `entry ${row.entryId} sums to ${row.totalMinor} ${row.currency}`,
    });
  }
  for (const row of await findCachedBalanceMismatches(db, MAX_PROBLEMS_LISTED)) {
    problems.push({
      kind: 'cached_balance_mismatch',
      detail: `account ${row.accountId} caches ${row.cachedMinor} but its postings sum to ${row.actualMinor}`,
    });
  }
  for (const row of await findNegativeUserAccounts(db, MAX_PROBLEMS_LISTED)) {
    problems.push({
      kind: 'user_balance_negative',
      detail: `account ${row.accountId} (${row.purpose}) is ${row.totalMinor}`,
    });
  }
  const count = await countLedgerRows(db);
  return {
    ok: problems.length === 0,
    checkedAt: nowMs,
    accounts: count.accounts,
    entries: count.entries,
    postings: count.postings,
    problems,
    totalsByCurrency: totals.map((row) => ({ currency: row.currency, sum: String(row.totalMinor) })),
    totalsByBook: bookTotals.map((row) => ({
      book: row.book,
      currency: row.currency,
      sum: String(row.totalMinor),
    })),
  };
}

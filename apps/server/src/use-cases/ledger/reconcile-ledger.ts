import type { DataOf, runReconciliation } from '@nivesh/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type ReconciliationReport = DataOf<typeof runReconciliation>;

const MAX_PROBLEMS_LISTED = 100;

/**
 * Proves the ledger holds together (DESIGN.md section 4): for every currency all postings sum to
 * zero; every entry balances per currency; every cached user balance equals the sum of its postings;
 * and no user's own-money account is negative. Reads only; the console shows the report, the
 * `npm run reconcile` command prints it, and every test suite runs it at its end.
 */
export async function reconcileLedger(db: Db, nowMs: number): Promise<ReconciliationReport> {
  const problems: ReconciliationReport['problems'] = [];
  const totals = await sql<{ currency: string; total: string }>`
    SELECT currency, coalesce(sum(amount_minor), 0)::text AS total FROM postings GROUP BY currency ORDER BY currency
  `.execute(db);
  for (const row of totals.rows) {
    if (BigInt(row.total) !== 0n)
      problems.push({ kind: 'currency_not_zero', detail: `${row.currency} postings sum to ${row.total}` });
  }
  const unbalanced = await sql<{ entry_id: bigint; currency: string; total: string }>`
    SELECT entry_id, currency, sum(amount_minor)::text AS total FROM postings
    GROUP BY entry_id, currency HAVING sum(amount_minor) <> 0 LIMIT ${MAX_PROBLEMS_LISTED}
  `.execute(db);
  for (const row of unbalanced.rows) {
    problems.push({
      kind: 'entry_unbalanced',
      detail: `entry ${row.entry_id} sums to ${row.total} ${row.currency}`,
    });
  }
  const mismatched = await sql<{ id: bigint; cached: bigint; actual: string }>`
    SELECT a.id, a.balance_minor AS cached, coalesce(p.total, 0)::text AS actual
    FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
    WHERE a.owner_type = 'user' AND a.balance_minor <> coalesce(p.total, 0)
    LIMIT ${MAX_PROBLEMS_LISTED}
  `.execute(db);
  for (const row of mismatched.rows) {
    problems.push({
      kind: 'cached_balance_mismatch',
      detail: `account ${row.id} caches ${row.cached} but its postings sum to ${row.actual}`,
    });
  }
  const negative = await sql<{ id: bigint; purpose: string; total: string }>`
    SELECT a.id, a.purpose, sum(p.amount_minor)::text AS total FROM ledger_accounts a JOIN postings p ON p.account_id = a.id
    WHERE a.owner_type = 'user' AND a.purpose <> 'loan_payable'
    GROUP BY a.id, a.purpose HAVING sum(p.amount_minor) < 0 LIMIT ${MAX_PROBLEMS_LISTED}
  `.execute(db);
  for (const row of negative.rows) {
    problems.push({
      kind: 'user_balance_negative',
      detail: `account ${row.id} (${row.purpose}) is ${row.total}`,
    });
  }
  const counts = await sql<{ accounts: bigint; entries: bigint; postings: bigint }>`
    SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM journal_entries) AS entries,
           (SELECT count(*) FROM postings) AS postings
  `.execute(db);
  const count = counts.rows[0]!;
  return {
    ok: problems.length === 0,
    checkedAt: nowMs,
    accounts: Number(count.accounts),
    entries: Number(count.entries),
    postings: Number(count.postings),
    problems,
    totalsByCurrency: totals.rows.map((row) => ({ currency: row.currency, sum: row.total })),
  };
}

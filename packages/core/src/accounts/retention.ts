/**
 * How long records of a closed account must be kept (the product spec's constants, "Data retention"):
 * financial transactions 5 years, investment business 10 years, electronic transaction records 5
 * years. Financial records are never deleted; personal data may be removed only once every period
 * that applies has run (docs/adr/0024-openapi-suites-and-account-closure.md).
 */
export const RETENTION_YEARS = {
  financialTransactions: 5,
  investmentBusiness: 10,
  electronicRecords: 5,
} as const;

/**
 * The same UTC calendar instant `years` later; 29 February becomes 1 March.
 * Example: addYearsUtc(Date.UTC(2026, 10, 23), 5) === Date.UTC(2031, 10, 23).
 */
export function addYearsUtc(atMs: number, years: number): number {
  const date = new Date(atMs);
  return Date.UTC(
    date.getUTCFullYear() + years,
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

export interface ClosedAccountActivity {
  closedAtMs: number;
  /** The last ledger entry touching the account (a financial transaction), if any. */
  lastTransactionAtMs: number | null;
  /** The last order, position, subscription or other investment act, if any. */
  lastInvestmentAtMs: number | null;
}

/**
 * The first instant the personal data of a closed account may be removed: 5 years after closing
 * (the account's electronic records) and after its last transaction, 10 years after its last
 * investment business, whichever is latest.
 * Example: closed 2026-11-23 with a last trade the same day: due 2036-11-23; with no trade ever
 * and a last deposit on 2026-11-20: due 2031-11-23 (five years after closing is later).
 */
export function personalDataPurgeDueAtMs(activity: ClosedAccountActivity): number {
  const candidates = [addYearsUtc(activity.closedAtMs, RETENTION_YEARS.electronicRecords)];
  if (activity.lastTransactionAtMs !== null)
    candidates.push(addYearsUtc(activity.lastTransactionAtMs, RETENTION_YEARS.financialTransactions));
  if (activity.lastInvestmentAtMs !== null)
    candidates.push(addYearsUtc(activity.lastInvestmentAtMs, RETENTION_YEARS.investmentBusiness));
  return Math.max(...candidates);
}

/** Whether a closed account's personal data may be removed at `nowMs` (never before its due instant). */
export function isPurgeDue(activity: ClosedAccountActivity, nowMs: number): boolean {
  return nowMs >= personalDataPurgeDueAtMs(activity);
}

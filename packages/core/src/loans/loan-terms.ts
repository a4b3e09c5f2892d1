import { addIstDays, type IstDate, istDate, istDayStartMs } from '../calendar/ist-time.js';
import { invariant } from '../invariant.js';
import { applyBps, DEFAULT_ROUNDING } from '../money/rounding.js';

/**
 * Credit-loan arithmetic (DESIGN.md section 5, "Credit loans"; ADR 0013). Pure: the server keeps the
 * loans and the ledger, these functions decide the numbers.
 *
 * Interest is simple: each IST day that ends while a loan is outstanding adds the daily rate of the
 * principal still outstanding at that day's end, rounded once half away from zero to the paisa.
 * Interest never earns interest. A repayment pays accrued interest first, then principal.
 */

/** The terms an investor may choose, in days. */
export const LOAN_TERMS_DAYS = [7, 15, 30, 60, 90] as const;
export type LoanTermDays = (typeof LOAN_TERMS_DAYS)[number];

export function isLoanTerm(days: number): days is LoanTermDays {
  return (LOAN_TERMS_DAYS as readonly number[]).includes(days);
}

/** What is outstanding on a loan, split as the repayment order needs it. */
export interface LoanBalance {
  principalOutstandingPaise: bigint;
  interestOutstandingPaise: bigint;
}

/**
 * What the borrower owes now: principal and accrued interest not yet repaid.
 *
 * Example: principal `1_000_000n` outstanding and `1_500n` interest gives `1_001_500n` (₹10,015.00).
 */
export function owedPaise(balance: LoanBalance): bigint {
  invariant(balance.principalOutstandingPaise >= 0n, 'principal outstanding must not be negative');
  invariant(balance.interestOutstandingPaise >= 0n, 'interest outstanding must not be negative');
  return balance.principalOutstandingPaise + balance.interestOutstandingPaise;
}

/**
 * One day's interest on the principal outstanding, half away from zero (core `applyBps`).
 *
 * Example: ₹10,000.00 at 5 bps is `dailyInterestPaise(1_000_000n, 5)` = `500n` (₹5.00);
 * ₹12,345.67 gives 617.2835 paise → `617n`.
 */
export function dailyInterestPaise(principalOutstandingPaise: bigint, dailyInterestBps: number): bigint {
  invariant(principalOutstandingPaise >= 0n, 'principal outstanding must not be negative');
  return applyBps(principalOutstandingPaise, dailyInterestBps, DEFAULT_ROUNDING);
}

/**
 * The interest of a whole term when nothing is repaid early: the term's days × one day's interest
 * (each day rounds on its own, exactly as the daily entries will).
 *
 * Example: ₹10,000.00 for 30 days at 5 bps is `15_000n` (₹150.00).
 */
export function interestOverTermPaise(
  principalPaise: bigint,
  dailyInterestBps: number,
  termDays: number,
): bigint {
  return dailyInterestPaise(principalPaise, dailyInterestBps) * BigInt(termDays);
}

/**
 * Splits a repayment: accrued interest first, then principal. A repayment above what is owed is a
 * programming error here: callers refuse it first (REPAY_EXCEEDS_OWED).
 *
 * Example: ₹100.00 against ₹15.00 interest and ₹10,000.00 principal pays `{ interest: 1_500n,
 * principal: 8_500n }`.
 */
export function allocateRepayment(
  balance: LoanBalance,
  amountPaise: bigint,
): { interestPaise: bigint; principalPaise: bigint } {
  invariant(amountPaise > 0n, 'a repayment must be positive');
  invariant(amountPaise <= owedPaise(balance), 'a repayment must not exceed what is owed');
  const interestPaise =
    amountPaise < balance.interestOutstandingPaise ? amountPaise : balance.interestOutstandingPaise;
  return { interestPaise, principalPaise: amountPaise - interestPaise };
}

/**
 * The IST dates whose interest is due by `nowMs`: every date from `firstUnaccrued` that has ended
 * (its next midnight is at or before now), at most `limit` of them (a bound on one run).
 *
 * Example: a loan disbursed on 2026-11-23 and read at 2026-11-25 10:00 IST owes the days
 * `['2026-11-23', '2026-11-24']`.
 */
export function interestDatesDue(firstUnaccrued: IstDate, nowMs: number, limit = 400): IstDate[] {
  const today = istDate(nowMs);
  const dates: IstDate[] = [];
  for (let date = firstUnaccrued; date < today && dates.length < limit; date = addIstDays(date, 1)) {
    dates.push(date);
  }
  return dates;
}

/**
 * When a loan falls due: the IST midnight that ends its last day. A term of N days starting on the
 * disbursement date covers exactly N daily interest entries before it.
 *
 * Example: disbursed 2026-11-23 10:00 IST for 7 days: due 2026-11-30 00:00 IST.
 */
export function loanDueAtMs(disbursedAtMs: number, termDays: number): number {
  return istDayStartMs(addIstDays(istDate(disbursedAtMs), termDays));
}

export type LoanApplicationRefusal =
  | { code: 'AMOUNT_BELOW_MINIMUM'; minPaise: bigint }
  | { code: 'LOAN_OVER_LIMIT'; maxPaise: bigint }
  | { code: 'BORROW_QUOTA_INSUFFICIENT'; availablePaise: bigint };

/**
 * Why an amount cannot be borrowed, or null. Two different ceilings, checked in this order:
 * - the platform's limit on any single loan (`loan_amount_max`), the same for everyone:
 *   LOAN_OVER_LIMIT ("loan over the limit");
 * - the investor's own quota from the staff table by credit score, less what is already borrowed:
 *   BORROW_QUOTA_INSUFFICIENT ("borrow quota insufficient"), also when the score's quota is 0.
 *
 * Example: ₹60,000.00 with a ₹50,000.00 quota and a ₹5,00,000.00 limit is refused with
 * `{ code: 'BORROW_QUOTA_INSUFFICIENT', availablePaise: 5_000_000n }`.
 */
export function loanApplicationRefusal(input: {
  amountPaise: bigint;
  minPaise: bigint;
  maxPaise: bigint;
  quotaPaise: bigint;
  borrowedPaise: bigint;
}): LoanApplicationRefusal | null {
  if (input.amountPaise < input.minPaise) return { code: 'AMOUNT_BELOW_MINIMUM', minPaise: input.minPaise };
  if (input.amountPaise > input.maxPaise) return { code: 'LOAN_OVER_LIMIT', maxPaise: input.maxPaise };
  const availablePaise = borrowablePaise(input.quotaPaise, input.borrowedPaise);
  if (input.amountPaise > availablePaise) return { code: 'BORROW_QUOTA_INSUFFICIENT', availablePaise };
  return null;
}

/**
 * What may still be borrowed: the quota less what is borrowed, never below zero.
 *
 * Example: quota `5_000_000n`, borrowed `1_000_000n` gives `4_000_000n` (₹40,000.00).
 */
export function borrowablePaise(quotaPaise: bigint, borrowedPaise: bigint): bigint {
  const available = quotaPaise - borrowedPaise;
  return available > 0n ? available : 0n;
}

/**
 * Why a repayment cannot be taken, or null: more than is owed (REPAY_EXCEEDS_OWED with what is owed).
 * Zero or a negative amount never gets here: the money parser refuses it.
 *
 * Example: repaying `1_001_501n` when `1_001_500n` is owed is refused with `owedPaise: 1_001_500n`.
 */
export function repaymentRefusal(
  balance: LoanBalance,
  amountPaise: bigint,
): { code: 'REPAY_EXCEEDS_OWED'; owedPaise: bigint } | null {
  const owed = owedPaise(balance);
  return amountPaise > owed ? { code: 'REPAY_EXCEEDS_OWED', owedPaise: owed } : null;
}

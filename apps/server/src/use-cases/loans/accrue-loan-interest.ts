import { addIstDays, dailyInterestPaise, interestDatesDue } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { houseAccountId, postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import { dailyBpsOf, type LoanRow, loanBalanceOf, updateLoan } from '../../repositories/loan.repository.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';

/** The accounts a loan's entries touch, resolved with the root handle before a transaction. */
export interface LoanAccounts {
  cash: bigint;
  loanPayable: bigint;
  houseInterest: bigint;
  houseDepositsClearing: bigint;
}

export async function loanAccountsOf(db: Db, userId: bigint): Promise<LoanAccounts> {
  return {
    cash: await userAccountId(db, userId, 'cash', 'INR'),
    loanPayable: await userAccountId(db, userId, 'loan_payable', 'INR'),
    houseInterest: await houseAccountId(db, 'house_interest', 'INR'),
    houseDepositsClearing: await houseAccountId(db, 'house_deposits_clearing', 'INR'),
  };
}

export interface Accrual {
  loan: LoanRow;
  days: number;
  interestPaise: bigint;
}

/**
 * Charges the daily interest of every IST day that has ended since the last one charged, one entry
 * per day (`loan:<id>:interest:<yyyy-mm-dd>`, kind `loan_interest`: loan_payable − interest,
 * house_interest + interest), on the principal outstanding. The caller holds the loan's row lock.
 *
 * Every act that changes the principal (a repayment) calls this first, so the principal outstanding
 * now is the principal outstanding at the end of each day still to charge: the result is the same
 * whether the engine ran at every midnight or catches up days later. A day whose interest rounds to
 * zero is passed over without an entry (a posting is never zero).
 */
export async function accrueLoanInterest(
  trx: Db,
  loan: LoanRow,
  accounts: LoanAccounts,
  nowMs: number,
): Promise<Accrual> {
  if (loan.state !== 'outstanding' || loan.interest_from_date === null) {
    return { loan, days: 0, interestPaise: 0n };
  }
  const dates = interestDatesDue(loan.interest_from_date, nowMs);
  if (dates.length === 0) return { loan, days: 0, interestPaise: 0n };
  const principalPaise = loanBalanceOf(loan).principalOutstandingPaise;
  const perDayPaise = dailyInterestPaise(principalPaise, dailyBpsOf(loan));
  if (perDayPaise > 0n) {
    for (const date of dates) {
      await postEntry(trx, {
        key: `loan:${loan.id}:interest:${date}`,
        kind: 'loan_interest',
        reference: String(loan.id),
        referenceType: 'loan',
        postedBy: ENGINE_ACTOR,
        atMs: nowMs,
        memo: `interest for ${date}`,
        postings: [
          { accountId: accounts.loanPayable, amountMinor: -perDayPaise, currency: 'INR' },
          { accountId: accounts.houseInterest, amountMinor: perDayPaise, currency: 'INR' },
        ],
      });
    }
  }
  const interestPaise = perDayPaise * BigInt(dates.length);
  const updated = await updateLoan(trx, loan.id, {
    interest_charged_paise: loan.interest_charged_paise + interestPaise,
    interest_from_date: addIstDays(dates[dates.length - 1]!, 1),
  });
  return { loan: updated, days: dates.length, interestPaise };
}

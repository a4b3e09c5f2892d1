import { allocateRepayment, formatPaise, owedPaise, repaymentRefusal } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { PG_CHECK_VIOLATION, pgErrorCode } from '../../db/errors.js';
import { postEntry } from '../../repositories/ledger.repository.js';
import {
  countRepayments,
  insertLoanRepayment,
  type LoanRow,
  loanBalanceOf,
  updateLoan,
} from '../../repositories/loan.repository.js';
import { insertUserMessage, type StoredMessage } from '../../repositories/message.repository.js';
import { accrueLoanInterest, type LoanAccounts } from './accrue-loan-interest.js';

export interface RepaymentSource {
  /** `cash`: from the investor's cash; `staff`: money received outside, recorded by staff. */
  kind: 'cash' | 'staff';
  staffId?: bigint;
  externalReference?: string;
}

export interface PostedRepayment {
  loan: LoanRow;
  owedBeforePaise: bigint;
  interestPaise: bigint;
  principalPaise: bigint;
  entryId: bigint;
  isRepaidInFull: boolean;
}

/**
 * One repayment of an outstanding loan whose row the caller has locked. Interest of the days that
 * have ended is charged first, so the amount is checked against what is owed now; the repayment
 * pays interest first, then principal. The entry `loan:<id>:repay:<n>` moves the amount into
 * `loan_payable` from cash (kind `loan_repayment`) or, for money received outside the platform, from
 * `house_deposits_clearing` (kind `loan_repayment_received`). More than owed is REPAY_EXCEEDS_OWED;
 * more than the cash is FUNDS_INSUFFICIENT; the database's CHECKs (cash never negative,
 * loan_payable never positive) stand behind both.
 */
export async function postLoanRepayment(
  trx: Db,
  locked: LoanRow,
  accounts: LoanAccounts,
  amountPaise: bigint,
  source: RepaymentSource,
  nowMs: number,
): Promise<PostedRepayment> {
  const { loan } = await accrueLoanInterest(trx, locked, accounts, nowMs);
  const balance = loanBalanceOf(loan);
  const refusal = repaymentRefusal(balance, amountPaise);
  if (refusal) refuse('REPAY_EXCEEDS_OWED', { owed: formatPaise(refusal.owedPaise) });
  const split = allocateRepayment(balance, amountPaise);
  const sequence = (await countRepayments(trx, loan.id)) + 1;
  const fromAccount = source.kind === 'cash' ? accounts.cash : accounts.houseDepositsClearing;
  let entryId: bigint;
  try {
    const entry = await postEntry(trx, {
      key: `loan:${loan.id}:repay:${sequence}`,
      kind: source.kind === 'cash' ? 'loan_repayment' : 'loan_repayment_received',
      reference: String(loan.id),
      referenceType: 'loan',
      postedBy:
        source.kind === 'cash' ? { type: 'user', id: loan.user_id } : { type: 'staff', id: source.staffId! },
      atMs: nowMs,
      ...(source.externalReference
        ? { memo: `received outside, reference ${source.externalReference}` }
        : {}),
      postings: [
        { accountId: fromAccount, amountMinor: -amountPaise, currency: 'INR' },
        { accountId: accounts.loanPayable, amountMinor: amountPaise, currency: 'INR' },
      ],
    });
    entryId = entry.id;
  } catch (error) {
    if (pgErrorCode(error) === PG_CHECK_VIOLATION && String(error).includes('loan_payable_not_positive')) {
      refuse('REPAY_EXCEEDS_OWED', { owed: formatPaise(owedPaise(balance)) });
    }
    throw error;
  }
  await insertLoanRepayment(trx, {
    loan_id: loan.id,
    user_id: loan.user_id,
    amount_paise: amountPaise,
    interest_paise: split.interestPaise,
    principal_paise: split.principalPaise,
    source: source.kind,
    external_reference: source.externalReference ?? null,
    staff_id: source.staffId ?? null,
    entry_id: entryId,
    created_at: new Date(nowMs),
  });
  const isRepaidInFull = amountPaise === owedPaise(balance);
  const updated = await updateLoan(trx, loan.id, {
    principal_repaid_paise: loan.principal_repaid_paise + split.principalPaise,
    interest_repaid_paise: loan.interest_repaid_paise + split.interestPaise,
    ...(isRepaidInFull ? { state: 'repaid' as const, repaid_at: new Date(nowMs) } : {}),
  });
  return {
    loan: updated,
    owedBeforePaise: owedPaise(balance),
    interestPaise: split.interestPaise,
    principalPaise: split.principalPaise,
    entryId,
    isRepaidInFull,
  };
}

/** The notice that a loan is repaid in full (once per loan), or null when it is not. */
export async function noticeIfRepaid(
  trx: Db,
  posted: PostedRepayment,
  nowMs: number,
): Promise<StoredMessage | null> {
  if (!posted.isRepaidInFull) return null;
  return insertUserMessage(trx, {
    userId: posted.loan.user_id,
    kind: 'LOAN_REPAID',
    params: { amount: formatPaise(posted.loan.principal_paise) },
    dedupeKey: `loan:${posted.loan.id}:repaid`,
    atMs: nowMs,
  });
}

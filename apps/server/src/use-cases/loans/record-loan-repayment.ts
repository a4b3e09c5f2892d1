import type { loansRecordRepayment as call } from '@nivesh/contract';
import { formatPaise, owedPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { findLoanOwnerId, loanBalanceOf, lockLoan } from '../../repositories/loan.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { loanAccountsOf } from './accrue-loan-interest.js';
import { readLoanReviewItem } from './list-loans.js';
import { parseLoanAmount } from './loan-amount.js';
import { noticeIfRepaid, postLoanRepayment } from './post-loan-repayment.js';

/**
 * `loans/recordRepayment`: the staff-assisted repayment behind "repayment only by contacting customer
 * service". Finance records money the broker received outside the platform for this loan (a bank
 * transfer, with its UTR as the reference, and a reason): `house_deposits_clearing → loan_payable`,
 * exactly as a deposit is cleared, never touching the investor's cash. Never more than owed
 * (REPAY_EXCEEDS_OWED; a loan that is not outstanding owes 0.00); a reference recorded once only
 * (LOAN_REPAYMENT_REFERENCE_USED). Audited with before and after; the investor gets a message.
 */
export const recordLoanRepayment: StaffUseCase<typeof call> = async (deps, context, input) => {
  const id = BigInt(input.id);
  const amountPaise = parseLoanAmount(input.amount);
  const reference = input.reference.trim();
  if (reference.length < 3) refuse('VALIDATION_FAILED', { field: 'reference', reason: 'empty' });
  const ownerId = (await findLoanOwnerId(deps.db, id)) ?? refuse('ORDER_NOT_FOUND');
  const accounts = await loanAccountsOf(deps.db, ownerId);
  try {
    const messages = await inTransaction(deps.db, async (trx) => {
      const loan = (await lockLoan(trx, id)) ?? refuse('ORDER_NOT_FOUND');
      if (loan.state !== 'outstanding') refuse('REPAY_EXCEEDS_OWED', { owed: formatPaise(0n) });
      const posted = await postLoanRepayment(
        trx,
        loan,
        accounts,
        amountPaise,
        { kind: 'staff', staffId: context.staff.id, externalReference: reference },
        context.nowMs,
      );
      const owedAfter = owedPaise(loanBalanceOf(posted.loan));
      await auditStaffAct(trx, context, {
        action: 'loan.repayment.record',
        target: { type: 'loan', id },
        before: { state: 'outstanding', owed: formatPaise(posted.owedBeforePaise) },
        after: {
          state: posted.loan.state,
          owed: formatPaise(owedAfter),
          amount: formatPaise(amountPaise),
          reference,
          entryId: posted.entryId,
        },
        reason: input.reason,
      });
      const recorded = await insertUserMessage(trx, {
        userId: loan.user_id,
        kind: 'LOAN_REPAYMENT_RECORDED',
        params: { amount: formatPaise(amountPaise), reference, owed: formatPaise(owedAfter) },
        dedupeKey: `loan:${id}:recorded:${posted.entryId}`,
        atMs: context.nowMs,
      });
      return [recorded, await noticeIfRepaid(trx, posted, context.nowMs)];
    });
    for (const message of messages) publishMessage(deps.userEvents, message);
  } catch (error) {
    if (isUniqueViolation(error, 'loan_repayments_reference_once')) {
      refuse('LOAN_REPAYMENT_REFERENCE_USED', { reference });
    }
    throw error;
  }
  return readLoanReviewItem(deps.db, id, context.nowMs);
};

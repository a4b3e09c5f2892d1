import type { loanRepay } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { findOpenLoan, lockOutstandingLoanOf } from '../../repositories/loan.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { findUserById, lockUserById } from '../../repositories/user.repository.js';
import { verifyFundPassword } from '../accounts/verify-fund-password.js';
import { auditAct } from '../audit/audit-act.js';
import { loanAccountsOf } from './accrue-loan-interest.js';
import { parseLoanAmount } from './loan-amount.js';
import { toLoanView } from './loan-view.js';
import { noticeIfRepaid, postLoanRepayment } from './post-loan-repayment.js';

/**
 * `loan/repay`: the investor repays from cash, partly or fully, with the fund password (as cash-out:
 * money leaves cash). Refused, writing nothing: a frozen or disabled account (REPAY_VIA_SUPPORT: such
 * an account moves no money itself; customer service records a repayment received by bank transfer),
 * a missing or zero amount, no fund password or a wrong one, no outstanding loan, more than owed
 * (REPAY_EXCEEDS_OWED with what is owed), more than the cash (FUNDS_INSUFFICIENT). Two repayments at
 * once are ordered by the user row lock; the second is checked against what the first left owed.
 */
export const repayLoan: InvestorUseCase<typeof loanRepay> = async (deps, context, input) => {
  if (context.user.flags.has('disabled') || context.user.flags.has('frozen')) refuse('REPAY_VIA_SUPPORT');
  const amountPaise = parseLoanAmount(input.amount);
  const userId = context.user.id;
  const user = (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  if (!(await findOpenLoan(deps.db, userId))) refuse('ORDER_NOT_FOUND');
  await verifyFundPassword(deps, context, user, input.fundPassword);
  const accounts = await loanAccountsOf(deps.db, userId);
  const outcome = await inTransaction(deps.db, async (trx) => {
    await lockUserById(trx, userId);
    const loan = (await lockOutstandingLoanOf(trx, userId)) ?? refuse('ORDER_NOT_FOUND');
    // More than the cash: the cash CHECK refuses the entry (FUNDS_INSUFFICIENT) and all rolls back.
    const posted = await postLoanRepayment(trx, loan, accounts, amountPaise, { kind: 'cash' }, context.nowMs);
    await auditAct(trx, { type: 'user', id: userId }, context, {
      action: 'loan.repay',
      target: { type: 'loan', id: loan.id },
      before: { owed: formatPaise(posted.owedBeforePaise) },
      after: {
        amount: formatPaise(amountPaise),
        interest: formatPaise(posted.interestPaise),
        principal: formatPaise(posted.principalPaise),
        state: posted.loan.state,
        entryId: posted.entryId,
      },
    });
    return { posted, message: await noticeIfRepaid(trx, posted, context.nowMs) };
  });
  publishMessage(deps.userEvents, outcome.message);
  return toLoanView(outcome.posted.loan, context.nowMs);
};

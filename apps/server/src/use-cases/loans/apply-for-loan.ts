import type { loanApply } from '@nivesh/contract';
import { formatPaise, isLoanTerm, loanApplicationRefusal, loanQuotaFor } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { borrowedOf, findOpenLoan, insertLoan, readQuotaTiers } from '../../repositories/loan.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { auditAct } from '../audit/audit-act.js';
import { refuseIfFundsBlocked, requireKycVerified } from '../funds/fund-gates.js';
import { parseLoanAmount } from './loan-amount.js';
import { toLoanView } from './loan-view.js';

/** A second open loan is refused with the code that says which one is in the way. */
function refuseOpenLoan(state: 'pending' | 'outstanding'): never {
  return refuse(state === 'outstanding' ? 'LOAN_OUTSTANDING' : 'ORDER_PENDING_REVIEW');
}

/**
 * `loan/apply`: a credit-loan application, which staff then review. Refused, writing nothing: a
 * disabled or frozen account, KYC not verified, a missing or zero amount, a term not offered, a loan
 * already under review (ORDER_PENDING_REVIEW) or outstanding (LOAN_OUTSTANDING), an amount below
 * the minimum, above the platform's single-loan limit (LOAN_OVER_LIMIT) or above what the credit
 * score's quota still allows (BORROW_QUOTA_INSUFFICIENT). The rate in force is fixed on the loan, so
 * the interest shown before applying is the interest charged. Nothing moves until approval.
 */
export const applyForLoan: InvestorUseCase<typeof loanApply> = async (deps, context, input) => {
  refuseIfFundsBlocked(context.user);
  const amountPaise = parseLoanAmount(input.amount);
  if (!isLoanTerm(input.termDays)) refuse('VALIDATION_FAILED', { field: 'termDays', reason: 'not_offered' });
  const parameters = await readParameters(deps.db);
  const tiers = await readQuotaTiers(deps.db);
  const userId = context.user.id;
  try {
    const row = await inTransaction(deps.db, async (trx) => {
      // The user row lock orders two applications racing; the unique index is the last word.
      const user = (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
      requireKycVerified(user);
      const open = await findOpenLoan(trx, userId);
      if (open) refuseOpenLoan(open.state as 'pending' | 'outstanding');
      const quotaPaise = loanQuotaFor(tiers, user.creditScore);
      const refusal = loanApplicationRefusal({
        amountPaise,
        minPaise: parameters.loan_amount_min,
        maxPaise: parameters.loan_amount_max,
        quotaPaise,
        borrowedPaise: borrowedOf(open),
      });
      if (refusal?.code === 'AMOUNT_BELOW_MINIMUM')
        refuse(refusal.code, { min: formatPaise(refusal.minPaise) });
      if (refusal?.code === 'LOAN_OVER_LIMIT') refuse(refusal.code, { max: formatPaise(refusal.maxPaise) });
      if (refusal?.code === 'BORROW_QUOTA_INSUFFICIENT') {
        refuse(refusal.code, { available: formatPaise(refusal.availablePaise) });
      }
      const inserted = await insertLoan(trx, {
        user_id: userId,
        principal_paise: amountPaise,
        term_days: input.termDays,
        daily_interest_bps: String(parameters.loan_daily_interest_bps),
        state: 'pending',
        applied_at: new Date(context.nowMs),
      });
      await auditAct(trx, { type: 'user', id: userId }, context, {
        action: 'loan.apply',
        target: { type: 'loan', id: inserted.id },
        after: {
          state: 'pending',
          amount: formatPaise(amountPaise),
          termDays: input.termDays,
          dailyInterestBps: String(parameters.loan_daily_interest_bps),
          creditScore: user.creditScore,
          quota: formatPaise(quotaPaise),
        },
      });
      return inserted;
    });
    return toLoanView(row, context.nowMs);
  } catch (error) {
    if (isUniqueViolation(error, 'loans_one_open_per_user')) {
      const open = await findOpenLoan(deps.db, userId);
      refuseOpenLoan((open?.state ?? 'pending') as 'pending' | 'outstanding');
    }
    throw error;
  }
};

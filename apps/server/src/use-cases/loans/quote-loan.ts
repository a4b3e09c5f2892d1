import type { loanQuote } from '@nivesh/contract';
import {
  dailyInterestPaise,
  formatPaise,
  interestOverTermPaise,
  isLoanTerm,
  loanDueAtMs,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { parseLoanAmount } from './loan-amount.js';

/**
 * `loan/quote`: the interest shown before confirming, computed exactly as the daily entries will be:
 * a day's interest on the amount, times the term's days, if nothing is repaid early. It refuses only
 * malformed input; the quota and limits are checked when applying.
 */
export const quoteLoan: InvestorUseCase<typeof loanQuote> = async (deps, context, input) => {
  const amountPaise = parseLoanAmount(input.amount);
  if (!isLoanTerm(input.termDays)) refuse('VALIDATION_FAILED', { field: 'termDays', reason: 'not_offered' });
  const bps = await readParameter(deps.db, 'loan_daily_interest_bps');
  const interest = interestOverTermPaise(amountPaise, bps, input.termDays);
  return {
    amount: formatPaise(amountPaise),
    termDays: input.termDays,
    dailyInterestBps: String(bps),
    dailyInterest: formatPaise(dailyInterestPaise(amountPaise, bps)),
    interestOverTerm: formatPaise(interest),
    totalDue: formatPaise(amountPaise + interest),
    dueAtIfApprovedNow: loanDueAtMs(context.nowMs, input.termDays),
  };
};

import type { DataOf, loanInfo } from '@nivesh/contract';
import { borrowablePaise, formatPaise, LOAN_TERMS_DAYS, loanQuotaFor, owedPaise } from '@nivesh/core';
import type { AppDeps, UserContext } from '../../application/context.js';
import { userBalancesByPurpose } from '../../repositories/ledger.repository.js';
import {
  borrowedOf,
  findOpenLoan,
  loanBalanceOf,
  readQuotaTiers,
} from '../../repositories/loan.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { withdrawableIn } from '../withdrawals/withdrawal-rules.js';
import { toLoanView } from './loan-view.js';

/**
 * `loan/info`: what the loan screens show. Owed is what the loan row and the ledger agree on (interest
 * up to the last IST day the engine charged). `cashShort` says plainly when cash cannot cover what is
 * owed, so the screen can offer a partial repayment or customer service.
 */
export async function readLoanInfo(deps: AppDeps, context: UserContext): Promise<DataOf<typeof loanInfo>> {
  const userId = context.user.id;
  const user = (await findUserById(deps.db, userId))!;
  const parameters = await readParameters(deps.db);
  const quotaPaise = loanQuotaFor(await readQuotaTiers(deps.db), user.creditScore);
  const open = await findOpenLoan(deps.db, userId);
  const borrowed = borrowedOf(open);
  const owed = open ? owedPaise(loanBalanceOf(open)) : 0n;
  const cash = (await userBalancesByPurpose(deps.db, userId, 'INR')).get('cash') ?? 0n;
  return {
    creditScore: user.creditScore,
    quota: formatPaise(quotaPaise),
    borrowed: formatPaise(borrowed),
    borrowable: formatPaise(open ? 0n : borrowablePaise(quotaPaise, borrowed)),
    minAmount: formatPaise(parameters.loan_amount_min),
    maxAmount: formatPaise(parameters.loan_amount_max),
    terms: [...LOAN_TERMS_DAYS],
    dailyInterestBps: String(parameters.loan_daily_interest_bps),
    cash: formatPaise(cash),
    withdrawable: formatPaise(await withdrawableIn(deps.db, userId, 'INR')),
    owed: formatPaise(owed),
    cashShort: owed > cash,
    current: open ? toLoanView(open, context.nowMs) : null,
  };
}

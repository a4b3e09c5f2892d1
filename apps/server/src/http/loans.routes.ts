import {
  loanApply,
  loanInfo,
  loanQuote,
  loanRecords,
  loanRepay,
  loansApprove,
  loansList,
  loansRecordRepayment,
  loansReject,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { applyForLoan } from '../use-cases/loans/apply-for-loan.js';
import { approveLoan, rejectLoan } from '../use-cases/loans/decide-loan.js';
import { listLoans } from '../use-cases/loans/list-loans.js';
import { listOwnLoans } from '../use-cases/loans/list-own-loans.js';
import { quoteLoan } from '../use-cases/loans/quote-loan.js';
import { readLoanInfo } from '../use-cases/loans/read-loan-info.js';
import { recordLoanRepayment } from '../use-cases/loans/record-loan-repayment.js';
import { repayLoan } from '../use-cases/loans/repay-loan.js';
import { registerCall } from './register-call.js';
import { registerConsoleUseCase } from './register-console-call.js';

/**
 * Credit loans (docs/adr/0013-credit-loans.md): the investor's `loan/...` calls and the staff's
 * `loans/...` review calls.
 */
export function registerLoanRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, loanInfo, (_body, context) => readLoanInfo(deps, context));
  registerCall(app, deps, loanQuote, (body, context) => quoteLoan(deps, context, body));
  registerCall(app, deps, loanApply, (body, context) => applyForLoan(deps, context, body));
  registerCall(app, deps, loanRepay, (body, context) => repayLoan(deps, context, body));
  registerCall(app, deps, loanRecords, (body, context) => listOwnLoans(deps, context, body));

  registerConsoleUseCase(app, deps, loansList, listLoans);
  registerConsoleUseCase(app, deps, loansApprove, approveLoan);
  registerConsoleUseCase(app, deps, loansReject, rejectLoan);
  registerConsoleUseCase(app, deps, loansRecordRepayment, recordLoanRepayment);
}

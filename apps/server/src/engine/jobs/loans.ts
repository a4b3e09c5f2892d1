import { formatPaise, istDate, owedPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { userBalancesByPurpose } from '../../repositories/ledger.repository.js';
import {
  findLoansWithWorkDue,
  loanBalanceOf,
  lockLoan,
  updateLoan,
} from '../../repositories/loan.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { accrueLoanInterest, loanAccountsOf } from '../../use-cases/loans/accrue-loan-interest.js';
import { lastDayOfTerm } from '../../use-cases/loans/decide-loan.js';
import { ENGINE_ACTOR } from '../../use-cases/trading/engine-support.js';

/** Loans handled per run; the next sweep takes the rest. */
const LOANS_PER_RUN = 500;

/**
 * The credit-loan work of the engine leader, due by the injected clock (ADR 0013):
 * - the daily interest of every outstanding loan for each IST day that has ended
 *   (`loan:<id>:interest:<yyyy-mm-dd>`), caught up day by day when the engine was down;
 * - at term end, one notice of what is owed (`loan:<id>:due`): LOAN_DUE when cash covers it,
 *   LOAN_DUE_CASH_SHORT when it does not, telling the investor to repay part or contact customer
 *   service. Nothing is ever deducted without the investor: there is no automatic debit.
 * Idempotent: each loan is locked and its row says what is done; entry keys and message dedupe keys
 * make a repeated run a no-op. Each act is audited with the system as actor.
 */
export async function runLoanDueWork(
  deps: AppDeps,
  options: { nowMs: number },
): Promise<{ accruedLoans: number; dueNotices: number }> {
  const { nowMs } = options;
  const today = istDate(nowMs);
  const due = await findLoansWithWorkDue(deps.db, { today, nowMs, limit: LOANS_PER_RUN });
  let accruedLoans = 0;
  let dueNotices = 0;
  for (const { id, userId } of due) {
    const accounts = await loanAccountsOf(deps.db, userId);
    const message = await inTransaction(deps.db, async (trx): Promise<StoredMessage | null> => {
      const locked = await lockLoan(trx, id);
      if (locked?.state !== 'outstanding') return null;
      const accrual = await accrueLoanInterest(trx, locked, accounts, nowMs);
      if (accrual.days > 0) {
        accruedLoans++;
        await appendAudit(trx, {
          actor: ENGINE_ACTOR,
          action: 'loan.interest',
          target: { type: 'loan', id },
          before: { interestCharged: formatPaise(locked.interest_charged_paise) },
          after: {
            days: accrual.days,
            interest: formatPaise(accrual.interestPaise),
            interestCharged: formatPaise(accrual.loan.interest_charged_paise),
          },
        });
      }
      const loan = accrual.loan;
      if (loan.due_at === null || loan.due_at.getTime() > nowMs || loan.due_notice_at !== null) return null;
      const owed = owedPaise(loanBalanceOf(loan));
      const cash = (await userBalancesByPurpose(trx, userId, 'INR')).get('cash') ?? 0n;
      const isCashShort = cash < owed;
      await updateLoan(trx, id, { due_notice_at: new Date(nowMs) });
      await appendAudit(trx, {
        actor: ENGINE_ACTOR,
        action: 'loan.due_notice',
        target: { type: 'loan', id },
        after: { owed: formatPaise(owed), cash: formatPaise(cash), cashShort: isCashShort },
      });
      dueNotices++;
      const dueDate = lastDayOfTerm(loan.due_at.getTime());
      return insertUserMessage(trx, {
        userId,
        kind: isCashShort ? 'LOAN_DUE_CASH_SHORT' : 'LOAN_DUE',
        params: isCashShort
          ? { owed: formatPaise(owed), cash: formatPaise(cash), dueDate }
          : { owed: formatPaise(owed), dueDate },
        dedupeKey: `loan:${id}:due`,
        atMs: nowMs,
      });
    });
    publishMessage(deps.userEvents, message);
  }
  return { accruedLoans, dueNotices };
}

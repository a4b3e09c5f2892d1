import { formatPaise, istDate, loanDueAtMs } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { postEntry } from '../../repositories/ledger.repository.js';
import { lockLoan } from '../../repositories/loan.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { loanAccountsOf } from './accrue-loan-interest.js';
import { type LoanReviewView, readLoanReviewItem } from './list-loans.js';

/** The last IST day of a loan's term, as notices show it ("due by the end of 2026-11-29"). */
export const lastDayOfTerm = (dueAtMs: number) => istDate(dueAtMs - 1);

/**
 * Approves a pending loan: the principal is credited to the investor's cash against their
 * `loan_payable` in one entry (`loan:<id>:disburse`, kind `loan_disbursed`: cash + principal,
 * loan_payable − principal), so what is owed shows at once and the investor's net assets do not
 * change. The term starts now; interest is charged from today's IST date (ADR 0013). The row is
 * locked and must still be pending, so of two staff approving at once one wins and the other is told
 * NOT_IN_REVIEW.
 */
export async function approveLoan(
  deps: AppDeps,
  context: StaffContext,
  input: { id: string; reason?: string | undefined },
): Promise<LoanReviewView> {
  const id = BigInt(input.id);
  const owner = await deps.db.selectFrom('loans').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!owner) refuse('ORDER_NOT_FOUND');
  const accounts = await loanAccountsOf(deps.db, owner!.user_id);
  const message = await inTransaction(deps.db, async (trx) => {
    const loan = (await lockLoan(trx, id)) ?? refuse('ORDER_NOT_FOUND');
    if (loan.state !== 'pending') refuse('NOT_IN_REVIEW');
    const nowMs = context.nowMs;
    const dueAtMs = loanDueAtMs(nowMs, loan.term_days);
    const entry = await postEntry(trx, {
      key: `loan:${id}:disburse`,
      kind: 'loan_disbursed',
      reference: String(id),
      referenceType: 'loan',
      postedBy: { type: 'staff', id: context.staff.id },
      atMs: nowMs,
      memo: `credit loan for ${loan.term_days} days`,
      postings: [
        { accountId: accounts.cash, amountMinor: loan.principal_paise, currency: 'INR' },
        { accountId: accounts.loanPayable, amountMinor: -loan.principal_paise, currency: 'INR' },
      ],
    });
    await trx
      .updateTable('loans')
      .set({
        state: 'outstanding',
        decided_at: new Date(nowMs),
        decided_by: context.staff.id,
        decision_reason: input.reason ?? null,
        disbursed_at: new Date(nowMs),
        due_at: new Date(dueAtMs),
        disburse_entry_id: entry.id,
        interest_from_date: istDate(nowMs),
      })
      .where('id', '=', id)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'loan.approve',
      target: { type: 'loan', id },
      before: { state: 'pending', userId: loan.user_id },
      after: {
        state: 'outstanding',
        amount: formatPaise(loan.principal_paise),
        dueAt: dueAtMs,
        entryId: entry.id,
      },
      ...(input.reason ? { reason: input.reason } : {}),
      requestId: context.requestId,
      ip: context.ip,
    });
    return insertUserMessage(trx, {
      userId: loan.user_id,
      kind: 'LOAN_APPROVED',
      params: {
        amount: formatPaise(loan.principal_paise),
        termDays: loan.term_days,
        dueDate: lastDayOfTerm(dueAtMs),
      },
      dedupeKey: `loan:${id}:approved`,
      atMs: nowMs,
    });
  });
  publishMessage(deps.userEvents, message);
  return readLoanReviewItem(deps.db, id, context.nowMs);
}

/** Rejects a pending loan with a reason the investor reads. Nothing moves: no entry is posted. */
export async function rejectLoan(
  deps: AppDeps,
  context: StaffContext,
  input: { id: string; reason: string },
): Promise<LoanReviewView> {
  const id = BigInt(input.id);
  const message = await inTransaction(deps.db, async (trx) => {
    const loan = (await lockLoan(trx, id)) ?? refuse('ORDER_NOT_FOUND');
    if (loan.state !== 'pending') refuse('NOT_IN_REVIEW');
    await trx
      .updateTable('loans')
      .set({
        state: 'rejected',
        decided_at: new Date(context.nowMs),
        decided_by: context.staff.id,
        decision_reason: input.reason,
      })
      .where('id', '=', id)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'loan.reject',
      target: { type: 'loan', id },
      before: { state: 'pending', userId: loan.user_id },
      after: { state: 'rejected' },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    return insertUserMessage(trx, {
      userId: loan.user_id,
      kind: 'LOAN_REJECTED',
      params: { amount: formatPaise(loan.principal_paise), reason: input.reason },
      dedupeKey: `loan:${id}:rejected`,
      atMs: context.nowMs,
    });
  });
  publishMessage(deps.userEvents, message);
  return readLoanReviewItem(deps.db, id, context.nowMs);
}

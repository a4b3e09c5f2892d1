import { formatPaise, istDate, loanDueAtMs } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { findLoanOwnerId, type LoanRow, lockLoan, updateLoan } from '../../repositories/loan.repository.js';
import {
  insertUserMessage,
  type NewMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { investorNameOf } from '../../repositories/user.repository.js';
import { passSecondApproval, rejectPendingApproval } from '../approvals/second-approval.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { postReviewEntry } from '../ledger/post-review-entry.js';
import { loanAccountsOf } from './accrue-loan-interest.js';
import { type LoanReviewView, readLoanReviewItem } from './list-loans.js';

/** The last IST day of a loan's term, as notices show it ("due by the end of 2026-11-29"). */
export const lastDayOfTerm = (dueAtMs: number) => istDate(dueAtMs - 1);

/**
 * Approves a pending loan: the principal is credited to the investor's cash against their
 * `loan_payable` in one entry (`loan:<id>:disburse`, kind `loan_disbursed`: cash + principal,
 * loan_payable − principal), so what is owed shows at once and the investor's net assets do not
 * change. The term starts now; interest is charged from today's IST date (ADR 0013).
 */
export async function approveLoan(
  deps: AppDeps,
  context: StaffContext,
  input: { id: string; reason?: string | undefined },
): Promise<LoanReviewView> {
  const id = BigInt(input.id);
  const ownerId = (await findLoanOwnerId(deps.db, id)) ?? refuse('ORDER_NOT_FOUND');
  const accounts = await loanAccountsOf(deps.db, ownerId);
  return decidePendingLoan(deps, context, id, async (trx, loan) => {
    // Above the threshold the first approval only opens a request; a second staff member's
    // approval disburses (ADR 0027).
    if (loan.principal_paise > (await readParameter(trx, 'loan_second_approver_above'))) {
      const step = await passSecondApproval(trx, context, {
        kind: 'loan_approval',
        targetId: String(id),
        targetLabel: `Credit loan ${id} of ${await investorNameOf(trx, loan.user_id)}`,
        payload: {
          change: [{ field: 'state', before: 'pending', after: 'outstanding' }],
          termDays: loan.term_days,
        },
        amountMinor: loan.principal_paise,
        currency: 'INR',
        reason: input.reason?.trim() || 'loan application approved',
      });
      if (step === 'requested') return null;
    }
    const nowMs = context.nowMs;
    const dueAtMs = loanDueAtMs(nowMs, loan.term_days);
    const entry = await postReviewEntry(
      trx,
      context,
      { referenceType: 'loan', id, step: 'disburse' },
      {
        kind: 'loan_disbursed',
        memo: `credit loan for ${loan.term_days} days`,
        postings: [
          { accountId: accounts.cash, amountMinor: loan.principal_paise, currency: 'INR' },
          { accountId: accounts.loanPayable, amountMinor: -loan.principal_paise, currency: 'INR' },
        ],
      },
    );
    return {
      changes: {
        state: 'outstanding',
        decision_reason: input.reason ?? null,
        disbursed_at: new Date(nowMs),
        due_at: new Date(dueAtMs),
        disburse_entry_id: entry.id,
        interest_from_date: istDate(nowMs),
      },
      action: 'loan.approve',
      auditAfter: {
        state: 'outstanding',
        amount: formatPaise(loan.principal_paise),
        dueAt: dueAtMs,
        entryId: entry.id,
      },
      reason: input.reason,
      notice: {
        kind: 'LOAN_APPROVED',
        params: {
          amount: formatPaise(loan.principal_paise),
          termDays: loan.term_days,
          dueDate: lastDayOfTerm(dueAtMs),
        },
        dedupeKey: `loan:${id}:approved`,
      },
    };
  });
}

/** Rejects a pending loan with a reason the investor reads. Nothing moves: no entry is posted. */
export async function rejectLoan(
  deps: AppDeps,
  context: StaffContext,
  input: { id: string; reason: string },
): Promise<LoanReviewView> {
  const id = BigInt(input.id);
  return decidePendingLoan(deps, context, id, async (trx, loan) => {
    await rejectPendingApproval(trx, context, 'loan_approval', String(id), input.reason);
    return {
      changes: { state: 'rejected', decision_reason: input.reason },
      action: 'loan.reject',
      auditAfter: { state: 'rejected' },
      reason: input.reason,
      notice: {
        kind: 'LOAN_REJECTED',
        params: { amount: formatPaise(loan.principal_paise), reason: input.reason },
        dedupeKey: `loan:${id}:rejected`,
      },
    };
  });
}

/** What a decision writes besides who decided and when: the loan's new columns, the audit, the notice. */
interface LoanDecision {
  changes: { state: 'outstanding' | 'rejected'; decision_reason: string | null } & Partial<
    Pick<LoanRow, 'disbursed_at' | 'due_at' | 'disburse_entry_id' | 'interest_from_date'>
  >;
  action: string;
  auditAfter: Record<string, unknown>;
  reason: string | undefined;
  notice: Pick<NewMessage, 'kind' | 'params' | 'dedupeKey'>;
}

/**
 * The frame both decisions share: the row is locked and must still be pending, so of two staff
 * deciding at once one wins and the other is told NOT_IN_REVIEW; the decision is recorded with who
 * made it, audited, and the investor is told.
 */
async function decidePendingLoan(
  deps: AppDeps,
  context: StaffContext,
  id: bigint,
  decide: (trx: Db, loan: LoanRow) => Promise<LoanDecision | null>,
): Promise<LoanReviewView> {
  const message = await inTransaction(deps.db, async (trx): Promise<StoredMessage | null> => {
    const loan = (await lockLoan(trx, id)) ?? refuse('ORDER_NOT_FOUND');
    if (loan.state !== 'pending') refuse('NOT_IN_REVIEW');
    const decision = await decide(trx, loan);
    // A first approval above the threshold decided nothing yet: it waits for a second staff member.
    if (decision === null) return null;
    await updateLoan(trx, id, {
      ...decision.changes,
      decided_at: new Date(context.nowMs),
      decided_by: context.staff.id,
    });
    await auditStaffAct(trx, context, {
      action: decision.action,
      target: { type: 'loan', id },
      before: { state: 'pending', userId: loan.user_id },
      after: decision.auditAfter,
      ...(decision.reason ? { reason: decision.reason } : {}),
    });
    return insertUserMessage(trx, { ...decision.notice, userId: loan.user_id, atMs: context.nowMs });
  });
  publishMessage(deps.userEvents, message);
  return readLoanReviewItem(deps.db, id, context.nowMs);
}

import type { payoutRecordFromStatement as call, DataOf } from '@nivesh/contract';
import { formatPaise, matchStatementDebits, type PayoutMatching } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { lockStatementLine, matchStatementLine } from '../../repositories/bank-statement.repository.js';
import { publishMessage, type StoredMessage } from '../../repositories/message.repository.js';
import { listExportedUnpaidPayouts } from '../../repositories/payout-batch.repository.js';
import { investorNameOf } from '../../repositories/user.repository.js';
import {
  findWithdrawal,
  findWithdrawalPaidWith,
  lockWithdrawalById,
} from '../../repositories/withdrawal.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { STATEMENT_CURRENCY } from '../bank-statements/match-bank-statement.js';
import { lineToMatch, readStatementWithLines } from '../bank-statements/statement-lines.js';
import { toStatementLineView } from '../bank-statements/statement-views.js';
import { accountsOf, payWithdrawal, type WithdrawalAccounts } from '../withdrawals/review-withdrawals.js';
import { toPayoutBatchItemView } from './payout-batch-views.js';

type Recorded = DataOf<typeof call>;

/**
 * Records the UTRs of exported payouts from a statement's debits (docs/adr/0032-bank-statement-matching.md):
 * core's `matchStatementDebits` pairs each debit naming a payment reference (`NVW<id>`) with its
 * payout, the amount equal to the paisa, the debit's reference cell being the UTR. All or nothing:
 * any amount mismatch, missing UTR, payout debited twice, UTR repeated in the statement or already
 * used by a paid withdrawal, or a paying approval the caller may not make (the first approver of a
 * two-person withdrawal) refuses the whole import before anything is written; then every payout is
 * paid through the withdrawal's paying approval in one transaction, so a failure leaves none paid.
 */
export const recordPayoutsFromStatement: StaffUseCase<typeof call> = async (deps, context, input) => {
  const { statement, lines } = await readStatementWithLines(deps.db, input.statementId);
  const debits = lines.filter((line) => line.debitMinor > 0n && line.withdrawalId === null);
  const payouts = await listExportedUnpaidPayouts(deps.db, STATEMENT_CURRENCY);
  const matching = matchStatementDebits(
    debits.map((line) => lineToMatch(line, 'debit')),
    payouts.map((payout) => ({
      withdrawalId: String(payout.withdrawalId),
      paymentReference: payout.paymentReference,
      amountMinor: payout.amountMinor,
    })),
  );
  const lineById = new Map(lines.map((line) => [String(line.id), line]));
  const lineNumberOf = (lineId: string) => String(lineById.get(lineId)!.lineNumber);

  const mismatch = matching.amountMismatches[0];
  if (mismatch) {
    refuse('PAYOUT_AMOUNT_MISMATCH', {
      withdrawal: mismatch.withdrawalId,
      line: lineNumberOf(mismatch.lineId),
      lineAmount: formatPaise(mismatch.lineMinor),
      payoutAmount: formatPaise(mismatch.payoutMinor),
    });
  }
  const missing = matching.missingUtr[0];
  if (missing)
    refuse('PAYOUT_UTR_MISSING', { withdrawal: missing.withdrawalId, line: lineNumberOf(missing.lineId) });
  const twice = matching.ambiguous[0];
  if (twice) {
    refuse('PAYOUT_DEBITED_TWICE', {
      withdrawal: twice.withdrawalId,
      lines: twice.lineIds.map(lineNumberOf).join(', '),
    });
  }
  const linesByUtr = new Map<string, string[]>();
  for (const paid of matching.paid)
    linesByUtr.set(paid.utr, [...(linesByUtr.get(paid.utr) ?? []), paid.lineId]);
  for (const [utr, lineIds] of linesByUtr) {
    if (lineIds.length > 1)
      refuse('PAYOUT_UTR_REPEATED', { reference: utr, lines: lineIds.map(lineNumberOf).join(', ') });
  }
  const toPay: (PayoutMatching['paid'][number] & { accounts: WithdrawalAccounts })[] = [];
  for (const paid of matching.paid) {
    const usedBy = await findWithdrawalPaidWith(deps.db, paid.utr);
    if (usedBy !== undefined)
      refuse('PAYOUT_REFERENCE_USED', {
        reference: paid.utr,
        withdrawal: String(usedBy.id),
        investor: await investorNameOf(deps.db, usedBy.userId),
      });
    const withdrawal = (await findWithdrawal(deps.db, BigInt(paid.withdrawalId)))!;
    if (withdrawal.approvalsRequired === 2 && withdrawal.firstApprovedBy === context.staff.id) {
      refuse('SECOND_APPROVER_REQUIRED');
    }
    toPay.push({ ...paid, accounts: await accountsOf(deps.db, withdrawal.id) });
  }

  const messages = await inTransaction(deps.db, async (trx) => {
    const stored: (StoredMessage | null)[] = [];
    for (const paid of toPay) {
      const withdrawal =
        (await lockWithdrawalById(trx, BigInt(paid.withdrawalId))) ?? refuse('ORDER_NOT_FOUND');
      if (withdrawal.status !== 'pending') refuse('NOT_IN_REVIEW');
      if (withdrawal.approvalsRequired === 2) {
        if (withdrawal.firstApprovedBy === null || withdrawal.firstApprovedBy === context.staff.id) {
          refuse('SECOND_APPROVER_REQUIRED');
        }
      }
      const line = (await lockStatementLine(trx, BigInt(paid.lineId)))!;
      if (line.withdrawalId !== null) refuse('NOT_IN_REVIEW');
      await matchStatementLine(trx, line.id, {
        withdrawalId: withdrawal.id,
        staffId: context.staff.id,
        atMs: context.nowMs,
      });
      stored.push(await payWithdrawal(trx, context, withdrawal, paid.accounts, paid.utr));
    }
    if (toPay.length > 0) {
      await auditStaffAct(trx, context, {
        action: 'payouts.record_from_statement',
        target: { type: 'bank_statement', id: statement.id },
        after: { paid: toPay.map((paid) => ({ withdrawal: paid.withdrawalId, utr: paid.utr })) },
        reason: input.reason,
      });
    }
    return stored;
  });
  for (const message of messages) publishMessage(deps.userEvents, message);

  const paidIds = new Set(toPay.map((paid) => paid.withdrawalId));
  const result: Recorded = {
    paid: toPay.map((paid) => {
      const line = lineById.get(paid.lineId)!;
      return {
        withdrawalId: paid.withdrawalId,
        lineNumber: line.lineNumber,
        utr: paid.utr,
        amount: formatPaise(line.debitMinor),
      };
    }),
    unmatchedLines: matching.unmatchedLineIds.map((lineId) => toStatementLineView(lineById.get(lineId)!)),
    unpaidPayouts: payouts
      .filter((payout) => !paidIds.has(String(payout.withdrawalId)))
      .map(toPayoutBatchItemView),
  };
  return result;
};

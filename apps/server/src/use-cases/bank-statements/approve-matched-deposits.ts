import type { bankStatementApproveDeposits as call, DataOf } from '@nivesh/contract';
import { formatPaise, lineNamesReference } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { findPendingApproval } from '../../repositories/approval-request.repository.js';
import {
  findLineOfDeposit,
  lockStatementLine,
  matchStatementLine,
} from '../../repositories/bank-statement.repository.js';
import { findDeposit } from '../../repositories/deposit.repository.js';
import { decideDeposit } from '../deposits/review-deposits.js';
import { readStatementWithLines } from './statement-lines.js';

type Outcome = DataOf<typeof call>['results'][number];

/**
 * Approves in bulk the deposits a statement's credits match (docs/adr/0032-bank-statement-matching.md).
 * Every pair is checked first and one bad pair refuses the whole act, nothing moved: the line is a
 * credit of this statement, not claimed by another deposit; the deposit is pending, not claimed by
 * another line; the line names the deposit's UTR and no other line of the statement does; the amounts
 * are equal to the paisa; the caller has not already made the deposit's first approval. Then each
 * deposit goes through the deposit approval (`decideDeposit`), which claims the line in its own
 * transaction: up to `deposit_second_approver_above` it credits the investor; above it, it files the
 * approval request a second member completes (here, from the queue or from Approvals).
 */
export const approveMatchedDeposits: StaffUseCase<typeof call> = async (deps, context, input) => {
  const { statement, lines } = await readStatementWithLines(deps.db, input.statementId);
  const credits = lines.filter((line) => line.creditMinor > 0n);
  const seenLines = new Set<string>();
  const seenDeposits = new Set<string>();
  const checked = [];
  for (const pair of input.pairs) {
    const line = credits.find((credit) => String(credit.id) === pair.lineId);
    if (!line) refuse('STATEMENT_LINE_NOT_FOUND', { line: pair.lineId });
    const lineNumber = String(line!.lineNumber);
    if (seenLines.has(pair.lineId) || seenDeposits.has(pair.depositId))
      refuse('STATEMENT_PAIR_REPEATED', { line: lineNumber });
    seenLines.add(pair.lineId);
    seenDeposits.add(pair.depositId);
    const depositId = BigInt(pair.depositId);
    if (line!.depositId !== null && line!.depositId !== depositId) {
      refuse('STATEMENT_LINE_ALREADY_MATCHED', { line: lineNumber, deposit: String(line!.depositId) });
    }
    const deposit = await findDeposit(deps.db, depositId);
    if (deposit?.status !== 'pending') refuse('NOT_IN_REVIEW');
    const claim = await findLineOfDeposit(deps.db, depositId);
    if (claim && claim.id !== line!.id) {
      refuse('STATEMENT_DEPOSIT_ALREADY_MATCHED', {
        deposit: pair.depositId,
        statement: String(claim.statementId),
        line: String(claim.lineNumber),
      });
    }
    if (!lineNamesReference(line!, deposit!.payerReference)) {
      refuse('STATEMENT_REFERENCE_MISMATCH', {
        line: lineNumber,
        deposit: pair.depositId,
        reference: deposit!.payerReference,
      });
    }
    const naming = credits.filter((credit) => lineNamesReference(credit, deposit!.payerReference));
    if (naming.length > 1) {
      refuse('STATEMENT_UTR_REPEATED', {
        reference: deposit!.payerReference,
        lines: naming.map((credit) => credit.lineNumber).join(', '),
      });
    }
    if (line!.creditMinor !== deposit!.amountMinor) {
      refuse('STATEMENT_AMOUNT_MISMATCH', {
        line: lineNumber,
        lineAmount: formatPaise(line!.creditMinor),
        deposit: pair.depositId,
        depositAmount: formatPaise(deposit!.amountMinor),
      });
    }
    const firstApproval = await findPendingApproval(deps.db, 'deposit_approval', pair.depositId);
    if (firstApproval?.requestedBy === context.staff.id) refuse('SECOND_APPROVER_REQUIRED');
    checked.push({ line: line!, depositId });
  }

  const results: Outcome[] = [];
  for (const { line, depositId } of checked) {
    const item = await decideDeposit(
      deps,
      context,
      { id: String(depositId) },
      'approved',
      `${input.reason} (statement ${statement.id}, line ${line.lineNumber})`,
      async (trx) => {
        // The line is locked and claimed with the decision: two members approving from two
        // statements at once cannot both claim one deposit (and the unique indexes agree).
        const locked = (await lockStatementLine(trx, line.id))!;
        if (locked.depositId !== null && locked.depositId !== depositId) {
          refuse('STATEMENT_LINE_ALREADY_MATCHED', {
            line: String(line.lineNumber),
            deposit: String(locked.depositId),
          });
        }
        if (locked.depositId === null) {
          await matchStatementLine(trx, line.id, {
            depositId,
            staffId: context.staff.id,
            atMs: context.nowMs,
          });
        }
      },
    );
    results.push({
      lineId: String(line.id),
      depositId: String(depositId),
      outcome: item.status === 'approved' ? 'approved' : 'awaiting_second_approval',
    });
  }
  return { results };
};

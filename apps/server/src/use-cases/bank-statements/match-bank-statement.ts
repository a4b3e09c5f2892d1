import type { bankStatementMatches as call, DataOf, DepositForMatch } from '@nivesh/contract';
import { formatPaise, matchStatementCredits } from '@nivesh/core';
import type { Static } from 'typebox';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { findPendingApproval } from '../../repositories/approval-request.repository.js';
import {
  type BankStatementLineRecord,
  listLinesClaimingDeposits,
} from '../../repositories/bank-statement.repository.js';
import {
  type DepositInReview,
  listDepositsInReviewByIds,
  listPendingDepositsForMatching,
} from '../../repositories/deposit.repository.js';
import { lineToMatch, readStatementWithLines } from './statement-lines.js';
import { toStatementLineView, toStatementSummary } from './statement-views.js';

/** Statements are of the broker's INR collection account (ADR 0032). */
export const STATEMENT_CURRENCY = 'INR';

async function toDepositForMatch(db: Db, deposit: DepositInReview): Promise<Static<typeof DepositForMatch>> {
  const pending =
    deposit.status === 'pending'
      ? await findPendingApproval(db, 'deposit_approval', String(deposit.id))
      : undefined;
  return {
    id: String(deposit.id),
    investor: deposit.realName ?? deposit.phone,
    payerReference: deposit.payerReference,
    amount: formatPaise(deposit.amountMinor),
    createdAt: deposit.createdAtMs,
    status: deposit.status,
    secondApprovalBy: pending ? pending.requesterName : null,
  };
}

/**
 * A statement's credits against pending deposits (docs/adr/0032-bank-statement-matching.md), side by
 * side: the pure rule (core's `matchStatementCredits`) pairs by UTR and exact amount the credits not
 * yet claimed with the pending deposits no line has claimed; lines claimed earlier show with their
 * deposit, waiting for a second approval or settled.
 */
export const readStatementMatches: StaffUseCase<typeof call> = async ({ db }, _context, input) => {
  const { statement, lines } = await readStatementWithLines(db, input.statementId);
  const credits = lines.filter((line) => line.creditMinor > 0n);
  const pending = await listPendingDepositsForMatching(db, STATEMENT_CURRENCY);
  const claimed = new Set(
    (
      await listLinesClaimingDeposits(
        db,
        pending.map((deposit) => deposit.id),
      )
    ).map((line) => line.depositId!),
  );
  const open = pending.filter((deposit) => !claimed.has(deposit.id));
  const unclaimedCredits = credits.filter((line) => line.depositId === null);
  const matching = matchStatementCredits(
    unclaimedCredits.map((line) => lineToMatch(line, 'credit')),
    open.map((deposit) => ({
      depositId: String(deposit.id),
      payerReference: deposit.payerReference,
      amountMinor: deposit.amountMinor,
    })),
  );
  const lineById = new Map(lines.map((line) => [String(line.id), line]));
  const claimedDeposits = await listDepositsInReviewByIds(
    db,
    credits.flatMap((line) => (line.depositId === null ? [] : [line.depositId])),
  );
  const depositById = new Map([...open, ...claimedDeposits].map((deposit) => [String(deposit.id), deposit]));
  const views = new Map<string, Static<typeof DepositForMatch>>();
  const depositView = async (id: string) => {
    let view = views.get(id);
    if (!view) {
      view = await toDepositForMatch(db, depositById.get(id)!);
      views.set(id, view);
    }
    return view;
  };
  const lineView = (id: string) => toStatementLineView(lineById.get(id)!);
  const pair = async ({ lineId, depositId }: { lineId: string; depositId: string }) => ({
    line: lineView(lineId),
    deposit: await depositView(depositId),
  });
  const claimedPairs = credits
    .filter((line): line is BankStatementLineRecord & { depositId: bigint } => line.depositId !== null)
    .map((line) => ({ lineId: String(line.id), depositId: String(line.depositId) }));
  const result: DataOf<typeof call> = {
    statement: toStatementSummary(statement),
    matched: await Promise.all(matching.matched.map(pair)),
    awaitingSecondApproval: await Promise.all(
      claimedPairs.filter((claim) => depositById.get(claim.depositId)?.status === 'pending').map(pair),
    ),
    settled: await Promise.all(
      claimedPairs.filter((claim) => depositById.get(claim.depositId)?.status !== 'pending').map(pair),
    ),
    amountMismatches: await Promise.all(matching.amountMismatches.map(pair)),
    ambiguous: await Promise.all(
      matching.ambiguous.map(async (group) => ({
        lines: group.lineIds.map(lineView),
        deposits: await Promise.all(group.depositIds.map(depositView)),
      })),
    ),
    amountCandidates: await Promise.all(
      matching.amountCandidates.map(async (candidate) => ({
        line: lineView(candidate.lineId),
        deposits: await Promise.all(candidate.depositIds.map(depositView)),
      })),
    ),
    unmatchedLines: matching.unmatchedLineIds.map(lineView),
    unmatchedDeposits: await Promise.all(matching.unmatchedDepositIds.map(depositView)),
  };
  return result;
};

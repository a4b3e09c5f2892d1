import type { approvalList, DataOf } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import {
  type ApprovalRequestListing,
  listApprovalRequests,
} from '../../repositories/approval-request.repository.js';
import { listReversalRequests } from '../../repositories/ledger-reversal-request.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { listWithdrawalsAwaitingSecondApproval } from '../../repositories/withdrawal.repository.js';

export type ApprovalItem = DataOf<typeof approvalList>['items'][number];

const MINUTE_MS = 60_000;
const QUEUE_LIMIT = 200;

type Change = ApprovalItem['change'];

/** The common part of an item: age, overdue and whose it is. */
function aged(
  nowMs: number,
  slaMinutes: number,
  staffId: bigint,
  requestedAtMs: number,
  requestedById: bigint,
) {
  const ageMinutes = Math.max(0, Math.floor((nowMs - requestedAtMs) / MINUTE_MS));
  return { ageMinutes, overdue: ageMinutes > slaMinutes, isOwn: requestedById === staffId };
}

export function toApprovalItem(
  request: ApprovalRequestListing,
  nowMs: number,
  slaMinutes: number,
  staffId: bigint,
): ApprovalItem {
  return {
    source: 'approval',
    id: String(request.id),
    kind: request.kind,
    targetId: request.targetId,
    target: request.targetLabel,
    change: ((request.payload.change as Change | undefined) ?? []).map((line) => ({
      field: line.field,
      before: line.before === null ? null : String(line.before),
      after: String(line.after),
    })),
    amount: request.amountMinor === null ? null : formatPaise(request.amountMinor),
    currency: request.currency,
    reason: request.reason,
    requestedBy: request.requesterName,
    requestedAt: request.requestedAtMs,
    state: request.state,
    decidedBy: request.deciderName,
    decidedAt: request.decidedAtMs,
    ...aged(request.decidedAtMs ?? nowMs, slaMinutes, staffId, request.requestedAtMs, request.requestedBy),
  };
}

/** The second-approval SLA in force (`queue_sla_minutes_approvals`). */
export const approvalSlaMinutes = (db: Db) => readParameter(db, 'queue_sla_minutes_approvals');

/**
 * Everything waiting for a second staff member, oldest first: the general maker-checker requests,
 * ledger reversals above their threshold (ADR 0010) and withdrawals with one of their two approvals.
 * Decided ones (state 'decided') are the general requests only, newest decisions last.
 */
export const listApprovals: StaffUseCase<typeof approvalList> = async ({ db }, context, input) => {
  const slaMinutes = await approvalSlaMinutes(db);
  const staffId = context.staff.id;
  if (input.state === 'decided') {
    const [approved, rejected] = await Promise.all([
      listApprovalRequests(db, { state: 'approved' }, QUEUE_LIMIT),
      listApprovalRequests(db, { state: 'rejected' }, QUEUE_LIMIT),
    ]);
    const items = [...approved, ...rejected]
      .sort((a, b) => (a.decidedAtMs ?? 0) - (b.decidedAtMs ?? 0))
      .map((request) => toApprovalItem(request, context.nowMs, slaMinutes, staffId));
    return { items, overdue: 0 };
  }
  const items = await pendingApprovalItems(db, context.nowMs, slaMinutes, staffId);
  return { items, overdue: items.filter((item) => item.overdue).length };
};

/**
 * The pending side of the queue, oldest first, aged against the SLA (the dashboard counts it with
 * staff id 0, whose own requests there are none).
 */
export async function pendingApprovalItems(
  db: Db,
  nowMs: number,
  slaMinutes: number,
  staffId: bigint,
): Promise<ApprovalItem[]> {
  const context = { nowMs };
  const [requests, reversals, withdrawals] = await Promise.all([
    listApprovalRequests(db, { state: 'pending' }, QUEUE_LIMIT),
    listReversalRequests(db, { state: 'pending' }, { limit: QUEUE_LIMIT }),
    listWithdrawalsAwaitingSecondApproval(db, QUEUE_LIMIT),
  ]);
  const items: ApprovalItem[] = [
    ...requests.map((request) => toApprovalItem(request, context.nowMs, slaMinutes, staffId)),
    ...reversals.map(
      (reversal): ApprovalItem => ({
        source: 'reversal',
        id: String(reversal.id),
        kind: 'ledger_reversal',
        targetId: String(reversal.entryId),
        target: `Ledger entry ${reversal.entryKey} (${reversal.entryKind})`,
        change: [{ field: 'entry', before: 'posted', after: 'reversed' }],
        amount: formatPaise(reversal.amountMinor),
        currency: 'INR',
        reason: reversal.reason,
        requestedBy: reversal.requesterName,
        requestedAt: reversal.requestedAtMs,
        state: 'pending',
        decidedBy: null,
        decidedAt: null,
        ...aged(context.nowMs, slaMinutes, staffId, reversal.requestedAtMs, reversal.requestedBy),
      }),
    ),
    ...withdrawals.map(
      (withdrawal): ApprovalItem => ({
        source: 'withdrawal',
        id: String(withdrawal.id),
        kind: 'withdrawal_payout',
        targetId: String(withdrawal.id),
        target: `Withdrawal ${withdrawal.id} of ${withdrawal.realName ?? withdrawal.phone}`,
        change: [{ field: 'approvals', before: '1 of 2', after: '2 of 2 (paid)' }],
        amount: formatPaise(withdrawal.amountMinor),
        currency: withdrawal.currency,
        reason: 'above withdrawal_second_approver_above',
        requestedBy: withdrawal.firstApprover ?? '',
        requestedAt: withdrawal.firstApprovedAtMs ?? withdrawal.createdAtMs,
        state: 'pending',
        decidedBy: null,
        decidedAt: null,
        ...aged(
          context.nowMs,
          slaMinutes,
          staffId,
          withdrawal.firstApprovedAtMs ?? withdrawal.createdAtMs,
          withdrawal.firstApprovedBy ?? 0n,
        ),
      }),
    ),
  ];
  return items.sort((a, b) => a.requestedAt - b.requestedAt);
}

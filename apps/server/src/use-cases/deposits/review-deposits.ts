import type { BodyOf, DataOf, depositApprove, depositQueue, depositReject } from '@nivesh/contract';
import { type CurrencyCode, formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext, StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import {
  type DepositInReview,
  type DepositRecord,
  findDepositInReview,
  listDepositsInReview,
  lockDepositById,
  settleDeposit,
} from '../../repositories/deposit.repository.js';
import { findChannel, toChannelView } from '../../repositories/deposit-channel.repository.js';
import { houseAccountId, userAccountId } from '../../repositories/ledger.repository.js';
import { insertUserMessage } from '../../repositories/message.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { findDestination, toDestinationView } from '../../repositories/payout-destination.repository.js';
import { passSecondApproval, rejectPendingApproval, secondApprovalOf } from '../approvals/second-approval.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { decidePendingReview, investorOf, readReviewQueue } from '../funds/review-queue.js';
import { postReviewEntry } from '../ledger/post-review-entry.js';

type DepositItem = DataOf<typeof depositApprove>;

async function toDepositItem(db: Db, row: DepositInReview, nowMs: number): Promise<DepositItem> {
  const channel = (await findChannel(db, row.channelId))!;
  const source = (await findDestination(db, row.sourceDestinationId))!;
  return {
    id: String(row.id),
    investor: investorOf(row),
    channel: await toChannelView(channel),
    amount: formatPaise(row.amountMinor),
    currency: row.currency,
    payerReference: row.payerReference,
    receiptImage: row.receiptUploadId,
    source: toDestinationView(source, nowMs),
    sourceAccountNumber: source.account_number ?? source.address,
    status: row.status,
    rejectReason: row.rejectReason,
    entryId: row.entryId === null ? null : String(row.entryId),
    createdAt: row.createdAtMs,
    reviewedBy: row.reviewer,
    reviewedAt: row.reviewedAtMs,
    reversedAt: row.reversedAtMs,
    reversalEntryId: row.reversalEntryId === null ? null : String(row.reversalEntryId),
    secondApproval: await secondApprovalOf(db, 'deposit_approval', row.id),
  };
}

/** The deposit queue: oldest first, pending unless another status is asked for. */
export const listDeposits: StaffUseCase<typeof depositQueue> = async ({ db }, { nowMs }, query) => {
  return readReviewQueue(
    query,
    (filter) => listDepositsInReview(db, filter),
    (row) => toDepositItem(db, row, nowMs),
  );
};

/**
 * Approves a pending deposit: one entry, key `deposit:<id>:approve`, credits the investor's cash
 * from the house deposits-clearing account (money the broker's bank received). Or rejects it with a
 * reason, which moves no money. The row is locked and must still be pending: of two reviewers acting
 * at once one decides, the other is told NOT_IN_REVIEW. The investor gets a message either way.
 */
export async function decideDeposit(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof depositApprove> | BodyOf<typeof depositReject>,
  decision: 'approved' | 'rejected',
  approvalReason?: string,
  /** Work that must commit with the decision, run first in its transaction (a statement line claimed, ADR 0032). */
  alsoInTransaction?: (trx: Db, deposit: DepositRecord) => Promise<void>,
): Promise<DepositItem> {
  const id = BigInt(input.id);
  const reason = 'reason' in input ? input.reason : undefined;
  const preview = (await findDepositInReview(deps.db, id)) ?? refuse('ORDER_NOT_FOUND');
  const currency = preview.currency as CurrencyCode;
  const cash = await userAccountId(deps.db, preview.userId, 'cash', currency);
  const clearing = await houseAccountId(deps.db, 'house_deposits_clearing', currency);
  await decidePendingReview(
    deps,
    (trx) => lockDepositById(trx, id),
    async (trx, deposit: DepositRecord) => {
      if (alsoInTransaction) await alsoInTransaction(trx, deposit);
      let entryId: bigint | null = null;
      if (decision === 'approved') {
        // Above the threshold the first approval only opens a request; another staff member's
        // approval credits the money (ADR 0027).
        if (deposit.amountMinor > (await readParameter(trx, 'deposit_second_approver_above'))) {
          const step = await passSecondApproval(trx, context, {
            kind: 'deposit_approval',
            targetId: String(id),
            targetLabel: `Deposit ${id} of ${preview.realName ?? preview.phone}`,
            payload: {
              change: [{ field: 'status', before: 'pending', after: 'approved' }],
              payerReference: deposit.payerReference,
            },
            amountMinor: deposit.amountMinor,
            currency,
            reason: approvalReason ?? `payer reference ${deposit.payerReference} found on the bank statement`,
          });
          if (step === 'requested') return null;
        }
        const entry = await postReviewEntry(
          trx,
          context,
          { referenceType: 'deposit', id, step: 'approve' },
          {
            kind: 'deposit_approved',
            memo: `deposit ${id}, payer reference ${deposit.payerReference}`,
            postings: [
              { accountId: cash, amountMinor: deposit.amountMinor, currency },
              { accountId: clearing, amountMinor: -deposit.amountMinor, currency },
            ],
          },
        );
        entryId = entry.id;
      }
      if (decision === 'rejected')
        await rejectPendingApproval(trx, context, 'deposit_approval', String(id), reason ?? '');
      await settleDeposit(trx, id, {
        status: decision,
        rejectReason: reason ?? null,
        staffId: context.staff.id,
        atMs: context.nowMs,
        entryId,
      });
      await auditStaffAct(trx, context, {
        action: decision === 'approved' ? 'deposit.approve' : 'deposit.reject',
        target: { type: 'deposit', id },
        before: { status: 'pending', amountMinor: deposit.amountMinor, currency },
        after: { status: decision, entryId },
        ...(reason ? { reason } : {}),
      });
      const amount = formatPaise(deposit.amountMinor);
      return insertUserMessage(trx, {
        userId: deposit.userId,
        kind: decision === 'approved' ? 'DEPOSIT_APPROVED' : 'DEPOSIT_REJECTED',
        params: decision === 'approved' ? { amount, currency } : { amount, currency, reason: reason ?? '' },
        dedupeKey: `deposit:${id}:${decision}`,
        atMs: context.nowMs,
      });
    },
  );
  return toDepositItem(deps.db, (await findDepositInReview(deps.db, id))!, context.nowMs);
}

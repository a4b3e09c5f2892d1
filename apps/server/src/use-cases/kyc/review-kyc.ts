import type { BodyOf, DataOf, kycApprove, kycQueue, kycReject } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findKycReview,
  type KycReviewRecord,
  type KycStatus,
  listKycReviews,
  lockKycSubmission,
  updateKycDecision,
} from '../../repositories/kyc.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { lockUserById, updateUserKyc } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { queueToolsOf } from '../funds/review-queue.js';

type KycItem = DataOf<typeof kycApprove>;
const QUEUE_DEFAULT_LIMIT = 50;

function toKycItem(review: KycReviewRecord): KycItem {
  return {
    id: String(review.id),
    investor: { userId: String(review.userId), phone: review.phone, realName: review.accountName },
    realName: review.fullName,
    idType: review.idType,
    idNumber: review.idDisplay,
    frontImage: review.frontUploadId,
    backImage: review.backUploadId,
    status: review.status,
    rejectReason: review.rejectReason,
    submittedAt: review.submittedAtMs,
    reviewedBy: review.reviewerUsername,
    reviewedAt: review.reviewedAtMs,
  };
}

/** The KYC queue: oldest first, pending unless another status is asked for. */
export async function listKycSubmissions(
  db: Db,
  query: BodyOf<typeof kycQueue>,
): Promise<DataOf<typeof kycQueue>> {
  const status = query.status === 'approved' ? 'verified' : (query.status ?? 'pending');
  const userId = query.userId ? BigInt(query.userId) : undefined;
  const tools = queueToolsOf(query);
  const { page, nextCursor } = await readKeysetPage(query, QUEUE_DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listKycReviews(db, { status: status as KycStatus, userId, afterId: cursorId, limit, tools }),
  );
  return { items: page.map(toKycItem), nextCursor };
}

/**
 * Approves or rejects a pending KYC submission. The row is locked and must still be pending, so of
 * two reviewers acting at once one decides and the other is told NOT_IN_REVIEW. Approval makes the
 * submitted name the investor's name; either way the investor gets a message and the act is audited.
 */
export async function decideKyc(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof kycApprove> | BodyOf<typeof kycReject>,
  decision: 'verified' | 'rejected',
): Promise<KycItem> {
  const id = BigInt(input.id);
  const reason = 'reason' in input ? input.reason : undefined;
  const { message } = await inTransaction(deps.db, async (trx) => {
    const submission = (await lockKycSubmission(trx, id)) ?? refuse('ORDER_NOT_FOUND');
    if (submission.status !== 'pending') refuse('NOT_IN_REVIEW');
    const user = (await lockUserById(trx, submission.userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    await updateKycDecision(trx, id, {
      status: decision,
      rejectReason: reason ?? null,
      reviewedBy: context.staff.id,
      atMs: context.nowMs,
    });
    await updateUserKyc(
      trx,
      user.id,
      decision === 'verified'
        ? { kycStatus: 'verified', realName: submission.fullName }
        : { kycStatus: 'rejected' },
    );
    await auditStaffAct(trx, context, {
      action: decision === 'verified' ? 'kyc.approve' : 'kyc.reject',
      target: { type: 'kyc_submission', id },
      before: { status: 'pending', userKycStatus: user.kycStatus, realName: user.realName },
      after: {
        status: decision,
        userKycStatus: decision,
        realName: decision === 'verified' ? submission.fullName : user.realName,
      },
      ...(reason ? { reason } : {}),
    });
    const message = await insertUserMessage(trx, {
      userId: user.id,
      kind: decision === 'verified' ? 'KYC_APPROVED' : 'KYC_REJECTED',
      params: reason ? { reason } : {},
      dedupeKey: `kyc:${id}:${decision}`,
      atMs: context.nowMs,
    });
    return { message };
  });
  publishMessage(deps.userEvents, message);
  const decided = await findKycReview(deps.db, id);
  invariant(decided !== undefined, 'a decided submission is still there');
  return toKycItem(decided);
}

import type { BodyOf, DataOf, kycApprove, kycQueue, kycReject } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { keysetPage } from '../../repositories/paging.js';

type KycItem = DataOf<typeof kycApprove>;
const QUEUE_DEFAULT_LIMIT = 50;

function kycItemsQuery(db: Db) {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('staff_users as s', 's.id', 'k.reviewed_by')
    .select([
      'k.id',
      'k.user_id',
      'u.phone',
      'u.real_name',
      'k.full_name',
      'k.id_type',
      'k.id_display',
      'k.front_upload_id',
      'k.back_upload_id',
      'k.status',
      'k.reject_reason',
      'k.submitted_at',
      's.username as reviewer',
      'k.reviewed_at',
    ]);
}

type KycRow = Awaited<ReturnType<ReturnType<typeof kycItemsQuery>['executeTakeFirstOrThrow']>>;

function toKycItem(row: KycRow): KycItem {
  return {
    id: String(row.id),
    investor: { userId: String(row.user_id), phone: row.phone, realName: row.real_name },
    realName: row.full_name,
    idType: row.id_type,
    idNumber: row.id_display,
    frontImage: row.front_upload_id,
    backImage: row.back_upload_id,
    status: row.status,
    rejectReason: row.reject_reason,
    submittedAt: row.submitted_at.getTime(),
    reviewedBy: row.reviewer ?? null,
    reviewedAt: row.reviewed_at?.getTime() ?? null,
  };
}

/** The KYC queue: oldest first, pending unless another status is asked for. */
export async function listKycSubmissions(
  db: Db,
  query: BodyOf<typeof kycQueue>,
): Promise<DataOf<typeof kycQueue>> {
  const limit = query.limit ?? QUEUE_DEFAULT_LIMIT;
  const status = query.status === 'approved' ? 'verified' : (query.status ?? 'pending');
  let select = kycItemsQuery(db)
    .where('k.status', '=', status as 'pending' | 'verified' | 'rejected')
    .orderBy('k.id', 'asc')
    .limit(limit + 1);
  if (query.userId) select = select.where('k.user_id', '=', BigInt(query.userId));
  if (query.cursor) select = select.where('k.id', '>', BigInt(query.cursor));
  const rows = await select.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map(toKycItem),
    nextCursor,
  };
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
    const submission =
      (await trx
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()) ?? refuse('ORDER_NOT_FOUND');
    if (submission.status !== 'pending') refuse('NOT_IN_REVIEW');
    const user =
      (await trx
        .selectFrom('users')
        .select(['id', 'kyc_status', 'real_name'])
        .where('id', '=', submission.user_id)
        .forUpdate()
        .executeTakeFirst()) ?? refuse('ACCOUNT_NOT_FOUND');
    await trx
      .updateTable('kyc_submissions')
      .set({
        status: decision,
        reject_reason: reason ?? null,
        reviewed_by: context.staff.id,
        reviewed_at: new Date(context.nowMs),
      })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('users')
      .set(
        decision === 'verified'
          ? { kyc_status: 'verified', real_name: submission.full_name }
          : { kyc_status: 'rejected' },
      )
      .where('id', '=', user.id)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: decision === 'verified' ? 'kyc.approve' : 'kyc.reject',
      target: { type: 'kyc_submission', id },
      before: { status: 'pending', userKycStatus: user.kyc_status, realName: user.real_name },
      after: {
        status: decision,
        userKycStatus: decision,
        realName: decision === 'verified' ? submission.full_name : user.real_name,
      },
      ...(reason ? { reason } : {}),
      requestId: context.requestId,
      ip: context.ip,
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
  return toKycItem(await kycItemsQuery(deps.db).where('k.id', '=', id).executeTakeFirstOrThrow());
}

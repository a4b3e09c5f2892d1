import type { authInfo, DataOf } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { findUserById } from '../../repositories/user.repository.js';

type Submission = NonNullable<DataOf<typeof authInfo>['submission']>;

export function toKycSubmission(row: {
  id: bigint;
  full_name: string;
  id_type: 'pan' | 'aadhaar';
  id_display: string;
  status: 'pending' | 'verified' | 'rejected';
  reject_reason: string | null;
  front_upload_id: string;
  back_upload_id: string;
  submitted_at: Date;
  reviewed_at: Date | null;
}): Submission {
  return {
    id: String(row.id),
    realName: row.full_name,
    idType: row.id_type,
    idNumber: row.id_display,
    status: row.status,
    rejectReason: row.reject_reason,
    frontImage: row.front_upload_id,
    backImage: row.back_upload_id,
    submittedAt: row.submitted_at.getTime(),
    reviewedAt: row.reviewed_at?.getTime() ?? null,
  };
}

/** `user/authInfo`: the KYC state and the latest submission, with a rejection's reason. */
export async function readKyc(db: Db, context: UserContext): Promise<DataOf<typeof authInfo>> {
  const user = (await findUserById(db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  const latest = await db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    status: user.kycStatus,
    realName: user.realName,
    submission: latest ? toKycSubmission(latest) : null,
  };
}

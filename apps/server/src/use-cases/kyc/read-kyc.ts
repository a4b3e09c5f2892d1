import type { authInfo, DataOf } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { findLatestKycSubmission, type KycSubmissionRecord } from '../../repositories/kyc.repository.js';
import { findUserById } from '../../repositories/user.repository.js';

type Submission = NonNullable<DataOf<typeof authInfo>['submission']>;

export function toKycSubmission(submission: KycSubmissionRecord): Submission {
  return {
    id: String(submission.id),
    realName: submission.fullName,
    idType: submission.idType,
    idNumber: submission.idDisplay,
    status: submission.status,
    rejectReason: submission.rejectReason,
    frontImage: submission.frontUploadId,
    backImage: submission.backUploadId,
    submittedAt: submission.submittedAtMs,
    reviewedAt: submission.reviewedAtMs,
  };
}

/** `user/authInfo`: the KYC state and the latest submission, with a rejection's reason. */
export async function readKyc(db: Db, context: UserContext): Promise<DataOf<typeof authInfo>> {
  const user = (await findUserById(db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  const latest = await findLatestKycSubmission(db, user.id);
  return {
    status: user.kycStatus,
    realName: user.realName,
    submission: latest ? toKycSubmission(latest) : null,
  };
}

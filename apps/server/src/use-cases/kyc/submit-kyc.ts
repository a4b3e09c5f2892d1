import type { authSubmit } from '@nivesh/contract';
import { checkIdentityNumber, isPersonName, maskIdentityNumber } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { insertKycSubmission } from '../../repositories/kyc.repository.js';
import { findOwnUpload } from '../../repositories/upload.repository.js';
import { lockUserById, updateUserKyc } from '../../repositories/user.repository.js';
import { identityHash } from './identity-hash.js';

/**
 * KYC submission: a legal name, a PAN or an Aadhaar number (12 digits with its Verhoeff check digit)
 * and the two images uploaded before. An Aadhaar number is never stored: only its last four digits
 * and a keyed hash, as UIDAI's rules require. Allowed while not verified and not under review, so a
 * rejected investor submits again.
 */
export const submitKyc: InvestorUseCase<typeof authSubmit> = async (deps, context, input) => {
  const name = input.realName.trim().replace(/\s+/g, ' ');
  if (!isPersonName(name)) refuse('NAME_INVALID');
  const identity = checkIdentityNumber(input.idType, input.idNumber);
  if (!identity.ok) refuse('ID_NUMBER_INVALID', { document: input.idType === 'pan' ? 'PAN' : 'Aadhaar' });
  const checked = identity as Extract<typeof identity, { ok: true }>;
  if (input.frontImage === input.backImage) refuse('UPLOAD_NOT_FOUND');
  for (const uploadId of [input.frontImage, input.backImage]) {
    (await findOwnUpload(deps.db, context.user.id, uploadId, 'kyc')) ?? refuse('UPLOAD_NOT_FOUND');
  }
  const hash = identityHash(deps.config.identityHashKey, checked.type, checked.normalised);
  try {
    return await inTransaction(deps.db, async (trx) => {
      const user = (await lockUserById(trx, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
      if (user.kycStatus === 'verified') refuse('REAL_NAME_ALREADY_VERIFIED');
      if (user.kycStatus === 'pending') refuse('REAL_NAME_UNDER_REVIEW');
      await insertKycSubmission(trx, {
        userId: user.id,
        fullName: name,
        idType: checked.type,
        idDisplay: maskIdentityNumber(checked.type, checked.normalised),
        idLast4: checked.last4,
        idHmac: hash,
        frontUploadId: input.frontImage,
        backUploadId: input.backImage,
        submittedAtMs: context.nowMs,
      });
      await updateUserKyc(trx, user.id, { kycStatus: 'pending' });
      return { status: 'pending' as const, submittedAt: context.nowMs };
    });
  } catch (error) {
    // Another account has this identity pending or verified (the partial unique index).
    if (isUniqueViolation(error, 'kyc_submissions_identity_once')) refuse('ID_NUMBER_IN_USE');
    throw error;
  }
};

import type { BodyOf, DataOf, issueResetCode as issueResetCodeCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { insertResetCode, retireResetCodes } from '../../repositories/password-reset-code.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { newReadableCode, sha256Hex } from '../../security/tokens.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

export const RESET_CODE_MINUTES = 30;

/**
 * Support issues a one-time password-reset code for an investor who proved who they are by other
 * means. Only its hash is stored; the code is shown once, valid 30 minutes, and earlier unused
 * codes for the same investor stop working.
 */
export async function issueResetCode(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof issueResetCodeCall>,
): Promise<DataOf<typeof issueResetCodeCall>> {
  const user = (await findUserById(deps.db, BigInt(input.userId))) ?? refuse('ACCOUNT_NOT_FOUND');
  const code = newReadableCode(10);
  const expiresAt = context.nowMs + RESET_CODE_MINUTES * 60_000;
  await deps.db.transaction().execute(async (trx) => {
    await retireResetCodes(trx, user.id, context.nowMs);
    await insertResetCode(trx, {
      userId: user.id,
      codeHash: sha256Hex(code),
      issuedByStaffId: context.staff.id,
      reason: input.reason,
      createdAtMs: context.nowMs,
      expiresAtMs: expiresAt,
    });
    await auditStaffAct(trx, context, {
      action: 'user.reset_code.issue',
      target: { type: 'user', id: user.id },
      after: { expiresAt },
      reason: input.reason,
    });
  });
  return { code, expiresAt };
}

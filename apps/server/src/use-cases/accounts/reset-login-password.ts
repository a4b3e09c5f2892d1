import type { resetPassword } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { PublicUseCase } from '../../application/context.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { findUsableResetCode, markResetCodeUsed } from '../../repositories/password-reset-code.repository.js';
import { replaceLoginPassword } from '../../repositories/session.repository.js';
import { findUserByPhone } from '../../repositories/user.repository.js';
import { hashPassword } from '../../security/passwords.js';
import { normaliseIndianMobile } from '../../security/phone.js';
import { sha256Hex } from '../../security/tokens.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { auditAct } from '../audit/audit-act.js';
import { refuseUnlessNewPassword } from './new-password.js';
import { verifyFundPassword } from './verify-fund-password.js';

/**
 * Resets a forgotten login password, proven either by the fund password or by a one-time code that
 * support staff issued (console: users/issueResetCode). Every session is signed out afterwards.
 */
export const resetLoginPassword: PublicUseCase<typeof resetPassword> = async (deps, context, input) => {
  refuseUnlessNewPassword('login', input);
  if (!input.fundPassword === !input.resetCode) refuse('FORM_INCOMPLETE');
  const phone = normaliseIndianMobile(input.account) ?? refuse('PHONE_INVALID');
  const user = (await findUserByPhone(deps.db, phone)) ?? refuse('ACCOUNT_NOT_FOUND');

  let resetCodeId: bigint | undefined;
  if (input.fundPassword) {
    await verifyFundPassword(deps, context, user, input.fundPassword);
  } else {
    const codeId = await findUsableResetCode(deps.db, {
      userId: user.id,
      codeHash: sha256Hex(input.resetCode!.trim().toUpperCase()),
      nowMs: context.nowMs,
    });
    if (codeId === undefined) {
      await appendAudit(deps.db, {
        actor: { type: 'anonymous' },
        action: 'user.password.reset.failed',
        target: { type: 'user', id: user.id },
        reason: 'wrong or expired reset code',
        requestId: context.requestId,
        ip: context.ip,
      });
      refuse('RESET_CODE_INVALID');
    }
    resetCodeId = codeId;
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    if (resetCodeId !== undefined) {
      // Two resets racing with one code: only the first to mark it used goes on.
      if (!(await markResetCodeUsed(trx, resetCodeId, context.nowMs))) refuse('RESET_CODE_INVALID');
    }
    const revoked = await replaceLoginPassword(trx, {
      userId: user.id,
      passwordHash,
      nowMs: context.nowMs,
      reason: 'password reset',
    });
    await auditAct(trx, { type: 'user', id: user.id }, context, {
      action: 'user.password.reset',
      target: { type: 'user', id: user.id },
      after: { method: resetCodeId === undefined ? 'fund_password' : 'reset_code', sessionsRevoked: revoked },
    });
  });
  announceSessionsRevoked(deps.userEvents, user.id);
  return null;
};

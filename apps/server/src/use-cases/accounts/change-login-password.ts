import type { changePassword } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { replaceLoginPassword } from '../../repositories/session.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { hashPassword, verifyPassword } from '../../security/passwords.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { refuseUnlessNewPassword } from './new-password.js';

/** Changes the login password after checking the old one; every other session is signed out. */
export const changeLoginPassword: InvestorUseCase<typeof changePassword> = async (deps, context, input) => {
  refuseUnlessNewPassword('login', input);
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await auditUserAct(deps.db, context, {
      action: 'user.password.change.failed',
      target: { type: 'user', id: user.id },
      reason: 'wrong original password',
    });
    refuse('ORIGINAL_PASSWORD_WRONG');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    const revoked = await replaceLoginPassword(trx, {
      userId: user.id,
      passwordHash,
      nowMs: context.nowMs,
      reason: 'password changed',
      keepSessionId: context.user.sessionId,
    });
    await auditUserAct(trx, context, {
      action: 'user.password.change',
      target: { type: 'user', id: user.id },
      after: { otherSessionsRevoked: revoked },
    });
  });
  // The other sessions' sockets leave the user's channel now (their check keeps this one).
  announceSessionsRevoked(deps.userEvents, user.id);
  return null;
};

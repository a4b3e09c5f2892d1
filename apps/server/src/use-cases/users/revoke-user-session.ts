import type { revokeUserSession as revokeUserSessionCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { revokeOpenSession, revokeUserSessions } from '../../repositories/session.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/** Support signs an investor out of one session, or of all of them; audited with the reason. */
export const revokeUserSession: StaffUseCase<typeof revokeUserSessionCall> = async (deps, context, input) => {
  const userId = BigInt(input.userId);
  return inTransaction(deps.db, async (trx) => {
    (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    const reason = `staff ${context.staff.username}: ${input.reason}`;
    let revoked: number;
    if (input.sessionId === undefined) {
      revoked = await revokeUserSessions(trx, { userId, nowMs: context.nowMs, reason });
    } else {
      const sessionId = BigInt(input.sessionId);
      if (!(await revokeOpenSession(trx, { userId, sessionId, nowMs: context.nowMs, reason }))) {
        refuse('SESSION_NOT_FOUND');
      }
      revoked = 1;
    }
    await auditStaffAct(trx, context, {
      action: 'user.session.revoke',
      target: { type: 'user', id: userId },
      after: { sessionId: input.sessionId ?? 'all', revoked },
      reason: input.reason,
    });
    return { revoked };
  });
};

import type { setUserFlag as setUserFlagCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { revokeUserSessions } from '../../repositories/session.repository.js';
import {
  deleteUserFlag,
  findUserFlags,
  lockUserById,
  upsertUserFlag,
} from '../../repositories/user.repository.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * Sets or clears an account flag with a recorded reason. Disabling an account or banning its login
 * also signs it out everywhere.
 */
export const setUserFlag: StaffUseCase<typeof setUserFlagCall> = async (deps, context, input) => {
  const userId = BigInt(input.userId);
  let revoked = false;
  const result = await deps.db.transaction().execute(async (trx) => {
    (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    const before = await findUserFlags(trx, userId);
    if (input.set) {
      await upsertUserFlag(trx, userId, input.flag, {
        reason: input.reason,
        setBy: `staff:${context.staff.id}`,
        setAtMs: context.nowMs,
      });
      if (input.flag === 'disabled' || input.flag === 'login_banned') {
        await revokeUserSessions(trx, { userId, nowMs: context.nowMs, reason: `flag ${input.flag}` });
        revoked = true;
      }
    } else {
      await deleteUserFlag(trx, userId, input.flag);
    }
    const after = await findUserFlags(trx, userId);
    await auditStaffAct(trx, context, {
      action: input.set ? 'user.flag.set' : 'user.flag.clear',
      target: { type: 'user', id: userId },
      before: { flags: before },
      after: { flags: after },
      reason: input.reason,
    });
    return { flags: after };
  });
  if (revoked) announceSessionsRevoked(deps.userEvents, userId);
  return result;
};

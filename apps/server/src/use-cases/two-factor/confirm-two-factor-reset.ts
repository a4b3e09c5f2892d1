import type { confirmTwoFactorReset as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { deleteAllPasskeys } from '../../repositories/passkey.repository.js';
import {
  deleteSecondFactor,
  lockPendingReset,
  markResetConfirmed,
} from '../../repositories/second-factor.repository.js';
import { revokeUserSessions } from '../../repositories/session.repository.js';
import { announceSessionsRevoked } from '../../streaming/user-events.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * A second staff member confirms a reset: the investor's second factor and recovery codes go,
 * every session ends, the investor is told, and withdrawals pause for the payout cooling-off hours
 * (the same parameter that holds back a new payout destination), so whoever took over the phone
 * number cannot also take the money at once. Audited with both reasons.
 */
export const confirmTwoFactorResetUseCase: StaffUseCase<typeof call> = async (deps, context, input) => {
  const settings = await readFundsSettings(deps.db);
  const { userId, message } = await deps.db.transaction().execute(async (trx) => {
    const reset =
      (await lockPendingReset(trx, BigInt(input.requestId))) ?? refuse('TWO_FACTOR_RESET_NOT_FOUND');
    if (reset.requestedBy === context.staff.id) refuse('SECOND_APPROVER_REQUIRED');
    await markResetConfirmed(trx, {
      id: reset.id,
      confirmedBy: context.staff.id,
      reason: input.reason,
      atMs: context.nowMs,
    });
    await deleteSecondFactor(trx, reset.userId);
    // Passkeys are a second factor too (docs/adr/0028-passkeys.md): a reset removes every one.
    const passkeysRemoved = await deleteAllPasskeys(trx, reset.userId);
    const sessionsRevoked = await revokeUserSessions(trx, {
      userId: reset.userId,
      nowMs: context.nowMs,
      reason: 'second factor reset',
    });
    await auditStaffAct(trx, context, {
      action: 'user.two_factor.reset',
      target: { type: 'user', id: reset.userId },
      before: { requestId: reset.id, requestedBy: reset.requestedBy, requestReason: reset.requestReason },
      after: { sessionsRevoked, passkeysRemoved, withdrawalPauseHours: settings.coolingOffHours },
      reason: input.reason,
    });
    const message = await insertUserMessage(trx, {
      userId: reset.userId,
      kind: 'TWO_FACTOR_RESET',
      params: { hours: settings.coolingOffHours },
      dedupeKey: `two-factor-reset:${reset.id}`,
      atMs: context.nowMs,
    });
    return { userId: reset.userId, message };
  });
  announceSessionsRevoked(deps.userEvents, userId);
  publishMessage(deps.userEvents, message);
  return {
    userId: String(userId),
    confirmedAt: context.nowMs,
    withdrawalsPausedUntil: context.nowMs + settings.coolingOffHours * 3_600_000,
  };
};

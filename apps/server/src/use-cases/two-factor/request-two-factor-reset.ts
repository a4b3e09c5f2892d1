import type { requestTwoFactorReset as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  hasEnabledSecondFactor,
  insertSecondFactorReset,
} from '../../repositories/second-factor.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * Support asks to reset an investor's second factor (a lost phone; identity checked by other
 * means), with a reason. Nothing changes until a second staff member confirms
 * (users/confirmTwoFactorReset): one person alone cannot take over an account.
 */
export const requestTwoFactorResetUseCase: StaffUseCase<typeof call> = async (deps, context, input) => {
  const user = (await findUserById(deps.db, BigInt(input.userId))) ?? refuse('ACCOUNT_NOT_FOUND');
  // TOTP or a passkey (docs/adr/0028-passkeys.md).
  if (!(await hasEnabledSecondFactor(deps.db, user.id))) refuse('TWO_FACTOR_NOT_ENABLED');
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const id = await insertSecondFactorReset(trx, {
        userId: user.id,
        requestedBy: context.staff.id,
        reason: input.reason,
        atMs: context.nowMs,
      });
      await auditStaffAct(trx, context, {
        action: 'user.two_factor.reset_requested',
        target: { type: 'user', id: user.id },
        after: { requestId: id },
        reason: input.reason,
      });
      return id;
    });
    return { id: String(id), requestedAt: context.nowMs };
  } catch (error) {
    if (isUniqueViolation(error, 'second_factor_resets_one_pending')) refuse('TWO_FACTOR_RESET_PENDING');
    throw error;
  }
};

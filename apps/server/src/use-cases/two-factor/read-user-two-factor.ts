import type { BodyOf, DataOf, staffUserTwoFactor } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import {
  countUnusedRecoveryCodes,
  findPendingResetOfUser,
  findSecondFactor,
  lastConfirmedResetMs,
} from '../../repositories/second-factor.repository.js';
import { findUserById } from '../../repositories/user.repository.js';

/** An investor's second factor as support sees it (never the secret or the codes). */
export async function readUserTwoFactor(
  deps: AppDeps,
  input: BodyOf<typeof staffUserTwoFactor>,
): Promise<DataOf<typeof staffUserTwoFactor>> {
  const user = (await findUserById(deps.db, BigInt(input.userId))) ?? refuse('ACCOUNT_NOT_FOUND');
  const factor = await findSecondFactor(deps.db, user.id);
  const enabledAt = factor?.enabledAtMs ?? null;
  const pending = await findPendingResetOfUser(deps.db, user.id);
  return {
    enabled: enabledAt !== null,
    enabledAt,
    recoveryCodesLeft: enabledAt === null ? 0 : await countUnusedRecoveryCodes(deps.db, user.id),
    lastResetAt: await lastConfirmedResetMs(deps.db, user.id),
    pendingReset: pending
      ? {
          id: String(pending.id),
          requestedBy: pending.requestedByName,
          reason: pending.requestReason,
          requestedAt: pending.requestedAtMs,
        }
      : null,
  };
}

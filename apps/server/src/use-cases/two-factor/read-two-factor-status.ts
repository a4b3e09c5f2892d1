import type { DataOf, twoFactorStatus } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countUnusedRecoveryCodes, findSecondFactor } from '../../repositories/second-factor.repository.js';

/** The investor's own second factor, for the security centre. */
export async function readTwoFactorStatus(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof twoFactorStatus>> {
  const factor = await findSecondFactor(deps.db, context.user.id);
  const enabledAt = factor?.enabledAtMs ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt,
    recoveryCodesLeft: enabledAt === null ? 0 : await countUnusedRecoveryCodes(deps.db, context.user.id),
    required: deps.config.investorTwoFactorRequired,
  };
}

import type { twoFactorDisable } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { deleteSecondFactor, findSecondFactor } from '../../repositories/second-factor.repository.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { acceptSecondFactorCode } from './accept-second-factor-code.js';

/**
 * Turns the second factor off, proven by a current code (or a recovery code): a stolen session
 * alone cannot do it. Refused while the platform requires a second factor.
 */
export const disableTwoFactor: InvestorUseCase<typeof twoFactorDisable> = async (deps, context, input) => {
  if (deps.config.investorTwoFactorRequired) refuse('TWO_FACTOR_REQUIRED_BY_PLATFORM');
  const factor = await findSecondFactor(deps.db, context.user.id);
  if (!factor || factor.enabledAtMs === null) refuse('TWO_FACTOR_NOT_ENABLED');
  const accepted = await acceptSecondFactorCode(deps.db, {
    userId: context.user.id,
    totpSecret: factor!.totpSecret,
    code: input.code,
    nowMs: context.nowMs,
  });
  if (!accepted) {
    await auditUserAct(deps.db, context, {
      action: 'user.two_factor.disable_failed',
      target: { type: 'user', id: context.user.id },
      reason: 'wrong code',
    });
    refuse('TWO_FACTOR_CODE_WRONG');
  }
  await deps.db.transaction().execute(async (trx) => {
    await deleteSecondFactor(trx, context.user.id);
    await auditUserAct(trx, context, {
      action: 'user.two_factor.disabled',
      target: { type: 'user', id: context.user.id },
      after: { provedWith: accepted },
    });
  });
  return null;
};

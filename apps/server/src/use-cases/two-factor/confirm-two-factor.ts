import type { twoFactorConfirm } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import {
  enableSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
} from '../../repositories/second-factor.repository.js';
import { newRecoveryCodes, recoveryCodeHash, totpStepOf } from '../../security/investor-totp.js';
import { auditUserAct } from '../audit/audit-user-act.js';

/**
 * Confirms enrolment with a current code from the authenticator. The second factor is on from now
 * (every later sign-in asks for it) and ten recovery codes are answered once; only their hashes stay.
 */
export const confirmTwoFactor: InvestorUseCase<typeof twoFactorConfirm> = async (deps, context, input) => {
  const factor = await findSecondFactor(deps.db, context.user.id);
  if (!factor) refuse('TWO_FACTOR_ENROLMENT_NOT_STARTED');
  if (factor!.enabledAtMs !== null) refuse('TWO_FACTOR_ALREADY_ENABLED');
  const step = totpStepOf(factor!.totpSecret, input.code, context.nowMs);
  if (step === undefined) refuse('TWO_FACTOR_CODE_WRONG');
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction().execute(async (trx) => {
    await enableSecondFactor(trx, context.user.id, context.nowMs, step!);
    await replaceRecoveryCodes(
      trx,
      context.user.id,
      recoveryCodes.map((code) => recoveryCodeHash(context.user.id, code)),
    );
    await auditUserAct(trx, context, {
      action: 'user.two_factor.enabled',
      target: { type: 'user', id: context.user.id },
    });
  });
  return { recoveryCodes };
};

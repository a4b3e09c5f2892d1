import type { loginVerify } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { PublicUseCase } from '../../application/context.js';
import { hasPasskey } from '../../repositories/passkey.repository.js';
import { findSecondFactor } from '../../repositories/second-factor.repository.js';
import { acceptSecondFactorCode } from './accept-second-factor-code.js';
import { findOpenLoginChallenge, finishSecondStep, recordSecondStepFailure } from './second-step.js';

/**
 * The second step of a sign-in (docs/adr/0022-investor-two-factor.md): the challenge user/login
 * answered and a code from the authenticator, or a recovery code (used up). A challenge works once,
 * for five minutes and five wrong codes; then the investor signs in again from the password.
 * A passkey answers the same challenge through user/loginVerifyPasskey (docs/adr/0028-passkeys.md).
 */
export const completeLogin: PublicUseCase<typeof loginVerify> = async (deps, context, input) => {
  const challenge = await findOpenLoginChallenge(deps, context, input.challengeToken);
  const factor = await findSecondFactor(deps.db, challenge.userId);
  if (!factor || factor.enabledAtMs === null) {
    // Only passkeys: a code has nothing to match. No factor left (reset by staff since the
    // password step): that sign-in starts over.
    if (await hasPasskey(deps.db, challenge.userId)) refuse('TWO_FACTOR_NOT_ENABLED');
    refuse('LOGIN_CHALLENGE_EXPIRED');
  }
  const accepted = await acceptSecondFactorCode(deps.db, {
    userId: challenge.userId,
    totpSecret: factor!.totpSecret,
    code: input.code,
    nowMs: context.nowMs,
  });
  if (!accepted) {
    await recordSecondStepFailure(deps, context, challenge, 'wrong second-factor code');
    refuse('TWO_FACTOR_CODE_WRONG');
  }
  return finishSecondStep(deps, context, challenge, accepted!);
};

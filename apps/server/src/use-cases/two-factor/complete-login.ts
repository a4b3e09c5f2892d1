import type { loginVerify } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { PublicUseCase } from '../../application/context.js';
import {
  addChallengeFailure,
  findLoginChallenge,
  findSecondFactor,
  useLoginChallenge,
} from '../../repositories/second-factor.repository.js';
import { findUserById, findUserFlags } from '../../repositories/user.repository.js';
import { sha256Hex } from '../../security/tokens.js';
import { finishSignIn } from '../accounts/finish-sign-in.js';
import { auditAct } from '../audit/audit-act.js';
import { acceptSecondFactorCode } from './accept-second-factor-code.js';
import { LOGIN_CHALLENGE_MAX_FAILURES } from './login-challenge.js';

/**
 * The second step of a sign-in (docs/adr/0022-investor-two-factor.md): the challenge user/login
 * answered and a code from the authenticator, or a recovery code (used up). A challenge works once,
 * for five minutes and five wrong codes; then the investor signs in again from the password.
 */
export const completeLogin: PublicUseCase<typeof loginVerify> = async (deps, context, input) => {
  const challenge = await findLoginChallenge(deps.db, sha256Hex(input.challengeToken));
  if (
    !challenge ||
    challenge.usedAtMs !== null ||
    challenge.expiresAtMs <= context.nowMs ||
    challenge.failedAttempts >= LOGIN_CHALLENGE_MAX_FAILURES
  )
    refuse('LOGIN_CHALLENGE_EXPIRED');
  const userId = challenge!.userId;
  const audit = (action: string, reason?: string) =>
    auditAct(deps.db, { type: 'user', id: userId }, context, {
      action,
      target: { type: 'user', id: userId },
      ...(reason ? { reason } : {}),
    });
  const factor = await findSecondFactor(deps.db, userId);
  // Reset by staff since the password step: that sign-in starts over.
  if (!factor || factor.enabledAtMs === null) refuse('LOGIN_CHALLENGE_EXPIRED');
  const accepted = await acceptSecondFactorCode(deps.db, {
    userId,
    totpSecret: factor!.totpSecret,
    code: input.code,
    nowMs: context.nowMs,
  });
  if (!accepted) {
    await addChallengeFailure(deps.db, challenge!.id);
    await audit('user.login.failed', 'wrong second-factor code');
    refuse('TWO_FACTOR_CODE_WRONG');
  }
  if (!(await useLoginChallenge(deps.db, challenge!.id, context.nowMs))) refuse('LOGIN_CHALLENGE_EXPIRED');
  // A flag set between the two steps still stops the sign-in.
  const flags = await findUserFlags(deps.db, userId);
  if (flags.includes('disabled')) refuse('ACCOUNT_DISABLED');
  if (flags.includes('login_banned')) refuse('LOGIN_BANNED');
  const user = (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  return finishSignIn(deps, context, {
    userId,
    phone: user.phone,
    device: { hash: challenge!.deviceHash, label: challenge!.deviceLabel },
    secondFactor: accepted,
  });
};

import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import {
  addChallengeFailure,
  findLoginChallenge,
  type LoginChallengeRecord,
  useLoginChallenge,
} from '../../repositories/second-factor.repository.js';
import { findUserById, findUserFlags } from '../../repositories/user.repository.js';
import { sha256Hex } from '../../security/tokens.js';
import { finishSignIn } from '../accounts/finish-sign-in.js';
import { auditAct } from '../audit/audit-act.js';
import { LOGIN_CHALLENGE_MAX_FAILURES } from './login-challenge.js';

/**
 * The second step of a sign-in, whichever factor answers it (a TOTP or recovery code, ADR 0022; a
 * passkey, ADR 0028): the same challenge, the same limits, the same session at the end.
 */

/** The open challenge behind a token: unused, unexpired, fewer than five wrong answers. */
export async function findOpenLoginChallenge(
  deps: AppDeps,
  context: RequestContext,
  challengeToken: string,
): Promise<LoginChallengeRecord> {
  const challenge = await findLoginChallenge(deps.db, sha256Hex(challengeToken));
  if (
    !challenge ||
    challenge.usedAtMs !== null ||
    challenge.expiresAtMs <= context.nowMs ||
    challenge.failedAttempts >= LOGIN_CHALLENGE_MAX_FAILURES
  )
    refuse('LOGIN_CHALLENGE_EXPIRED');
  return challenge!;
}

/** Counts a wrong answer against the challenge and audits it with why. */
export async function recordSecondStepFailure(
  deps: AppDeps,
  context: RequestContext,
  challenge: LoginChallengeRecord,
  reason: string,
): Promise<void> {
  await addChallengeFailure(deps.db, challenge.id);
  await auditAct(deps.db, { type: 'user', id: challenge.userId }, context, {
    action: 'user.login.failed',
    target: { type: 'user', id: challenge.userId },
    reason,
  });
}

/**
 * Uses the challenge once and opens the session: the flags are checked again (one set between the
 * two steps still stops the sign-in), and a new device is told to the investor.
 */
export async function finishSecondStep(
  deps: AppDeps,
  context: RequestContext,
  challenge: LoginChallengeRecord,
  secondFactor: 'totp' | 'recovery' | 'passkey',
): Promise<{ token: string; account: string }> {
  if (!(await useLoginChallenge(deps.db, challenge.id, context.nowMs))) refuse('LOGIN_CHALLENGE_EXPIRED');
  const flags = await findUserFlags(deps.db, challenge.userId);
  if (flags.includes('disabled')) refuse('ACCOUNT_DISABLED');
  if (flags.includes('login_banned')) refuse('LOGIN_BANNED');
  const user = (await findUserById(deps.db, challenge.userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  return finishSignIn(deps, context, {
    userId: challenge.userId,
    phone: user.phone,
    device: { hash: challenge.deviceHash, label: challenge.deviceLabel },
    secondFactor,
  });
}

import type { AppDeps, RequestContext } from '../../application/context.js';
import { insertLoginChallenge } from '../../repositories/second-factor.repository.js';
import { newSessionToken, sha256Hex } from '../../security/tokens.js';
import type { SignInDevice } from '../accounts/finish-sign-in.js';

/** How long the second step of a sign-in may wait, and how many wrong codes it takes. */
export const LOGIN_CHALLENGE_MINUTES = 5;
export const LOGIN_CHALLENGE_MAX_FAILURES = 5;

/** Opens the second step of a sign-in: a one-time token (only its hash is kept). */
export async function openLoginChallenge(
  deps: AppDeps,
  context: RequestContext,
  userId: bigint,
  device: SignInDevice,
): Promise<{ challengeToken: string; expiresAt: number }> {
  const token = newSessionToken();
  const expiresAt = context.nowMs + LOGIN_CHALLENGE_MINUTES * 60_000;
  await insertLoginChallenge(deps.db, {
    userId,
    tokenHash: sha256Hex(token),
    deviceHash: device.hash,
    deviceLabel: device.label,
    atMs: context.nowMs,
    expiresAtMs: expiresAt,
  });
  return { challengeToken: token, expiresAt };
}

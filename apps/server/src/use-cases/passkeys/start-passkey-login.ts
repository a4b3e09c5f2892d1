import type { passkeyLoginOptions } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { PublicUseCase } from '../../application/context.js';
import { insertPasskeyChallenge, listPasskeys } from '../../repositories/passkey.repository.js';
import { authenticationOptions, relyingPartyOf } from '../../security/passkeys.js';
import { findOpenLoginChallenge } from '../two-factor/second-step.js';
import { PASSKEY_CHALLENGE_MINUTES } from './passkey-rules.js';

/**
 * The passkey way through a sign-in's second step (docs/adr/0028-passkeys.md): WebAuthn request
 * options naming the investor's passkeys, with a WebAuthn challenge tied to this login challenge,
 * usable once within five minutes. Only the holder of the password step's challenge gets them.
 */
export const startPasskeyLogin: PublicUseCase<typeof passkeyLoginOptions> = async (deps, context, input) => {
  const challenge = await findOpenLoginChallenge(deps, context, input.challengeToken);
  const passkeys = await listPasskeys(deps.db, challenge.userId);
  if (passkeys.length === 0) refuse('PASSKEY_NONE');
  const options = await authenticationOptions({
    relyingParty: relyingPartyOf(deps.config, context),
    allowed: passkeys,
  });
  await insertPasskeyChallenge(deps.db, {
    userId: challenge.userId,
    purpose: 'authentication',
    loginChallengeId: challenge.id,
    challenge: options.challenge,
    atMs: context.nowMs,
    expiresAtMs: Math.min(challenge.expiresAtMs, context.nowMs + PASSKEY_CHALLENGE_MINUTES * 60_000),
  });
  return { options: options as unknown as Record<string, unknown> };
};

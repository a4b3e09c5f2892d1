import type { DataOf, passkeyRegisterOptions } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { insertPasskeyChallenge, listPasskeys } from '../../repositories/passkey.repository.js';
import { registrationOptions, relyingPartyOf } from '../../security/passkeys.js';
import { PASSKEY_CHALLENGE_MINUTES, PASSKEYS_PER_INVESTOR_MAX } from './passkey-rules.js';

/**
 * Starts adding a passkey (docs/adr/0028-passkeys.md): WebAuthn creation options for this site,
 * excluding the investor's existing passkeys, with a fresh challenge that works once within
 * five minutes.
 */
export async function startPasskeyRegistration(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof passkeyRegisterOptions>> {
  const existing = await listPasskeys(deps.db, context.user.id);
  if (existing.length >= PASSKEYS_PER_INVESTOR_MAX)
    refuse('PASSKEY_LIMIT_REACHED', { max: PASSKEYS_PER_INVESTOR_MAX });
  const options = await registrationOptions({
    relyingParty: relyingPartyOf(deps.config, context),
    userId: context.user.id,
    userName: context.user.phone,
    existing,
  });
  await insertPasskeyChallenge(deps.db, {
    userId: context.user.id,
    purpose: 'registration',
    loginChallengeId: null,
    challenge: options.challenge,
    atMs: context.nowMs,
    expiresAtMs: context.nowMs + PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  return { options: options as unknown as Record<string, unknown> };
}

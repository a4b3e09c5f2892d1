import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import {
  findPasskeyChallenge,
  type PasskeyChallengeKey,
  usePasskeyChallenge,
} from '../../repositories/passkey.repository.js';
import { PASSKEY_CHALLENGE_MINUTES } from './passkey-rules.js';

/**
 * Finds the challenge a WebAuthn answer signed among those issued for this ceremony and uses it up:
 * one issued elsewhere (another ceremony, investor or sign-in) is PASSKEY_CHALLENGE_WRONG; one past
 * its five minutes or already answered is PASSKEY_CHALLENGE_EXPIRED. Used before the answer is
 * verified, so no answer, right or wrong, is checked twice against one challenge.
 */
export async function claimPasskeyChallenge(
  db: Db,
  input: PasskeyChallengeKey & { nowMs: number },
): Promise<void> {
  const found = await findPasskeyChallenge(db, input);
  if (!found) refuse('PASSKEY_CHALLENGE_WRONG');
  const expired = { minutes: PASSKEY_CHALLENGE_MINUTES };
  if (found!.usedAtMs !== null || found!.expiresAtMs <= input.nowMs)
    refuse('PASSKEY_CHALLENGE_EXPIRED', expired);
  if (!(await usePasskeyChallenge(db, found!.id, input.nowMs))) refuse('PASSKEY_CHALLENGE_EXPIRED', expired);
}

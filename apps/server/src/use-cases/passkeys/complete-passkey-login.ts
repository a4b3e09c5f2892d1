import type { loginVerifyPasskey as call } from '@nivesh/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError, refuse } from '../../application/app-error.js';
import type { PublicUseCase } from '../../application/context.js';
import { findPasskeyByCredentialId, recordPasskeyUse } from '../../repositories/passkey.repository.js';
import { clientDataOf, relyingPartyOf, verifyAuthentication } from '../../security/passkeys.js';
import { auditAct } from '../audit/audit-act.js';
import {
  findOpenLoginChallenge,
  finishSecondStep,
  recordSecondStepFailure,
} from '../two-factor/second-step.js';
import { claimPasskeyChallenge } from './claim-passkey-challenge.js';

/**
 * Completes a sign-in's second step with a passkey (docs/adr/0028-passkeys.md), exactly as a code
 * does with user/loginVerify: the same login challenge (once, five minutes, five wrong answers),
 * the same flags checked again, the same session and new-device notice. The assertion must sign
 * this sign-in's WebAuthn challenge, for this site, with one of the investor's own passkeys, and
 * move its signature counter forward. Every refusal counts as a wrong answer and is audited.
 */
export const completePasskeyLogin: PublicUseCase<typeof call> = async (deps, context, input) => {
  const challenge = await findOpenLoginChallenge(deps, context, input.challengeToken);
  const response = input.response as unknown as AuthenticationResponseJSON;
  try {
    const clientData = clientDataOf(response.response.clientDataJSON);
    await claimPasskeyChallenge(deps.db, {
      userId: challenge.userId,
      purpose: 'authentication',
      loginChallengeId: challenge.id,
      challenge: clientData.challenge,
      nowMs: context.nowMs,
    });
    const passkey = await findPasskeyByCredentialId(deps.db, response.id);
    if (!passkey || passkey.userId !== challenge.userId) refuse('PASSKEY_UNKNOWN');
    let newCounter: bigint;
    try {
      newCounter = await verifyAuthentication({
        relyingParty: relyingPartyOf(deps.config, context),
        response,
        clientData,
        expectedChallenge: clientData.challenge,
        passkey: passkey!,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'PASSKEY_COUNTER_REGRESSED')
        await auditAct(deps.db, { type: 'user', id: challenge.userId }, context, {
          action: 'user.passkey.counter_regressed',
          target: { type: 'passkey', id: passkey!.id },
          reason: 'signature counter did not move forward: a cloned authenticator is suspected',
        });
      throw error;
    }
    const recorded = await recordPasskeyUse(deps.db, {
      id: passkey!.id,
      previousCounter: passkey!.signCounter,
      newCounter: newCounter!,
      atMs: context.nowMs,
    });
    if (!recorded) refuse('PASSKEY_COUNTER_REGRESSED');
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('PASSKEY_'))
      await recordSecondStepFailure(deps, context, challenge, `passkey refused: ${error.code}`);
    throw error;
  }
  return finishSecondStep(deps, context, challenge, 'passkey');
};

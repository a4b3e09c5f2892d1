import type { passkeyRegister } from '@nivesh/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import {
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
} from '../../repositories/passkey.repository.js';
import { clientDataOf, relyingPartyOf, verifyRegistration } from '../../security/passkeys.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { claimPasskeyChallenge } from './claim-passkey-challenge.js';
import { passkeyView } from './list-passkeys.js';
import { PASSKEYS_PER_INVESTOR_MAX } from './passkey-rules.js';
import { provePresence } from './prove-presence.js';

/**
 * Adds the passkey the browser created (docs/adr/0028-passkeys.md): proved with the fund password
 * or a current code, the challenge of user/passkeyRegisterOptions used up, the attestation ('none'
 * is enough: the key proves possession, not a make) verified for this site. From now it answers
 * the sign-in's second step. Audited; the investor is told.
 */
export const registerPasskey: InvestorUseCase<typeof passkeyRegister> = async (deps, context, input) => {
  const provedWith = await provePresence(deps, context, input.proof, 'add');
  const response = input.response as unknown as RegistrationResponseJSON;
  const clientData = clientDataOf(response.response.clientDataJSON);
  await claimPasskeyChallenge(deps.db, {
    userId: context.user.id,
    purpose: 'registration',
    loginChallengeId: null,
    challenge: clientData.challenge,
    nowMs: context.nowMs,
  });
  const credential = await verifyRegistration({
    relyingParty: relyingPartyOf(deps.config, context),
    response,
    clientData,
    expectedChallenge: clientData.challenge,
  });
  if (await findPasskeyByCredentialId(deps.db, credential.credentialId)) refuse('PASSKEY_ALREADY_REGISTERED');
  const { passkey, message } = await deps.db.transaction().execute(async (trx) => {
    if ((await listPasskeys(trx, context.user.id)).length >= PASSKEYS_PER_INVESTOR_MAX)
      refuse('PASSKEY_LIMIT_REACHED', { max: PASSKEYS_PER_INVESTOR_MAX });
    const passkey = await insertPasskey(trx, {
      userId: context.user.id,
      ...credential,
      name: input.name,
      atMs: context.nowMs,
    });
    await auditUserAct(trx, context, {
      action: 'user.passkey.added',
      target: { type: 'passkey', id: passkey.id },
      after: { name: passkey.name, transports: passkey.transports, provedWith },
    });
    const message = await insertUserMessage(trx, {
      userId: context.user.id,
      kind: 'PASSKEY_ADDED',
      params: { name: passkey.name },
      dedupeKey: `passkey:${passkey.id}:added`,
      atMs: context.nowMs,
    });
    return { passkey, message };
  });
  publishMessage(deps.userEvents, message);
  return { passkey: passkeyView(passkey) };
};

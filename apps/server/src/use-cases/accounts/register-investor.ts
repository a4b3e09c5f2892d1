import type { register } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, PublicUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { findActiveInvitation, insertInvitationCode } from '../../repositories/invitation-code.repository.js';
import { openUserAccounts } from '../../repositories/ledger.repository.js';
import { insertInvestor } from '../../repositories/user.repository.js';
import { hashPassword, isStrongLoginPassword, LOGIN_PASSWORD_MIN_LENGTH } from '../../security/passwords.js';
import { normaliseIndianMobile } from '../../security/phone.js';
import { newReadableCode } from '../../security/tokens.js';
import { auditAct } from '../audit/audit-act.js';
import { openSessionFor } from './open-session.js';

/**
 * Registers an investor: a valid invitation code is required (its owner becomes the referrer),
 * the agreement and privacy policy must be accepted, and the investor gets an invitation code of
 * their own. Answers a signed-in session.
 */
export const registerInvestor: PublicUseCase<typeof register> = async (deps, context, input) => {
  if (!input.agree) refuse('AGREEMENT_REQUIRED');
  const phone = normaliseIndianMobile(input.account) ?? refuse('PHONE_INVALID');
  if (input.password !== input.confirmPassword) refuse('PASSWORDS_DO_NOT_MATCH');
  if (!isStrongLoginPassword(input.password))
    refuse('PASSWORD_TOO_WEAK', { minLength: LOGIN_PASSWORD_MIN_LENGTH });
  const inviteCode = input.inviteCode.trim().toUpperCase();
  const invitation = await findActiveInvitation(deps.db, inviteCode);
  if (!invitation) refuse('INVITER_NOT_FOUND');

  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const userId = await insertInvestor(trx, {
        phone,
        passwordHash,
        referrerId: invitation?.ownerUserId ?? null,
      });
      const ownCode = await insertOwnInvitationCode(trx, userId);
      await openUserAccounts(trx, userId);
      const session = await openSessionFor(trx, deps, context, userId);
      await auditAct(trx, { type: 'user', id: userId }, context, {
        action: 'user.register',
        target: { type: 'user', id: userId },
        after: {
          phone,
          referrerId: invitation?.ownerUserId ?? null,
          inviteCode: ownCode,
          usedCode: inviteCode,
        },
      });
      return { token: session.token, account: phone };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_phone_key')) refuse('ACCOUNT_EXISTS');
    throw error;
  }
};

async function insertOwnInvitationCode(trx: AppDeps['db'], userId: bigint): Promise<string> {
  // 8 characters from a 32-letter alphabet: 2^40 codes, so a clash is rare; retry on one anyway.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newReadableCode(8);
    if (await insertInvitationCode(trx, code, userId)) return code;
  }
  throw new Error('could not allocate a unique invitation code');
}

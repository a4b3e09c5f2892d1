import type { login } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { PublicUseCase } from '../../application/context.js';
import { isAccountClosed } from '../../repositories/account-closure.repository.js';
import { findSecondFactorKinds } from '../../repositories/second-factor.repository.js';
import { findUserByPhone, findUserFlags } from '../../repositories/user.repository.js';
import { verifyAgainstDummy, verifyPassword } from '../../security/passwords.js';
import { normaliseIndianMobile } from '../../security/phone.js';
import { auditAct } from '../audit/audit-act.js';
import { openLoginChallenge } from '../two-factor/login-challenge.js';
import { finishSignIn, signInDeviceOf } from './finish-sign-in.js';

/**
 * Signs an investor in. A wrong phone and a wrong password answer the same and take the same
 * time, so the answer does not tell which phones have accounts. Flags are checked only after the
 * password, so they are told only to the account's owner. Every attempt is audited. An investor
 * with a second factor gets a challenge instead of a session, completed by user/loginVerify.
 */
export const logInInvestor: PublicUseCase<typeof login> = async (deps, context, input) => {
  const phone = normaliseIndianMobile(input.account);
  const user = phone ? await findUserByPhone(deps.db, phone) : undefined;
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  const audit = (action: string, reason?: string) =>
    auditAct(deps.db, user ? { type: 'user', id: user.id } : { type: 'anonymous' }, context, {
      action,
      target: { type: 'user', id: user?.id ?? `phone:${phone ?? 'invalid'}` },
      ...(reason ? { reason } : {}),
    });
  if (!user || !passwordOk) {
    await audit('user.login.failed', user ? 'wrong password' : 'unknown account');
    refuse('ACCOUNT_OR_PASSWORD_WRONG');
  }
  const flags = await findUserFlags(deps.db, user!.id);
  if (flags.includes('disabled')) {
    await audit('user.login.refused', 'disabled');
    refuse('ACCOUNT_DISABLED');
  }
  if (flags.includes('login_banned')) {
    await audit('user.login.refused', 'login_banned');
    refuse('LOGIN_BANNED');
  }
  // A closed account signs in no more (docs/adr/0024); told only after the right password.
  if (await isAccountClosed(deps.db, user!.id)) {
    await audit('user.login.refused', 'closed');
    refuse('ACCOUNT_CLOSED');
  }
  const device = signInDeviceOf(context, input.deviceId);
  // With a second factor, the password only earns a challenge (docs/adr/0022-investor-two-factor.md).
  // A passkey answers it as a code does (docs/adr/0028-passkeys.md); the reply names the factors.
  const factors = await findSecondFactorKinds(deps.db, user!.id);
  if (factors.length > 0) {
    const challenge = await openLoginChallenge(deps, context, user!.id, device);
    await audit('user.login.challenged');
    return { twoFactorRequired: true, ...challenge, account: user!.phone, factors };
  }
  return finishSignIn(deps, context, { userId: user!.id, phone: user!.phone, device });
};

import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findSecondFactor } from '../../repositories/second-factor.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { verifyFundPassword } from '../accounts/verify-fund-password.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { acceptSecondFactorCode } from '../two-factor/accept-second-factor-code.js';

export type PresenceProof = { fundPassword: string } | { code: string };

/**
 * A session alone does not add or remove a passkey (docs/adr/0028-passkeys.md): the investor proves
 * it is them with the fund password or a current code of their authenticator (or a recovery code).
 * An investor with neither may add a passkey with the session alone, as they may start TOTP; with
 * neither, removing one is refused FUND_PASSWORD_NOT_SET (there is nothing to prove it with).
 * Answers what proved it.
 */
export async function provePresence(
  deps: AppDeps,
  context: UserContext,
  proof: PresenceProof | undefined,
  purpose: 'add' | 'remove',
): Promise<'fund_password' | 'totp' | 'recovery' | 'session'> {
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  const factor = await findSecondFactor(deps.db, user.id);
  const totpSecret = factor?.enabledAtMs != null ? factor.totpSecret : undefined;
  if (!proof) {
    if (user.fundPasswordHash !== null || totpSecret !== undefined) refuse('PASSKEY_PROOF_REQUIRED');
    if (purpose === 'remove') refuse('FUND_PASSWORD_NOT_SET');
    return 'session';
  }
  if ('fundPassword' in proof) {
    await verifyFundPassword(deps, context, user, proof.fundPassword);
    return 'fund_password';
  }
  if (totpSecret === undefined) refuse('TWO_FACTOR_NOT_ENABLED');
  const accepted = await acceptSecondFactorCode(deps.db, {
    userId: user.id,
    totpSecret: totpSecret!,
    code: proof.code,
    nowMs: context.nowMs,
  });
  if (!accepted) {
    await auditUserAct(deps.db, context, {
      action: `user.passkey.${purpose}_failed`,
      target: { type: 'user', id: user.id },
      reason: 'wrong code',
    });
    refuse('TWO_FACTOR_CODE_WRONG');
  }
  return accepted!;
}

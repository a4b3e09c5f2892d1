import type { DataOf, twoFactorEnroll } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findSecondFactor, upsertPendingSecondFactor } from '../../repositories/second-factor.repository.js';
import { newInvestorTotp } from '../../security/investor-totp.js';
import { auditUserAct } from '../audit/audit-user-act.js';

/**
 * Starts TOTP enrolment: a new secret, shown once with its QR code; it counts only once confirmed
 * with a code (user/twoFactorConfirm). Starting again replaces an unconfirmed secret.
 */
export async function enrollTwoFactor(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof twoFactorEnroll>> {
  const existing = await findSecondFactor(deps.db, context.user.id);
  if (existing?.enabledAtMs != null) refuse('TWO_FACTOR_ALREADY_ENABLED');
  const enrolment = await newInvestorTotp(context.user.phone);
  await deps.db.transaction().execute(async (trx) => {
    await upsertPendingSecondFactor(trx, {
      userId: context.user.id,
      totpSecret: enrolment.secret,
      atMs: context.nowMs,
    });
    await auditUserAct(trx, context, {
      action: 'user.two_factor.enrolment_started',
      target: { type: 'user', id: context.user.id },
    });
  });
  return enrolment;
}

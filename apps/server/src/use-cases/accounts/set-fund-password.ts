import type { setFundPassword as setFundPasswordCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { findUserById, setFundPasswordHash } from '../../repositories/user.repository.js';
import { hashPassword, verifyPassword } from '../../security/passwords.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { refuseUnlessNewPassword } from './new-password.js';
import { verifyFundPassword } from './verify-fund-password.js';

/**
 * Sets the fund password the first time (the login password confirms it is the owner) or changes
 * it (the current fund password confirms it, with the failure lock of verifyFundPassword).
 */
export const setFundPassword: InvestorUseCase<typeof setFundPasswordCall> = async (deps, context, input) => {
  refuseUnlessNewPassword('fund', input);
  const user = (await findUserById(deps.db, context.user.id)) ?? refuse('ACCOUNT_NOT_FOUND');
  const isChange = user.fundPasswordHash !== null;
  if (isChange) {
    if (!input.oldFundPassword) refuse('VALIDATION_FAILED', { field: 'oldFundPassword', reason: 'required' });
    await verifyFundPassword(deps, context, user, input.oldFundPassword!);
  } else {
    if (!input.loginPassword) refuse('VALIDATION_FAILED', { field: 'loginPassword', reason: 'required' });
    if (!(await verifyPassword(user.passwordHash, input.loginPassword!))) refuse('ORIGINAL_PASSWORD_WRONG');
  }
  const fundPasswordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await setFundPasswordHash(trx, user.id, fundPasswordHash);
    await auditUserAct(trx, context, {
      action: isChange ? 'user.fund_password.change' : 'user.fund_password.set',
      target: { type: 'user', id: user.id },
    });
  });
  return null;
};

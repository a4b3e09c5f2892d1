import type { setCreditScore as setCreditScoreCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { lockUserById, updateCreditScore } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * Compliance sets a credit score (a positive integer, checked by the contract). The score sets the
 * credit-loan quota only; it never gates a withdrawal (DESIGN.md rule 1.3).
 */
export const setCreditScore: StaffUseCase<typeof setCreditScoreCall> = async (deps, context, input) => {
  const userId = BigInt(input.userId);
  return inTransaction(deps.db, async (trx) => {
    const user = (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    await updateCreditScore(trx, userId, input.creditScore);
    await auditStaffAct(trx, context, {
      action: 'user.credit_score.set',
      target: { type: 'user', id: userId },
      before: { creditScore: user.creditScore },
      after: { creditScore: input.creditScore },
      reason: input.reason,
    });
    return { creditScore: input.creditScore };
  });
};

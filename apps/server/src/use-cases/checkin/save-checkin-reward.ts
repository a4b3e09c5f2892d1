import type { staffSaveCheckinReward as call } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { paiseFromInput } from '../../application/money-input.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lockCheckinReward, upsertCheckinReward } from '../../repositories/checkin.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/** The most a single check-in reward may pay: a promotion, not a payout channel. */
const REWARD_MAX_PAISE = 10_000_00n;

/** Adds or changes a row of the check-in reward table, audited with before and after. */
export const saveCheckinReward: StaffUseCase<typeof call> = async (deps, context, input) => {
  const amountPaise = paiseFromInput('amount', input.amount, { maxPaise: REWARD_MAX_PAISE });
  try {
    return await deps.db.transaction().execute(async (trx) => {
      let before: unknown;
      if (input.id) {
        const existing = await lockCheckinReward(trx, BigInt(input.id));
        if (!existing) return refuse('PRODUCT_NOT_FOUND');
        before = {
          requiredCount: existing.requiredCount,
          amount: formatPaise(existing.amountPaise),
          active: existing.isActive,
        };
      }
      const id = await upsertCheckinReward(trx, {
        ...(input.id ? { id: BigInt(input.id) } : {}),
        requiredCount: input.requiredCount,
        amountPaise,
        isActive: input.active,
      });
      await auditStaffAct(trx, context, {
        action: input.id ? 'checkin.reward.update' : 'checkin.reward.create',
        target: { type: 'checkin_reward', id },
        before,
        after: { requiredCount: input.requiredCount, amount: formatPaise(amountPaise), active: input.active },
        reason: input.reason,
      });
      return { id: String(id) };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      refuse('VALIDATION_FAILED', { field: 'requiredCount', reason: 'duplicate' });
    throw error;
  }
};

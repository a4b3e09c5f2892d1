import type { DataOf, staffListCheckinRewards } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findCheckinRewards } from '../../repositories/checkin.repository.js';

export async function listCheckinRewards(deps: AppDeps): Promise<DataOf<typeof staffListCheckinRewards>> {
  const rewards = await findCheckinRewards(deps.db, 'all');
  return {
    items: rewards.map((reward) => ({
      id: String(reward.id),
      requiredCount: reward.requiredCount,
      amount: formatPaise(reward.amountPaise),
      active: reward.isActive,
    })),
  };
}

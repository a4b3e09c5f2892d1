import type { DataOf, staffListCheckinRewards } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';

export async function listCheckinRewards(deps: AppDeps): Promise<DataOf<typeof staffListCheckinRewards>> {
  const rows = await deps.db.selectFrom('checkin_rewards').selectAll().orderBy('required_count').execute();
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      requiredCount: row.required_count,
      amount: formatPaise(row.amount_paise),
      active: row.active,
    })),
  };
}

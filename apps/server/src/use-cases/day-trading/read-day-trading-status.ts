import type { DataOf, dayTradingStatus } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps, UserContext } from '../../application/context.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';

type Status = DataOf<typeof dayTradingStatus>;

/** The investor's day-trading status, the latest application and the rules that apply. */
export async function readDayTradingStatus(deps: AppDeps, context: UserContext): Promise<Status> {
  const user = await deps.db
    .selectFrom('users')
    .select('day_trading_status')
    .where('id', '=', context.user.id)
    .executeTakeFirstOrThrow();
  const latest = await deps.db
    .selectFrom('day_trading_applications')
    .selectAll()
    .where('user_id', '=', context.user.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const parameters = await readTradingParameters(deps.db);
  const minutes = parameters.squareOffMinutes;
  return {
    status: user.day_trading_status,
    appliedAt: latest ? latest.applied_at.getTime() : null,
    decidedAt: latest?.decided_at ? latest.decided_at.getTime() : null,
    reason: latest?.state === 'rejected' ? latest.reason : null,
    rules: {
      squareOffTime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      // Basis points as a percentage with two decimals: 8000 bps → "80.00".
      stopOutPercent: formatPaise(parameters.stopOutBps),
    },
  };
}

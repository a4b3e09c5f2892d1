import type { DataOf, dayTradingStatus } from '@nivesh/contract';
import { formatPaise, invariant } from '@nivesh/core';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findLatestDayTradingApplication } from '../../repositories/day-trading.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findUserById } from '../../repositories/user.repository.js';

type Status = DataOf<typeof dayTradingStatus>;

/** The investor's day-trading status, the latest application and the rules that apply. */
export async function readDayTradingStatus(deps: AppDeps, context: UserContext): Promise<Status> {
  const user = await findUserById(deps.db, context.user.id);
  invariant(user !== undefined, `user ${context.user.id} exists`);
  const latest = await findLatestDayTradingApplication(deps.db, context.user.id);
  const parameters = await readTradingParameters(deps.db);
  const minutes = parameters.squareOffMinutes;
  return {
    status: user.dayTradingStatus,
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

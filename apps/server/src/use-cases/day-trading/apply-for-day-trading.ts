import type { DataOf, dayTradingStatus } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  insertDayTradingApplication,
  setUserDayTradingStatus,
} from '../../repositories/day-trading.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { auditAct } from '../audit/audit-act.js';
import { readDayTradingStatus } from './read-day-trading-status.js';

type Status = DataOf<typeof dayTradingStatus>;

/**
 * Day (intraday) trading is enabled per investor after staff review (DESIGN §5). An investor applies
 * once at a time; compliance approves or rejects with a reason; only one decision counts when two
 * staff members act at once (decide-day-trading-application.ts).
 *
 * The investor applies: refused when approved already, when an application is under review, or
 * without verified KYC.
 */
export async function applyForDayTrading(deps: AppDeps, context: UserContext): Promise<Status> {
  const userId = context.user.id;
  await inTransaction(deps.db, async (trx) => {
    const user = await lockUserById(trx, userId);
    invariant(user !== undefined, `user ${userId} exists`);
    if (user.kycStatus !== 'verified') refuse('REAL_NAME_REQUIRED');
    if (user.dayTradingStatus === 'approved') refuse('DAY_TRADING_ALREADY_APPROVED');
    if (user.dayTradingStatus === 'pending') refuse('ORDER_PENDING_REVIEW');
    await insertDayTradingApplication(trx, { userId, appliedAtMs: context.nowMs });
    await setUserDayTradingStatus(trx, userId, 'pending');
    await auditAct(trx, { type: 'user', id: userId }, context, {
      action: 'day_trading.apply',
      target: { type: 'user', id: userId },
      before: { status: user.dayTradingStatus },
      after: { status: 'pending' },
    });
  });
  return readDayTradingStatus(deps, context);
}

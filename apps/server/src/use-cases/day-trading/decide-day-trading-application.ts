import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  dayTradingApplicationExists,
  decidePendingDayTradingApplication,
  findDayTradingApplication,
  setUserDayTradingStatus,
} from '../../repositories/day-trading.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import {
  type DayTradingApplicationView,
  toDayTradingApplicationView,
} from './day-trading-application-view.js';

/**
 * Approves or rejects a pending application. The update names the pending state, so of two staff
 * members deciding at once exactly one changes the row; the other is told not to repeat it.
 */
export async function decideDayTradingApplication(
  deps: AppDeps,
  context: StaffContext,
  input: { id: string; decision: 'approved' | 'rejected'; reason?: string | undefined },
): Promise<DayTradingApplicationView> {
  const id = BigInt(input.id);
  const nowMs = context.nowMs;
  const result = await inTransaction(deps.db, async (trx) => {
    const decided = await decidePendingDayTradingApplication(trx, {
      id,
      decision: input.decision,
      decidedAtMs: nowMs,
      staffId: context.staff.id,
      reason: input.reason ?? null,
    });
    if (!decided) {
      const exists = await dayTradingApplicationExists(trx, id);
      refuse(exists ? 'REPEATED_OPERATION' : 'ORDER_NOT_FOUND', exists ? { state: 'pending review' } : {});
    }
    const application = decided!;
    await setUserDayTradingStatus(trx, application.userId, input.decision);
    await auditStaffAct(trx, context, {
      action: input.decision === 'approved' ? 'day_trading.approve' : 'day_trading.reject',
      target: { type: 'day_trading_application', id },
      before: { state: 'pending', userId: application.userId },
      after: { state: input.decision, userId: application.userId },
      reason: input.reason,
    });
    const message = await insertUserMessage(trx, {
      userId: application.userId,
      kind: input.decision === 'approved' ? 'DAY_TRADING_APPROVED' : 'DAY_TRADING_REJECTED',
      params: input.decision === 'approved' ? {} : { reason: input.reason ?? '' },
      dedupeKey: `day_trading:${id}:${input.decision}`,
      atMs: nowMs,
    });
    const record = await findDayTradingApplication(trx, id);
    invariant(record !== undefined, `day-trading application ${id} was just decided`);
    return { record, message };
  });
  publishMessage(deps.userEvents, result.message);
  deps.userEvents.publishUserEvent(result.record.userId, { type: 'dayTrading', status: input.decision });
  return toDayTradingApplicationView(result.record);
}

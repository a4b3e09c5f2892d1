import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  applicationQuery,
  type DayTradingApplicationView,
  toApplication,
} from '../../repositories/day-trading.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';

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
    const decided = await trx
      .updateTable('day_trading_applications')
      .set({
        state: input.decision,
        decided_at: new Date(nowMs),
        decided_by_staff_id: context.staff.id,
        reason: input.reason ?? null,
      })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!decided) {
      const exists = await trx
        .selectFrom('day_trading_applications')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      refuse(exists ? 'REPEATED_OPERATION' : 'ORDER_NOT_FOUND', exists ? { state: 'pending review' } : {});
    }
    const application = decided!;
    await trx
      .updateTable('users')
      .set({ day_trading_status: input.decision })
      .where('id', '=', application.user_id)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: input.decision === 'approved' ? 'day_trading.approve' : 'day_trading.reject',
      target: { type: 'day_trading_application', id },
      before: { state: 'pending', userId: application.user_id },
      after: { state: input.decision, userId: application.user_id },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    const message = await insertUserMessage(trx, {
      userId: application.user_id,
      kind: input.decision === 'approved' ? 'DAY_TRADING_APPROVED' : 'DAY_TRADING_REJECTED',
      params: input.decision === 'approved' ? {} : { reason: input.reason ?? '' },
      dedupeKey: `day_trading:${id}:${input.decision}`,
      atMs: nowMs,
    });
    const row = await applicationQuery(trx)
      .where('day_trading_applications.id', '=', id)
      .executeTakeFirstOrThrow();
    return { row, message };
  });
  publishMessage(deps.userEvents, result.message);
  deps.userEvents.publishUserEvent(result.row.user_id, { type: 'dayTrading', status: input.decision });
  return toApplication(result.row);
}

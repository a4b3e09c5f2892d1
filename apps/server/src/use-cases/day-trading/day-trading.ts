import type {
  approveDayTrading,
  BodyOf,
  DataOf,
  dayTradingStatus,
  listDayTradingApplications,
} from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DayTradingApplicationsTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { refuse } from '../../http/app-error.js';
import type { AppDeps, UserContext } from '../../http/context.js';
import type { StaffContext } from '../../http/register-console-call.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { readTradingParameters } from '../../repositories/parameter.repository.js';

type Status = DataOf<typeof dayTradingStatus>;
type Application = DataOf<typeof approveDayTrading>;

/**
 * Day (intraday) trading is enabled per investor after staff review (DESIGN §5). An investor applies
 * once at a time; compliance approves or rejects with a reason; only one decision counts when two
 * staff members act at once (the decision updates the row only while it is pending).
 */

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

/** The investor applies: refused when approved already or when an application is under review. */
export async function applyForDayTrading(deps: AppDeps, context: UserContext): Promise<Status> {
  const userId = context.user.id;
  await inTransaction(deps.db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['day_trading_status', 'kyc_status'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (user.kyc_status !== 'verified') refuse('REAL_NAME_REQUIRED');
    if (user.day_trading_status === 'approved') refuse('DAY_TRADING_ALREADY_APPROVED');
    if (user.day_trading_status === 'pending') refuse('ORDER_PENDING_REVIEW');
    await trx
      .insertInto('day_trading_applications')
      .values({ user_id: userId, state: 'pending', applied_at: new Date(context.nowMs) })
      .execute();
    await trx.updateTable('users').set({ day_trading_status: 'pending' }).where('id', '=', userId).execute();
    await appendAudit(trx, {
      actor: { type: 'user', id: userId },
      action: 'day_trading.apply',
      target: { type: 'user', id: userId },
      before: { status: user.day_trading_status },
      after: { status: 'pending' },
      requestId: context.requestId,
      ip: context.ip,
    });
  });
  return readDayTradingStatus(deps, context);
}

export async function listApplications(
  deps: AppDeps,
  input: BodyOf<typeof listDayTradingApplications>,
): Promise<DataOf<typeof listDayTradingApplications>> {
  const state = input.state ?? 'pending';
  const rows = await applicationQuery(deps.db)
    .where('day_trading_applications.state', '=', state)
    .orderBy('day_trading_applications.id', state === 'pending' ? 'asc' : 'desc')
    .limit(input.limit ?? 50)
    .execute();
  return { items: rows.map(toApplication) };
}

/**
 * Approves or rejects a pending application. The update names the pending state, so of two staff
 * members deciding at once exactly one changes the row; the other is told not to repeat it.
 */
export async function decideApplication(
  deps: AppDeps,
  context: StaffContext,
  input: { id: string; decision: 'approved' | 'rejected'; reason?: string | undefined },
): Promise<Application> {
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

function applicationQuery(db: Db) {
  return db
    .selectFrom('day_trading_applications')
    .innerJoin('users', 'users.id', 'day_trading_applications.user_id')
    .selectAll('day_trading_applications')
    .select(['users.phone', 'users.real_name']);
}

function toApplication(
  row: Selectable<DayTradingApplicationsTable> & { phone: string; real_name: string | null },
): Application {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    phone: row.phone,
    realName: row.real_name,
    state: row.state,
    appliedAt: row.applied_at.getTime(),
    decidedAt: row.decided_at ? row.decided_at.getTime() : null,
    decidedBy: row.decided_by_staff_id === null ? null : String(row.decided_by_staff_id),
    reason: row.reason,
  };
}

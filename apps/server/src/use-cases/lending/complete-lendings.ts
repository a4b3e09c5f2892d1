import type { MessageKind } from '@nivesh/contract';
import { formatPaise, invariant, lendingDaysServed, lendingFeePaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { houseAccountId, postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import {
  findDueLendingIds,
  findLending,
  lockLendingInProgress,
  markLendingCompleted,
} from '../../repositories/lending.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { findPosition } from '../../repositories/position.repository.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';

/** Lendings completed per run at most; the next run (the next tick) takes the rest. */
const BATCH_MAX = 100;

/**
 * Completes the lendings that are due, by the injected clock (engine leader only):
 * - the term ended: the fee fixed at lending is credited to the lender's cash from the house's
 *   lending-fee account (`lending:<id>:fee`), and the holding is free to close;
 * - the engine closed the holding first (a stop-out): the lending ends at the close, with the fee
 *   of the whole days served.
 * Each completion is one transaction that re-reads the lending under a row lock and names the
 * in-progress state, so a run repeated (or run by two leaders in a hand-over) completes it exactly once.
 */
export async function completeDueLendings(deps: AppDeps, options: { nowMs: number }): Promise<number> {
  const nowMs = options.nowMs;
  const due = await findDueLendingIds(deps.db, nowMs, BATCH_MAX);
  if (due.length === 0) return 0;
  const houseFees = await houseAccountId(deps.db, 'house_lending_fees', 'INR');
  let completed = 0;
  for (const id of due) {
    const done = await completeLending(deps, id, houseFees, nowMs);
    if (!done) continue;
    completed += 1;
    publishMessage(deps.userEvents, done.message);
    deps.userEvents.publishUserEvent(done.userId, { type: 'lending', event: 'completed', id: String(id) });
  }
  return completed;
}

async function completeLending(
  deps: AppDeps,
  id: bigint,
  houseFees: bigint,
  nowMs: number,
): Promise<{ userId: bigint; message: StoredMessage | null } | undefined> {
  const lending = await findLending(deps.db, id);
  if (!lending) return undefined;
  const cash = await userAccountId(deps.db, lending.userId, 'cash', 'INR');
  return inTransaction(deps.db, async (trx) => {
    const row = await lockLendingInProgress(trx, id);
    if (!row) return undefined;
    const position = await findPosition(trx, row.positionId);
    invariant(position, `lending ${id} has its position ${row.positionId}`);
    const termEndMs = row.termEndsAtMs;
    const closedAtMs = position.state === 'holding' ? null : (position.closedAtMs ?? nowMs);
    const endedEarly = closedAtMs !== null && closedAtMs < termEndMs;
    if (!endedEarly && termEndMs > nowMs) return undefined;
    const daysServed = endedEarly ? lendingDaysServed(row.lentAtMs, closedAtMs!, row.termDays) : row.termDays;
    const feePaise = endedEarly
      ? lendingFeePaise(row.valuePaise, row.feeBpsPerDay, daysServed)
      : row.expectedFeePaise;
    if (feePaise > 0n) {
      await postEntry(trx, {
        key: `lending:${id}:fee`,
        kind: 'lending_fee',
        reference: String(id),
        referenceType: 'lending',
        postedBy: ENGINE_ACTOR,
        atMs: nowMs,
        postings: [
          { accountId: cash, amountMinor: feePaise, currency: 'INR' },
          { accountId: houseFees, amountMinor: -feePaise, currency: 'INR' },
        ],
      });
    }
    const endReason = endedEarly ? 'position_closed' : 'term';
    await markLendingCompleted(trx, id, { atMs: nowMs, endReason, feePaidPaise: feePaise });
    await appendAudit(trx, {
      actor: ENGINE_ACTOR,
      action: endedEarly ? 'lending.end_early' : 'lending.complete',
      target: { type: 'lending', id },
      before: { state: 'in_progress' },
      after: { state: 'completed', endReason, daysServed, feePaid: formatPaise(feePaise) },
    });
    const kind: MessageKind = endedEarly ? 'LENDING_ENDED_EARLY' : 'LENDING_COMPLETED';
    const params = { symbol: row.symbol, quantity: row.quantity, fee: formatPaise(feePaise) };
    const message = await insertUserMessage(trx, {
      userId: row.userId,
      kind,
      params: endedEarly ? { ...params, days: daysServed } : params,
      dedupeKey: `lending:${id}:completed`,
      atMs: nowMs,
    });
    return { userId: row.userId, message };
  });
}

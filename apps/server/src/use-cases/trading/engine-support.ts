import type { MessageKind, MessageParams } from '@nivesh/contract';
import { nextPositionState, type PositionAction } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { findInstrumentName } from '../../repositories/instrument.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { lockPosition, type PositionRecord } from '../../repositories/position.repository.js';
import { type PositionView, toPositionView } from './position-view.js';
import { publishPositionEvent, type TradeEventKind } from './trade-events.js';

/** The engine acts as the system: its entries, audit rows and messages say so. */
export const ENGINE_ACTOR = { type: 'system' as const, id: 'engine' };

/**
 * Records an engine action inside its transaction: the audit row (system actor, before and after)
 * and the investor's message, deduplicated by the action's key so a retried action never notifies
 * twice.
 */
export async function recordEngineAction(
  trx: Db,
  input: {
    action: string;
    before: PositionRecord;
    after: PositionRecord;
    message: { kind: MessageKind; params: MessageParams; dedupeKey: string };
    atMs: number;
  },
): Promise<StoredMessage | null> {
  await appendAudit(trx, {
    actor: ENGINE_ACTOR,
    action: input.action,
    target: { type: 'position', id: input.after.id },
    before: { state: input.before.state },
    after: {
      state: input.after.state,
      entryPricePaise: input.after.entryPricePaise,
      exitPricePaise: input.after.exitPricePaise,
      payoutPaise: input.after.payoutPaise,
      houseAbsorbedPaise: input.after.houseAbsorbedPaise,
    },
  });
  return insertUserMessage(trx, {
    userId: input.after.userId,
    kind: input.message.kind,
    params: input.message.params,
    dedupeKey: input.message.dedupeKey,
    atMs: input.atMs,
  });
}

/** After the commit: the message and the trade event reach the investor, the engine its index. */
export async function announceEngineAction(
  deps: AppDeps,
  position: PositionRecord,
  event: TradeEventKind,
  message: StoredMessage | null,
  nowMs: number,
): Promise<PositionView> {
  deps.positionChanges.emit(position);
  const name = (await findInstrumentName(deps.db, position.symbol)) ?? position.symbol;
  const view = toPositionView(position, { name, nowMs });
  publishMessage(deps.userEvents, message);
  publishPositionEvent(deps, position.userId, event, view);
  return view;
}

/**
 * One engine action on one position, exactly once: in a transaction it locks the row, skips it
 * unless core's state machine allows the action from the row's state now (another process or a
 * retry got there first), applies the change, and records the audit row and the investor's message;
 * after the commit it announces the action. Answers the position after, or undefined when skipped.
 */
export async function runEngineAction(
  deps: AppDeps,
  input: {
    id: bigint;
    action: PositionAction;
    atMs: number;
    /** The audit action, e.g. `trade.fill`. */
    audit: string;
    event: TradeEventKind;
    apply: (trx: Db, position: PositionRecord) => Promise<PositionRecord>;
    message: (after: PositionRecord) => { kind: MessageKind; params: MessageParams; dedupeKey: string };
  },
): Promise<PositionRecord | undefined> {
  const result = await inTransaction(deps.db, async (trx) => {
    const position = await lockPosition(trx, input.id);
    if (!position || nextPositionState(position.state, input.action) === null) return undefined;
    const after = await input.apply(trx, position);
    const message = await recordEngineAction(trx, {
      action: input.audit,
      before: position,
      after,
      message: input.message(after),
      atMs: input.atMs,
    });
    return { after, message };
  });
  if (!result) return undefined;
  await announceEngineAction(deps, result.after, input.event, result.message, input.atMs);
  return result.after;
}

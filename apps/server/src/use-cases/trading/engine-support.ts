import type { MessageKind, MessageParams } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { findInstrumentName } from '../../repositories/instrument.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import type { PositionRecord } from '../../repositories/position.repository.js';
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

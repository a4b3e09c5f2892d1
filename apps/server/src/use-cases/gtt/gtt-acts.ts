import type { MessageKind, MessageParams } from '@nivesh/contract';
import { canGttMoveTo, formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { type GttRecord, lockGtt } from '../../repositories/gtt.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';

/** What an audit row keeps of a GTT (prices in paise as text). */
function gttAuditState(gtt: GttRecord) {
  return {
    status: gtt.status,
    symbol: gtt.symbol,
    type: gtt.type,
    triggersPaise: gtt.legs.map((leg) => leg.triggerPaise.toString()),
    expiresAtMs: gtt.expiresAtMs,
  };
}

/**
 * Records a GTT state change in its transaction (docs/adr/0031): the audit row (the investor's act,
 * or the engine's) and the investor's message, deduplicated by the change's key.
 */
export async function recordGttChange(
  trx: Db,
  input: {
    actor: UserContext | 'engine';
    action: string;
    before: GttRecord | null;
    after: GttRecord;
    message: { kind: MessageKind; params: MessageParams };
    atMs: number;
  },
): Promise<StoredMessage | null> {
  const event = {
    action: input.action,
    target: { type: 'gtt', id: input.after.id },
    ...(input.before ? { before: gttAuditState(input.before) } : {}),
    after: gttAuditState(input.after),
  };
  if (input.actor === 'engine') await appendAudit(trx, { actor: ENGINE_ACTOR, ...event });
  else await auditUserAct(trx, input.actor, event);
  return insertUserMessage(trx, {
    userId: input.after.userId,
    kind: input.message.kind,
    params: input.message.params,
    dedupeKey: `gtt:${input.after.id}:${input.action}:${input.after.updatedAtMs}`,
    atMs: input.atMs,
  });
}

/**
 * An investor's own change to a GTT (placed, modified, deleted; docs/adr/0031): `change` writes it
 * in one transaction with its audit row and message (recordGttChange); after the commit the
 * investor is told and the engine's index follows (gttChanges).
 */
export async function changeOwnGtt(
  deps: AppDeps,
  context: UserContext,
  action: string,
  change: (trx: Db) => Promise<{
    before: GttRecord | null;
    after: GttRecord;
    message: { kind: MessageKind; params: MessageParams };
  }>,
): Promise<GttRecord> {
  const { gtt, message } = await inTransaction(deps.db, async (trx) => {
    const { before, after, message } = await change(trx);
    const stored = await recordGttChange(trx, {
      actor: context,
      action,
      before,
      after,
      message,
      atMs: context.nowMs,
    });
    return { gtt: after, message: stored };
  });
  publishMessage(deps.userEvents, message);
  deps.gttChanges.emit(gtt);
  return gtt;
}

/** The investor's own GTT, locked, while it is still active: GTT_NOT_FOUND or GTT_NOT_ACTIVE otherwise. */
export async function lockOwnActiveGtt(trx: Db, context: UserContext, id: bigint): Promise<GttRecord> {
  const gtt = await lockGtt(trx, id);
  if (!gtt || gtt.userId !== context.user.id) refuse('GTT_NOT_FOUND');
  if (!canGttMoveTo(gtt!.status, 'cancelled')) refuse('GTT_NOT_ACTIVE', { status: gtt!.status });
  return gtt!;
}

export function gttMessageParams(gtt: GttRecord) {
  return { symbol: gtt.symbol, triggers: gtt.legs.map((leg) => formatPaise(leg.triggerPaise)).join(' / ') };
}

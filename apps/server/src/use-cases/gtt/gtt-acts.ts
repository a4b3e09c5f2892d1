import type { MessageKind, MessageParams } from '@nivesh/contract';
import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import type { GttRecord } from '../../repositories/gtt.repository.js';
import { insertUserMessage, type StoredMessage } from '../../repositories/message.repository.js';
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

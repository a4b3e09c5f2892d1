import type { Db } from '../db/database.js';
import type { AuditLogTable } from '../db/schema.js';

export interface AuditActor {
  type: AuditLogTable['actor_type'];
  id?: string | bigint | null;
}

export interface AuditEvent {
  actor: AuditActor;
  action: string;
  target?: { type: string; id: string | bigint };
  before?: unknown;
  after?: unknown;
  reason?: string;
  requestId?: string;
  ip?: string;
}

// bigint is not JSON; audit snapshots carry paise and ids as decimal strings.
const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item));

/**
 * Appends one row to the audit log. Pass the transaction when the act itself is written, so the
 * row exists exactly when the act does; pass the database for refusals, which write nothing else.
 */
export async function appendAudit(db: Db, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_type: event.actor.type,
      actor_id: event.actor.id === undefined || event.actor.id === null ? null : String(event.actor.id),
      action: event.action,
      target_type: event.target?.type ?? null,
      target_id: event.target ? String(event.target.id) : null,
      before: event.before === undefined ? null : toJson(event.before),
      after: event.after === undefined ? null : toJson(event.after),
      reason: event.reason ?? null,
      request_id: event.requestId ?? null,
      ip: event.ip ?? null,
    })
    .execute();
}

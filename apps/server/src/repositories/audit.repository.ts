import type { Db } from '../db/database.js';
import type { AuditLogTable } from '../db/schema.js';
import { recordFromRow } from './row-records.js';

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

/** A row of the audit log, with the staff member's username when a staff member acted. */
export interface AuditRecord {
  id: bigint;
  atMs: number;
  actorType: AuditLogTable['actor_type'];
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
  ip: string | null;
}

export interface AuditFilter {
  actorType?: AuditLogTable['actor_type'] | undefined;
  actorId?: string | undefined;
  /** A prefix on dot boundaries: "user.flag" finds user.flag.set and user.flag.clear. */
  action?: string | undefined;
  /** This action and no other. */
  exactAction?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** A half-open range of times, [fromMs, toMs). */
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

function filteredAudit(db: Db, filter: AuditFilter) {
  let select = db.selectFrom('audit_log');
  if (filter.actorType) select = select.where('audit_log.actor_type', '=', filter.actorType);
  if (filter.actorId) select = select.where('audit_log.actor_id', '=', filter.actorId);
  const action = filter.action;
  if (action) {
    select = select.where((eb) =>
      eb.or([
        eb('audit_log.action', '=', action),
        eb('audit_log.action', 'like', `${action.replaceAll('_', '\\_')}.%`),
      ]),
    );
  }
  if (filter.exactAction) select = select.where('audit_log.action', '=', filter.exactAction);
  if (filter.targetType) select = select.where('audit_log.target_type', '=', filter.targetType);
  if (filter.targetId) select = select.where('audit_log.target_id', '=', filter.targetId);
  if (filter.fromMs !== undefined) select = select.where('audit_log.at', '>=', new Date(filter.fromMs));
  if (filter.toMs !== undefined) select = select.where('audit_log.at', '<', new Date(filter.toMs));
  return select;
}

/** The matching rows newest first, with the acting staff member's username, in a window. */
function auditWithActorNames(db: Db, filter: AuditFilter, window: { limit: number; offset: number }) {
  return filteredAudit(db, filter)
    .leftJoin('staff_users', (join) =>
      join
        .on('audit_log.actor_type', '=', 'staff')
        .on((eb) => eb(eb.cast('staff_users.id', 'text'), '=', eb.ref('audit_log.actor_id'))),
    )
    .selectAll('audit_log')
    .select('staff_users.username')
    .orderBy('audit_log.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute()
    .then((rows) =>
      rows.map(
        ({ at, username, ...row }): AuditRecord => ({
          ...recordFromRow(row),
          // `at` has no `_at` suffix to map by; the name is absent for a user, the system or nobody.
          atMs: at.getTime(),
          actorName: username ?? null,
        }),
      ),
    );
}

/** One page of the audit log, newest first, and how many rows match in all. */
export async function listAuditPage(
  db: Db,
  filter: AuditFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: AuditRecord[]; total: number }> {
  const [counted, rows] = await Promise.all([
    filteredAudit(db, filter)
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .executeTakeFirstOrThrow(),
    auditWithActorNames(db, filter, window),
  ]);
  return { rows, total: Number(counted.count) };
}

/** The newest row of exactly this action, if any. */
export async function findLatestAudit(db: Db, action: string): Promise<AuditRecord | undefined> {
  const [latest] = await auditWithActorNames(db, { exactAction: action }, { limit: 1, offset: 0 });
  return latest;
}

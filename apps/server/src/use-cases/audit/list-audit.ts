import type { BodyOf, DataOf, listAudit as listAuditCall } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import { pageWindow } from '../../repositories/paging.js';

/**
 * The audit log for the console, newest first. The action filter is a prefix on dot boundaries
 * ("user.flag" finds user.flag.set and user.flag.clear); times are a half-open range [from, to).
 */
export async function listAudit(
  db: Db,
  input: BodyOf<typeof listAuditCall>,
): Promise<DataOf<typeof listAuditCall>> {
  const { page, pageSize, offset } = pageWindow(input);
  let select = db.selectFrom('audit_log');
  if (input.actorType) select = select.where('audit_log.actor_type', '=', input.actorType);
  if (input.actorId) select = select.where('audit_log.actor_id', '=', input.actorId);
  if (input.action) {
    const action = input.action;
    select = select.where((eb) =>
      eb.or([
        eb('audit_log.action', '=', action),
        eb('audit_log.action', 'like', `${action.replaceAll('_', '\\_')}.%`),
      ]),
    );
  }
  if (input.targetType) select = select.where('audit_log.target_type', '=', input.targetType);
  if (input.targetId) select = select.where('audit_log.target_id', '=', input.targetId);
  if (input.fromMs !== undefined) select = select.where('audit_log.at', '>=', new Date(input.fromMs));
  if (input.toMs !== undefined) select = select.where('audit_log.at', '<', new Date(input.toMs));
  const [counted, rows] = await Promise.all([
    select.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    select
      .leftJoin('staff_users', (join) =>
        join
          .on('audit_log.actor_type', '=', 'staff')
          .on((eb) => eb(eb.cast('staff_users.id', 'text'), '=', eb.ref('audit_log.actor_id'))),
      )
      .selectAll('audit_log')
      .select('staff_users.username')
      .orderBy('audit_log.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      at: row.at.getTime(),
      actorType: row.actor_type,
      actorId: row.actor_id,
      actorName: row.username ?? null,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason,
      requestId: row.request_id,
      ip: row.ip,
    })),
    total: Number(counted.count),
    page,
    pageSize,
  };
}

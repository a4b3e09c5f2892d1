import type { BodyOf, DataOf, listAudit as listAuditCall } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import { listAuditPage } from '../../repositories/audit.repository.js';
import { readConsolePage } from '../../repositories/paging.js';

/**
 * The audit log for the console, newest first. The action filter is a prefix on dot boundaries
 * ("user.flag" finds user.flag.set and user.flag.clear); times are a half-open range [from, to).
 */
export async function listAudit(
  db: Db,
  input: BodyOf<typeof listAuditCall>,
): Promise<DataOf<typeof listAuditCall>> {
  return readConsolePage(
    input,
    (window) => listAuditPage(db, input, window),
    (rows) =>
      rows.map((row) => ({
        id: String(row.id),
        at: row.atMs,
        actorType: row.actorType,
        actorId: row.actorId,
        actorName: row.actorName,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        before: row.before,
        after: row.after,
        reason: row.reason,
        requestId: row.requestId,
        ip: row.ip,
      })),
  );
}

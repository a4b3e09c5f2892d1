import type { BodyOf, DataOf, staffResetTotp } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  clearStaffTotp,
  findStaffByUsername,
  insertStaffSecondFactorReset,
} from '../../repositories/staff.repository.js';

/**
 * Recovery of a staff member's second factor (a lost phone): their TOTP is cleared and their
 * sessions end, so the next sign-in (password first) enrols a new authenticator. An admin does it
 * for another staff member, never for themself (two people stand behind every reset); with every
 * admin locked out, `npm run staff:reset-totp` does it from the server's own machine.
 */
export async function resetStaffTotp(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffResetTotp>,
): Promise<DataOf<typeof staffResetTotp>> {
  const target =
    (await findStaffByUsername(deps.db, input.username.trim().toLowerCase())) ?? refuse('STAFF_NOT_FOUND');
  if (target.id === context.staff.id) refuse('OWN_SECOND_FACTOR_RESET');
  const sessionsRevoked = await deps.db.transaction().execute((trx) =>
    clearTotpAudited(trx, {
      staffId: target.id,
      actor: { type: 'staff', id: context.staff.id },
      reason: input.reason,
      atMs: context.nowMs,
      requestId: context.requestId,
      ip: context.ip,
    }),
  );
  return { username: target.username, sessionsRevoked };
}

/**
 * Records the reset (the database refuses one of a member's own, migration 0053), clears the TOTP
 * and writes the `staff.totp.reset` audit row, in the caller's transaction.
 */
export async function clearTotpAudited(
  trx: Db,
  input: {
    staffId: bigint;
    actor: { type: 'staff'; id: bigint } | { type: 'system' };
    reason: string;
    atMs: number;
    requestId?: string;
    ip?: string;
  },
): Promise<number> {
  await insertStaffSecondFactorReset(trx, {
    staffId: input.staffId,
    resetByStaffId: input.actor.type === 'staff' ? input.actor.id : null,
    reason: input.reason,
    atMs: input.atMs,
  });
  const sessionsRevoked = await clearStaffTotp(trx, input.staffId, input.atMs);
  await appendAudit(trx, {
    actor: input.actor,
    action: 'staff.totp.reset',
    target: { type: 'staff', id: input.staffId },
    after: { sessionsRevoked },
    reason: input.reason,
    ...(input.requestId ? { requestId: input.requestId } : {}),
    ...(input.ip ? { ip: input.ip } : {}),
  });
  return sessionsRevoked;
}

import type { Db } from '../../db/database.js';
import { refuse } from '../../http/app-error.js';
import { findLendingInProgress, formatIstDateTime } from '../../repositories/lending.repository.js';

/**
 * The close flow's one call into securities lending (apps/server/src/use-cases/trading/close-position.ts):
 * a holding with a lending in progress is locked, whole, until the term ends (ADR 0006 closes whole
 * positions only, so lending part of a holding locks all of it). The refusal names the term end.
 * Called with the position row locked (FOR UPDATE), so a lending cannot start between this check
 * and the close: lending locks the same row.
 */
export async function refuseWhileLent(trx: Db, positionId: bigint): Promise<void> {
  const lending = await findLendingInProgress(trx, positionId);
  if (lending) refuse('POSITION_LENT', { until: formatIstDateTime(lending.term_ends_at.getTime()) });
}

import type { AppDeps } from '../../application/context.js';
import { chargeBorrowFees } from './charge-borrow-fees.js';
import { completeDueLendings } from './complete-lendings.js';

/**
 * Securities lending's scheduled work, queued by the engine leader's runDueWork on each sweep: the
 * day's borrow fees of pool-backed shorts, then the lendings whose term ended (or whose
 * holding the engine closed). Both are idempotent (entry keys, row states) and use the injected clock.
 */
export async function runLendingDueWork(deps: AppDeps): Promise<void> {
  const nowMs = deps.clock.now();
  const charged = await chargeBorrowFees(deps, { nowMs });
  if (charged > 0) deps.log.info({ charged }, 'short borrow fees charged');
  const completed = await completeDueLendings(deps, { nowMs });
  if (completed > 0) deps.log.info({ completed }, 'lendings completed');
}

import type { AppDeps } from '../../application/context.js';
import { endDueFollowProducts } from '../../use-cases/follow/end-follow-product.js';
import { mirrorStrategyTrades } from '../../use-cases/follow/mirror-strategy-trades.js';

/**
 * The engine leader's copy-trading work at each due-work sweep: mirror the strategy accounts' new
 * fills and closes into the followers' allocations, then end the products whose end time has come.
 * Both are idempotent (mirror rows unique per strategy position and follow, entry keys, row states),
 * so a sweep that runs twice, or on a new leader after a failover, changes nothing more.
 */
export async function runFollowWork(deps: AppDeps, nowMs: number): Promise<void> {
  const mirrored = await mirrorStrategyTrades(deps, nowMs);
  if (mirrored.opened + mirrored.closed + mirrored.skipped > 0)
    deps.log.info(mirrored, 'copy-trades mirrored');
  const ended = await endDueFollowProducts(deps, nowMs);
  if (ended > 0) deps.log.info({ ended }, 'copy-trading products ended');
}

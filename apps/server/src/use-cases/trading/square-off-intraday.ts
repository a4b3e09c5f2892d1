import type { AppDeps } from '../../application/context.js';
import { findIntradayHoldingsOpenedBefore } from '../../repositories/position.repository.js';
import { forceClosePosition } from './force-close-position.js';

/**
 * Closes every intraday holding opened before the square-off instant at the feed price (DESIGN §5:
 * 15:20 IST). A holding whose symbol has no price at all is left for the next run and reported.
 * Returns how many it closed.
 */
export async function squareOffIntraday(
  deps: AppDeps,
  input: { squareOffAtMs: number; nowMs: number },
): Promise<{ closed: number; withoutPrice: string[] }> {
  const rows = await findIntradayHoldingsOpenedBefore(deps.db, input.squareOffAtMs);
  const prices = await deps.prices.currentMany(rows.map((row) => row.symbol));
  let closed = 0;
  const withoutPrice: string[] = [];
  for (const row of rows) {
    const price = prices.get(row.symbol);
    if (!price) {
      withoutPrice.push(row.symbol);
      continue;
    }
    const outcome = await forceClosePosition(deps, {
      id: row.id,
      pricePaise: price.pricePaise,
      tickAtMs: price.tickAtMs,
      reason: 'square_off',
      atMs: input.nowMs,
    });
    if (outcome.kind === 'closed') closed += 1;
  }
  return { closed, withoutPrice };
}

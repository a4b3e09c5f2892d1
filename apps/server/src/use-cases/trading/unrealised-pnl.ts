import { computePnl, splitLossAtMargin } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findHoldingsForPnl } from '../../repositories/position.repository.js';

/**
 * The open positions' P&L at live feed prices per currency, each loss limited to its margin (the
 * house absorbs the rest): the account centre's "current P&L". A holding whose symbol has no price
 * counts zero.
 *
 * Example: a long of 10 bought at ₹100.00 with the feed at ₹101.50 adds `1500n` to INR.
 */
export async function unrealisedPnlByCurrency(
  deps: Pick<AppDeps, 'db' | 'prices'>,
  userId: bigint,
): Promise<Map<string, bigint>> {
  const holdings = await findHoldingsForPnl(deps.db, userId);
  const totals = new Map<string, bigint>();
  if (holdings.length === 0) return totals;
  const prices = await deps.prices.currentMany(holdings.map((holding) => holding.symbol));
  for (const holding of holdings) {
    const price = prices.get(holding.symbol);
    if (!price || holding.entry_price_paise === null || holding.margin_paise === null) continue;
    const pnl = computePnl(
      holding.side,
      holding.entry_price_paise,
      price.pricePaise,
      Number(holding.quantity),
    );
    const userPnl = splitLossAtMargin(pnl, holding.margin_paise).userPnlPaise;
    totals.set(holding.currency, (totals.get(holding.currency) ?? 0n) + userPnl);
  }
  return totals;
}

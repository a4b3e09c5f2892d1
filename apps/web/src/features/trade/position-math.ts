import { computePnl, formatPaise, parsePaise, splitLossAtMargin } from '@nivesh/core';
import type { Position } from '../../api/positions';

/**
 * A holding's P&L at a live price with packages/core's math: (live − entry) × quantity, negated for
 * a short, a loss counted at most the margin (DESIGN §5). Falls back to the server's figure.
 */
export function livePnl(position: Position, livePrice: string | undefined): string | null {
  if (position.status !== 'holding' || livePrice === undefined) return position.profitLoss;
  const entry = parsePaise(position.confirmPrice ?? position.buyPrice);
  const live = parsePaise(livePrice);
  const margin = parsePaise(position.originalMargin ?? '', { allowZero: true });
  if (!entry.ok || !live.ok || !margin.ok) return position.profitLoss;
  const pnl = computePnl(position.side, entry.paise, live.paise, position.quantity);
  return formatPaise(splitLossAtMargin(pnl, margin.paise).userPnlPaise);
}

/** Market value at a live price: price × quantity (or the server's figure). */
export function liveMarketValue(position: Position, livePrice: string | undefined): string | null {
  if (position.status !== 'holding' || livePrice === undefined) return position.marketValue;
  const live = parsePaise(livePrice);
  if (!live.ok) return position.marketValue;
  return formatPaise(live.paise * BigInt(position.quantity));
}

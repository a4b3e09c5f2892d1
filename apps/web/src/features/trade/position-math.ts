import { computePnl, formatPaise, parsePaise, splitLossAtMargin } from '@nivesh/core';
import type { Position } from './api';

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

/** "1d 02:03:04" or "02:03:04" for a lock's remaining time. */
export function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = `${pad(Math.floor((totalSeconds % 86_400) / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

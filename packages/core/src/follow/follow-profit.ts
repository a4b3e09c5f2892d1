import { computePnl, type PositionSide } from '../trading/pnl.js';

/** One mirrored (or strategy) position as the profit figures need it. */
export interface ProfitPosition {
  side: PositionSide;
  quantity: number;
  entryPricePaise: bigint;
  openedAtMs: number;
  marginPaise: bigint;
  openFeePaise: bigint;
  /** Set once closed. */
  closed?: {
    exitPricePaise: bigint;
    closedAtMs: number;
    closeFeePaise: bigint;
    taxPaise: bigint;
    /** What returned to the allocation: margin + P&L − fee − tax, never below zero. */
    payoutPaise: bigint;
  };
}

/** The live feed of a symbol: its last price and the previous session's close. */
export interface ProfitMark {
  pricePaise: bigint;
  previousClosePaise: bigint;
}

/**
 * Total profit: the money result of every position, after fees and tax. A closed position made
 * what came back less what it cost (payout − margin − opening fee, exactly what its ledger entries
 * moved); a holding makes its P&L at the live price less its opening fee (the closing fee and tax
 * are not yet owed). A holding without a live price counts at its entry price (no P&L yet).
 *
 * Example: a long of 10 at ₹100.00 (fee ₹0.30) closed at ₹110.00 (fee ₹0.33, tax ₹1.10), payout
 * ₹1,098.57 on margin ₹1,000.00: total `109857n − 100000n − 30n` = `9827n` (₹98.27).
 */
export function totalProfitPaise(
  positions: readonly (ProfitPosition & { symbol: string })[],
  marks: ReadonlyMap<string, ProfitMark>,
): bigint {
  let total = 0n;
  for (const position of positions) {
    if (position.closed) {
      total += position.closed.payoutPaise - position.marginPaise - position.openFeePaise;
      continue;
    }
    const mark = marks.get(position.symbol)?.pricePaise ?? position.entryPricePaise;
    total += computePnl(position.side, position.entryPricePaise, mark, position.quantity);
    total -= position.openFeePaise;
  }
  return total;
}

/**
 * Daily profit: what the positions made since the start of the IST day, as brokers show "day's
 * P&L". Each position moves from its mark at the day's start (the entry when opened today, else the
 * previous close) to its mark now (the exit when closed today, else the live price); fees and tax
 * paid today count against it. A position closed before today made nothing today.
 *
 * Example: a long of 10 opened yesterday at ₹100.00, previous close ₹104.00, live ₹105.00 today:
 * `(10500n − 10400n) × 10` = `1000n` (₹10.00).
 */
export function dailyProfitPaise(
  positions: readonly (ProfitPosition & { symbol: string })[],
  marks: ReadonlyMap<string, ProfitMark>,
  dayStartMs: number,
): bigint {
  let total = 0n;
  for (const position of positions) {
    if (position.closed && position.closed.closedAtMs < dayStartMs) continue;
    const mark = marks.get(position.symbol);
    const openedToday = position.openedAtMs >= dayStartMs;
    const fromPaise = openedToday
      ? position.entryPricePaise
      : (mark?.previousClosePaise ?? position.entryPricePaise);
    const toPaise = position.closed?.exitPricePaise ?? mark?.pricePaise ?? fromPaise;
    total += computePnl(position.side, fromPaise, toPaise, position.quantity);
    if (openedToday) total -= position.openFeePaise;
    if (position.closed) total -= position.closed.closeFeePaise + position.closed.taxPaise;
  }
  return total;
}

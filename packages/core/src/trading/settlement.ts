import { invariant } from '../invariant.js';
import { computeFee, computeMargin, computeNotional, computeTax } from './margin.js';
import { computePnl, type PositionSide, splitLossAtMargin } from './pnl.js';

/** What opening a position costs: the margin locked and the fee paid, both from cash. */
export interface OpeningCosts {
  notionalPaise: bigint;
  marginPaise: bigint;
  feePaise: bigint;
}

/**
 * Margin and fee of opening `quantity` at `pricePaise` with `leverage`, the fee on the notional.
 *
 * Example: 10 at ₹100.00 with leverage 2 and a 0.03% fee is `computeOpeningCosts(10000n, 10, 2, 3n)`
 * = `{ notionalPaise: 100000n, marginPaise: 50000n, feePaise: 30n }`.
 */
export function computeOpeningCosts(
  pricePaise: bigint,
  quantity: number,
  leverage: number,
  feeBps: bigint | number,
): OpeningCosts {
  const notionalPaise = computeNotional(pricePaise, quantity);
  return {
    notionalPaise,
    marginPaise: computeMargin(pricePaise, quantity, leverage),
    feePaise: computeFee(notionalPaise, feeBps),
  };
}

export interface ClosingInput {
  side: PositionSide;
  entryPricePaise: bigint;
  exitPricePaise: bigint;
  quantity: number;
  marginPaise: bigint;
  feeBps: bigint | number;
  taxBps: bigint | number;
}

/**
 * Every amount of closing a position, in paise. The one balanced entry of a close posts:
 * margin `-marginPaise`, cash `+payoutPaise`, house fees `+feePaise`, house taxes `+taxPaise`,
 * house counterparty `counterpartyPaise` (= −P&L) and house stop-out absorbed `-houseAbsorbedPaise`.
 */
export interface ClosingSettlement {
  /** (exit − entry) × quantity, negated for a short: the market's result. */
  pnlPaise: bigint;
  /** What the user bears: the P&L with a loss limited to the margin. */
  userPnlPaise: bigint;
  /** The closing fee on the exit notional. */
  feePaise: bigint;
  /** The tax on the sell notional: the exit for a long, the entry (the opening sale) for a short. */
  taxPaise: bigint;
  /** What returns to cash: margin + user P&L − fee − tax, never below zero. */
  payoutPaise: bigint;
  /** The loss beyond the margin plus any fee and tax the position could not pay: the house's. */
  houseAbsorbedPaise: bigint;
  /** The counterparty's side of the trade: −P&L. */
  counterpartyPaise: bigint;
}

/**
 * Settles a close. A user never pays more than the margin: a loss beyond it (a gap past the stop-out)
 * and any fee or tax the remaining margin cannot cover are absorbed by the house and recorded,
 * never charged as debt (DESIGN §5). The postings always sum to zero:
 * −margin + payout + fee + tax + counterparty − houseAbsorbed = 0.
 *
 * Example: a long of 10 bought at ₹100.00 with margin ₹1,000.00 closed at ₹101.50, fee 0.03%, tax
 * 0.1%: P&L 1500n, fee 30n (0.03% of 101500n = 30.45 → 30), tax 102n (101.5 → 102), payout
 * 100000n + 1500n − 30n − 102n = 101368n.
 */
export function settleClose(input: ClosingInput): ClosingSettlement {
  invariant(input.marginPaise > 0n, `an open position has a positive margin: ${input.marginPaise}`);
  const pnlPaise = computePnl(input.side, input.entryPricePaise, input.exitPricePaise, input.quantity);
  const { userPnlPaise, houseAbsorbedPaise: lossAbsorbed } = splitLossAtMargin(pnlPaise, input.marginPaise);
  const exitNotional = computeNotional(input.exitPricePaise, input.quantity);
  const sellNotional =
    input.side === 'long' ? exitNotional : computeNotional(input.entryPricePaise, input.quantity);
  const feePaise = computeFee(exitNotional, input.feeBps);
  const taxPaise = computeTax(sellNotional, input.taxBps);
  const owed = input.marginPaise + userPnlPaise - feePaise - taxPaise;
  const shortfall = owed < 0n ? -owed : 0n;
  return {
    pnlPaise,
    userPnlPaise,
    feePaise,
    taxPaise,
    payoutPaise: owed + shortfall,
    houseAbsorbedPaise: lossAbsorbed + shortfall,
    counterpartyPaise: -pnlPaise,
  };
}

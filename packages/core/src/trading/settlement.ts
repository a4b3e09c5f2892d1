import { invariant } from '../invariant.js';
import { type ChargeLines, type ChargeRates, computeLegCharges } from './charges.js';
import { computeMargin, computeNotional } from './margin.js';
import { computePnl, type PositionSide, splitLossAtMargin } from './pnl.js';
import type { Product } from './product.js';

/**
 * What opening a position costs: the margin locked and the opening leg's charges (docs/adr/0020),
 * both from cash. `feePaise` is the charges' total, recorded as the position's open fee.
 */
export interface OpeningCosts {
  notionalPaise: bigint;
  marginPaise: bigint;
  feePaise: bigint;
  charges: ChargeLines;
}

/**
 * Margin and charges of opening `quantity` at `pricePaise` with `leverage`: the charges of the
 * opening leg (a buy for a long, a sale for a short) on the notional, under `schedule`.
 *
 * Example: a CNC long of 100 at ₹1,430.10 under the 2024-10-01 schedule is
 * `computeOpeningCosts({ side: 'long', product: 'CNC', pricePaise: 143_010n, quantity: 100,
 * leverage: 1 }, DEFAULT_CHARGE_SCHEDULE)` = margin 14_301_000n and fee 16_963n (STT ₹143,
 * exchange ₹4.25, SEBI ₹0.14, stamp ₹21.45, GST ₹0.79).
 */
export function computeOpeningCosts(
  order: { side: PositionSide; product: Product; pricePaise: bigint; quantity: number; leverage: number },
  schedule: ChargeRates,
): OpeningCosts {
  const notionalPaise = computeNotional(order.pricePaise, order.quantity);
  const charges = computeLegCharges(
    {
      product: order.product,
      positionSide: order.side,
      leg: 'open',
      pricePaise: order.pricePaise,
      quantity: order.quantity,
      isDpCharged: false,
    },
    schedule,
  );
  return {
    notionalPaise,
    marginPaise: computeMargin(order.pricePaise, order.quantity, order.leverage),
    feePaise: charges.totalPaise,
    charges,
  };
}

export interface ClosingInput {
  side: PositionSide;
  entryPricePaise: bigint;
  exitPricePaise: bigint;
  quantity: number;
  marginPaise: bigint;
  /** The closing leg's charges (computeLegCharges with leg 'close'). */
  charges: ChargeLines;
}

/**
 * Every amount of closing a position, in paise. The one balanced entry of a close posts:
 * margin `-marginPaise`, cash `+payoutPaise`, each charge line to its house account (together
 * `feePaise + taxPaise`),
 * house counterparty `counterpartyPaise` (= −P&L) and house stop-out absorbed `-houseAbsorbedPaise`.
 */
export interface ClosingSettlement {
  /** (exit − entry) × quantity, negated for a short: the market's result. */
  pnlPaise: bigint;
  /** What the user bears: the P&L with a loss limited to the margin. */
  userPnlPaise: bigint;
  /** The closing leg's charges except STT (recorded as the position's close fee). */
  feePaise: bigint;
  /** The closing leg's STT (recorded as the position's tax). */
  taxPaise: bigint;
  /** The closing leg's charges, line by line: each posts to its own house account. */
  charges: ChargeLines;
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
 * Example: a CNC long of 10 bought at ₹100.00 with margin ₹1,000.00 closed at ₹101.50 under the
 * 2024-10-01 schedule, the day's first sale of the scrip: P&L 1500n; charges STT 100n (₹1.015 to the
 * rupee), exchange 3n, SEBI 0n, GST 1n, DP 1534n, so fee 1538n and tax 100n; payout
 * 100000n + 1500n − 1538n − 100n = 99862n.
 */
export function settleClose(input: ClosingInput): ClosingSettlement {
  invariant(input.marginPaise > 0n, `an open position has a positive margin: ${input.marginPaise}`);
  const pnlPaise = computePnl(input.side, input.entryPricePaise, input.exitPricePaise, input.quantity);
  const { userPnlPaise, houseAbsorbedPaise: lossAbsorbed } = splitLossAtMargin(pnlPaise, input.marginPaise);
  const taxPaise = input.charges.sttPaise;
  const feePaise = input.charges.totalPaise - taxPaise;
  const owed = input.marginPaise + userPnlPaise - feePaise - taxPaise;
  const shortfall = owed < 0n ? -owed : 0n;
  return {
    pnlPaise,
    userPnlPaise,
    feePaise,
    taxPaise,
    charges: input.charges,
    payoutPaise: owed + shortfall,
    houseAbsorbedPaise: lossAbsorbed + shortfall,
    counterpartyPaise: -pnlPaise,
  };
}

import {
  type ChargeLines,
  type ChargeSchedule,
  computeLegCharges,
  computeOpeningCosts,
  isDpChargeable,
  istDate,
  type OpeningCosts,
  type PositionSide,
  type Product,
  productOf,
  scheduleInForce,
  schedulesFrom,
} from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { isDpChargePaid } from '../../repositories/trade-charges.repository.js';
import type { TradingParameters } from '../../repositories/trading-parameters.repository.js';

/**
 * The charges of trades as the server prices them (docs/adr/0020): the schedule in force on the
 * trade's IST date (the schedules travel with the trading parameters, read once per 2 s), and
 * whether a delivery sale is the day's first of its scrip (the DP charge). The rules are core's
 * (charges.ts); this file only finds their inputs.
 */

/**
 * The schedule in force on the IST date of an instant. An instant before the first schedule (a
 * test or replay clock) uses the first: there were no other rates to use.
 */
export function chargeScheduleAt(parameters: TradingParameters, atMs: number): ChargeSchedule {
  const schedules = parameters.chargeSchedules;
  const found = scheduleInForce(schedules, istDate(atMs)) ?? schedules[0];
  if (!found) throw new Error('no charge schedule: migration 0024 seeds the first');
  return found;
}

/** Margin and opening charges of an order filled at an instant, under the schedule in force then. */
export function openingCostsAt(
  parameters: TradingParameters,
  order: { side: PositionSide; product: Product; pricePaise: bigint; quantity: number; leverage: number },
  atMs: number,
): OpeningCosts {
  return computeOpeningCosts(order, chargeScheduleAt(parameters, atMs));
}

/**
 * What a pending order holds: its margin and the largest opening charges at its own price under the
 * schedule in force today or any later one already decided, so a fill on a later date never needs
 * more for charges than was held (core schedulesFrom).
 */
export function worstOpeningCostsFrom(
  parameters: TradingParameters,
  order: { side: PositionSide; product: Product; pricePaise: bigint; quantity: number; leverage: number },
  atMs: number,
): OpeningCosts {
  const schedules = parameters.chargeSchedules;
  const candidates = schedulesFrom(schedules, istDate(atMs));
  let worst: OpeningCosts | undefined;
  for (const schedule of candidates.length > 0 ? candidates : schedules.slice(0, 1)) {
    const costs = computeOpeningCosts(order, schedule);
    if (!worst || costs.feePaise > worst.feePaise) worst = costs;
  }
  if (!worst) throw new Error('no charge schedule: migration 0024 seeds the first');
  return worst;
}

/**
 * The closing leg's charges of a holding at an exit price and instant: the schedule in force that
 * IST day, and the DP charge on the day's first delivery sale of the scrip.
 */
export async function closingChargesAt(
  db: Db,
  parameters: TradingParameters,
  position: {
    userId: bigint;
    symbol: string;
    side: PositionSide;
    intraday: boolean;
    leverage: number;
    quantity: number;
  },
  exitPricePaise: bigint,
  atMs: number,
  options: { isDpChargeKnownPaid?: boolean } = {},
): Promise<ChargeLines> {
  const product = productOf(position);
  const schedule = chargeScheduleAt(parameters, atMs);
  const isDpCharged =
    isDpChargeable(product, position.side, 'close') &&
    !options.isDpChargeKnownPaid &&
    !(await isDpChargePaid(db, position.userId, position.symbol, istDate(atMs)));
  return computeLegCharges(
    {
      product,
      positionSide: position.side,
      leg: 'close',
      pricePaise: exitPricePaise,
      quantity: position.quantity,
      isDpCharged,
    },
    schedule,
  );
}

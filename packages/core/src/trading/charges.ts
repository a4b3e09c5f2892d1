import type { IstDate } from '../calendar/ist-time.js';
import { invariant } from '../invariant.js';
import { splitPlainDecimal } from '../money/decimal-string.js';
import { mulDiv } from '../money/rounding.js';
import type { PositionSide } from './pnl.js';
import { isDeliveryProduct, PRODUCTS, type Product } from './product.js';

/**
 * The charges on an executed order (docs/glossary.md "Charges"; docs/adr/0020-charges-schedule-and-postings.md):
 * brokerage, STT, the exchange transaction charge, the SEBI turnover fee, stamp duty, GST and the
 * DP charge, as an Indian contract note prints them.
 *
 * Every rate is an exact integer in parts per billion (ppb, 10^9): 0.00297% is 29,700 ppb, 0.0001%
 * is 1,000 ppb, 18% is 180,000,000 ppb. A rate written as a percent with up to 7 decimals converts
 * exactly (`parseRatePercent`), so no rate or amount ever passes through floating point.
 */
export const PPB_PER_UNIT = 1_000_000_000n;
/** Decimals a rate written in percent may carry: 1 ppb = 0.0000001%. */
export const RATE_PERCENT_DECIMALS = 7;
const PPB_PER_PERCENT = 10_000_000n;
const PAISE_PER_RUPEE = 100n;

/** Which side of the market an executed order is on. */
export type TradeSide = 'buy' | 'sell';
/** Which leg of a position an order is: the one that opens it or the one that closes it. */
export type TradeLeg = 'open' | 'close';

/**
 * How the broker charges brokerage on one product, per executed order:
 * - `zero`: nothing (discount brokers' delivery);
 * - `flat`: the same amount on every order;
 * - `percent`: a rate of the turnover, capped at `capPaise` per order when a cap is given
 *   (Zerodha's intraday: the lower of ₹20 and 0.03%).
 */
export type BrokeragePlan =
  | { kind: 'zero' }
  | { kind: 'flat'; perOrderPaise: bigint }
  | { kind: 'percent'; ratePpb: bigint; capPaise: bigint | null };

/** Every rate of a charge schedule (see the module comment for the unit). */
export interface ChargeRates {
  /** Brokerage per product. */
  brokerage: Record<Product, BrokeragePlan>;
  /** Securities transaction tax on delivery (CNC, MTF) turnover, per side; rounded to the rupee. */
  sttDeliveryBuyPpb: bigint;
  sttDeliverySellPpb: bigint;
  /** Securities transaction tax on intraday (MIS) turnover, per side; rounded to the rupee. */
  sttIntradayBuyPpb: bigint;
  sttIntradaySellPpb: bigint;
  /** The exchange's transaction charge on the turnover of each side. */
  exchangePpb: bigint;
  /** SEBI's turnover fee on the turnover of each side. */
  sebiPpb: bigint;
  /** Stamp duty on the buy side only, by product. */
  stampDeliveryBuyPpb: bigint;
  stampIntradayBuyPpb: bigint;
  /** GST on brokerage, exchange charge, SEBI fee and the DP charge. */
  gstPpb: bigint;
  /** The depository's charge per scrip per day sold from delivery, before GST. */
  dpChargePaise: bigint;
}

/** A schedule: the rates in force from an IST date until the next schedule's date. */
export interface ChargeSchedule extends ChargeRates {
  effectiveFrom: IstDate;
}

/**
 * The statutory rates in force since 2024-10-01 (SEBI's "true to label" exchange charge) with
 * Zerodha-like brokerage: delivery free, intraday the lower of ₹20 and 0.03% per order, DP ₹13 + GST.
 * Migration 0024 seeds the first schedule row with these; a later row replaces them from its date.
 */
export const DEFAULT_CHARGE_SCHEDULE: ChargeSchedule = {
  effectiveFrom: '2024-10-01',
  brokerage: {
    CNC: { kind: 'zero' },
    MTF: { kind: 'zero' },
    MIS: { kind: 'percent', ratePpb: 300_000n, capPaise: 2_000n },
  },
  sttDeliveryBuyPpb: 1_000_000n,
  sttDeliverySellPpb: 1_000_000n,
  sttIntradayBuyPpb: 0n,
  sttIntradaySellPpb: 250_000n,
  exchangePpb: 29_700n,
  sebiPpb: 1_000n,
  stampDeliveryBuyPpb: 150_000n,
  stampIntradayBuyPpb: 30_000n,
  gstPpb: 180_000_000n,
  dpChargePaise: 1_300n,
};

/** An executed order as the charges see it. */
export interface ChargeableOrder {
  product: Product;
  side: TradeSide;
  /** Price × quantity of the order, in paise. */
  turnoverPaise: bigint;
  /** Whether this order pays the DP charge: the day's first delivery sale of this scrip (isDpChargeable). */
  isDpCharged: boolean;
}

/** The charge lines of one executed order, in paise, as its contract note prints them. */
export interface ChargeLines {
  brokeragePaise: bigint;
  sttPaise: bigint;
  exchangePaise: bigint;
  sebiPaise: bigint;
  stampPaise: bigint;
  /** GST on brokerage + exchange charge + SEBI fee (the DP charge's GST is inside dpPaise). */
  gstPaise: bigint;
  /** The DP charge with its GST. */
  dpPaise: bigint;
  /** The GST part of dpPaise: owed to the government with gstPaise, the rest is the broker's. */
  dpGstPaise: bigint;
  /** The sum of the seven lines above (dpGstPaise is inside dpPaise, not added again). */
  totalPaise: bigint;
}

export const NO_CHARGES: ChargeLines = {
  brokeragePaise: 0n,
  sttPaise: 0n,
  exchangePaise: 0n,
  sebiPaise: 0n,
  stampPaise: 0n,
  gstPaise: 0n,
  dpPaise: 0n,
  dpGstPaise: 0n,
  totalPaise: 0n,
};

const ofTurnover = (turnoverPaise: bigint, ratePpb: bigint) =>
  mulDiv(turnoverPaise, ratePpb, PPB_PER_UNIT, 'half_up');

/** STT to the rupee, half up, as brokers print it: 143.01 → 143, 151.78 → 152. */
const sttOf = (turnoverPaise: bigint, ratePpb: bigint) =>
  mulDiv(turnoverPaise, ratePpb, PPB_PER_UNIT * PAISE_PER_RUPEE, 'half_up') * PAISE_PER_RUPEE;

function brokerageOf(plan: BrokeragePlan, turnoverPaise: bigint): bigint {
  if (plan.kind === 'zero') return 0n;
  if (plan.kind === 'flat') return plan.perOrderPaise;
  const byRate = ofTurnover(turnoverPaise, plan.ratePpb);
  return plan.capPaise !== null && plan.capPaise < byRate ? plan.capPaise : byRate;
}

/**
 * The charges of one executed order under a schedule. Each line is rounded once, to the paisa half
 * up, except STT, which is rounded to the rupee half up; GST is taken on the rounded brokerage,
 * exchange charge and SEBI fee, as a contract note shows it.
 *
 * Example (the reference's test vector, the 2024-10-01 rates): 100 RELIANCE sold at ₹1,517.80 from
 * delivery, the day's first sale of it: `computeCharges({ product: 'CNC', side: 'sell',
 * turnoverPaise: 15_178_000n, isDpCharged: true }, DEFAULT_CHARGE_SCHEDULE)` gives brokerage 0n,
 * STT 15_200n (₹151.78 → ₹152), exchange 451n (450.79), SEBI 15n (15.178), stamp 0n, GST 84n
 * (18% of 466 = 83.88), DP 1_534n (₹13 + ₹2.34 GST), total 17_284n.
 */
export function computeCharges(order: ChargeableOrder, schedule: ChargeRates): ChargeLines {
  const { turnoverPaise } = order;
  invariant(turnoverPaise >= 0n, `a turnover is never negative: ${turnoverPaise}`);
  const isDelivery = isDeliveryProduct(order.product);
  const isBuy = order.side === 'buy';
  const sttPpb = isDelivery
    ? isBuy
      ? schedule.sttDeliveryBuyPpb
      : schedule.sttDeliverySellPpb
    : isBuy
      ? schedule.sttIntradayBuyPpb
      : schedule.sttIntradaySellPpb;
  const stampPpb = isBuy ? (isDelivery ? schedule.stampDeliveryBuyPpb : schedule.stampIntradayBuyPpb) : 0n;
  const brokeragePaise = brokerageOf(schedule.brokerage[order.product], turnoverPaise);
  const sttPaise = sttOf(turnoverPaise, sttPpb);
  const exchangePaise = ofTurnover(turnoverPaise, schedule.exchangePpb);
  const sebiPaise = ofTurnover(turnoverPaise, schedule.sebiPpb);
  const stampPaise = ofTurnover(turnoverPaise, stampPpb);
  const gstPaise = ofTurnover(brokeragePaise + exchangePaise + sebiPaise, schedule.gstPpb);
  const dpFeePaise = order.isDpCharged ? schedule.dpChargePaise : 0n;
  const dpGstPaise = ofTurnover(dpFeePaise, schedule.gstPpb);
  const dpPaise = dpFeePaise + dpGstPaise;
  return {
    brokeragePaise,
    sttPaise,
    exchangePaise,
    sebiPaise,
    stampPaise,
    gstPaise,
    dpPaise,
    dpGstPaise,
    totalPaise: brokeragePaise + sttPaise + exchangePaise + sebiPaise + stampPaise + gstPaise + dpPaise,
  };
}

/**
 * The charges of one leg of a position: its side of the market from the position's side, its
 * turnover from price × quantity.
 *
 * Example: the closing sale of a CNC long of 100 at ₹1,517.80, the day's first sale of the scrip:
 * `computeLegCharges({ product: 'CNC', positionSide: 'long', leg: 'close', pricePaise: 151_780n,
 * quantity: 100, isDpCharged: true }, DEFAULT_CHARGE_SCHEDULE).totalPaise` is `17_284n`.
 */
export function computeLegCharges(
  leg: {
    product: Product;
    positionSide: PositionSide;
    leg: TradeLeg;
    pricePaise: bigint;
    quantity: number;
    isDpCharged: boolean;
  },
  schedule: ChargeRates,
): ChargeLines {
  invariant(
    Number.isSafeInteger(leg.quantity) && leg.quantity > 0,
    `a quantity is whole and positive: ${leg.quantity}`,
  );
  return computeCharges(
    {
      product: leg.product,
      side: tradeSideOf(leg.positionSide, leg.leg),
      turnoverPaise: leg.pricePaise * BigInt(leg.quantity),
      isDpCharged: leg.isDpCharged,
    },
    schedule,
  );
}

/**
 * The side of the market of a position's leg: a long opens with a buy and closes with a sale; a
 * short opens with a sale and closes with a buy.
 *
 * Example: `tradeSideOf('short', 'open')` is `'sell'`.
 */
export function tradeSideOf(positionSide: PositionSide, leg: TradeLeg): TradeSide {
  return (positionSide === 'long') === (leg === 'open') ? 'buy' : 'sell';
}

/**
 * Whether a leg is a sale from the demat account, which the depository charges once per scrip per
 * day: the closing sale of a delivery (CNC or MTF) long. An intraday sale never reaches the demat
 * account; a short's sale is not from holdings. The server adds "the day's first such sale of the
 * scrip" from the trades it recorded.
 *
 * Example: `isDpChargeable('CNC', 'long', 'close')` is true; `isDpChargeable('MIS', 'long', 'close')`
 * is false.
 */
export function isDpChargeable(product: Product, positionSide: PositionSide, leg: TradeLeg): boolean {
  return isDeliveryProduct(product) && positionSide === 'long' && leg === 'close';
}

/**
 * The schedule in force on an IST trade date: the one with the latest effective date on or before
 * it. Undefined when every schedule starts later (the caller's data is wrong).
 *
 * Example: with schedules from 2024-10-01 and 2026-04-01, a trade on 2026-03-31 uses the first and a
 * trade on 2026-04-01 the second.
 */
export function scheduleInForce<T extends { effectiveFrom: IstDate }>(
  schedules: readonly T[],
  tradeDate: IstDate,
): T | undefined {
  let found: T | undefined;
  for (const schedule of schedules) {
    if (schedule.effectiveFrom <= tradeDate && (!found || schedule.effectiveFrom > found.effectiveFrom)) {
      found = schedule;
    }
  }
  return found;
}

/**
 * The schedules that may price an order placed on `fromDate` and filled later: the one in force that
 * day and every later one. A pending order holds the largest charges among them, so no schedule
 * already decided can make its fill cost more than it held.
 *
 * Example: with schedules from 2024-10-01, 2026-04-01 and 2026-12-01, an order on 2026-11-26 may be
 * priced by the second or the third.
 */
export function schedulesFrom<T extends { effectiveFrom: IstDate }>(
  schedules: readonly T[],
  fromDate: IstDate,
): T[] {
  const current = scheduleInForce(schedules, fromDate);
  return schedules.filter((schedule) => schedule === current || schedule.effectiveFrom > fromDate);
}

/**
 * Reads a rate written in percent ("0.00297") as ppb (29,700n): at most 7 decimals, never negative,
 * at most 100%. Returns undefined for anything else, so the caller can refuse it with a reason.
 *
 * Example: `parseRatePercent('18')` is `180_000_000n`; `parseRatePercent('0.0001')` is `1_000n`;
 * `parseRatePercent('-1')` and `parseRatePercent('0.00000001')` are undefined.
 */
export function parseRatePercent(text: string): bigint | undefined {
  const parts = splitPlainDecimal(text.trim());
  if (parts === null || parts.negative || parts.fractionDigits.length > RATE_PERCENT_DECIMALS) {
    return undefined;
  }
  const fraction = parts.fractionDigits.padEnd(RATE_PERCENT_DECIMALS, '0');
  const ppb = BigInt(parts.integerDigits) * PPB_PER_PERCENT + BigInt(fraction);
  return ppb <= PPB_PER_UNIT ? ppb : undefined;
}

/**
 * Writes a rate in ppb as a percent with no trailing zeros: the inverse of parseRatePercent.
 *
 * Example: `formatRatePercent(29_700n)` is `'0.00297'`; `formatRatePercent(180_000_000n)` is `'18'`.
 */
export function formatRatePercent(ppb: bigint): string {
  invariant(ppb >= 0n, `a rate is never negative: ${ppb}`);
  const whole = ppb / PPB_PER_PERCENT;
  const fraction = (ppb % PPB_PER_PERCENT).toString().padStart(RATE_PERCENT_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The rate fields of a schedule, for checks that go over all of them. */
export const CHARGE_RATE_FIELDS = [
  'sttDeliveryBuyPpb',
  'sttDeliverySellPpb',
  'sttIntradayBuyPpb',
  'sttIntradaySellPpb',
  'exchangePpb',
  'sebiPpb',
  'stampDeliveryBuyPpb',
  'stampIntradayBuyPpb',
  'gstPpb',
] as const;

/**
 * The fields of a schedule that no broker could charge: a negative rate or amount, a rate above
 * 100%, a percent brokerage with a negative cap. Empty when the schedule is sound.
 *
 * Example: `chargeScheduleProblems({ ...DEFAULT_CHARGE_SCHEDULE, sebiPpb: -1n })` is `['sebiPpb']`.
 */
export function chargeScheduleProblems(rates: ChargeRates): string[] {
  const problems: string[] = [];
  const isRate = (ppb: bigint) => ppb >= 0n && ppb <= PPB_PER_UNIT;
  for (const field of CHARGE_RATE_FIELDS) if (!isRate(rates[field])) problems.push(field);
  if (rates.dpChargePaise < 0n) problems.push('dpChargePaise');
  for (const product of PRODUCTS) {
    const plan = rates.brokerage[product];
    const sound =
      plan.kind === 'zero' ||
      (plan.kind === 'flat' && plan.perOrderPaise >= 0n) ||
      (plan.kind === 'percent' && isRate(plan.ratePpb) && (plan.capPaise === null || plan.capPaise >= 0n));
    if (!sound) problems.push(`brokerage.${product}`);
  }
  return problems;
}

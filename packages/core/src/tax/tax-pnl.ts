import type { IstDate } from '../calendar/ist-time.js';
import { invariant } from '../invariant.js';
import { applyBps, mulDiv } from '../money/rounding.js';
import type { Product } from '../trading/product.js';
import { type FinancialYear, financialYearMonths, financialYearRange } from './financial-year.js';

/**
 * One executed order as the tax P&L reads it: a `trade_charges` row (migration 0023). An open leg
 * of a long position is a buy, its close leg a sale; a short position opens with a sale.
 */
export interface TaxTradeLeg {
  /** The trade_charges id: the order number on the contract note. */
  tradeId: bigint;
  symbol: string;
  product: Product;
  side: 'buy' | 'sell';
  leg: 'open' | 'close';
  quantity: bigint;
  turnoverPaise: bigint;
  executedAtMs: number;
  tradeDate: IstDate;
  sttPaise: bigint;
  /** Every charge of the order, STT included. */
  totalChargesPaise: bigint;
}

export type GainTerm = 'short' | 'long';

/** A sale of delivery shares matched to one bought lot (FIFO): a capital gain or loss. */
export interface CapitalGainRow {
  symbol: string;
  quantity: bigint;
  buyTradeId: bigint;
  sellTradeId: bigint;
  buyDate: IstDate;
  sellDate: IstDate;
  term: GainTerm;
  buyValuePaise: bigint;
  sellValuePaise: bigint;
  /** The lot's share of both orders' charges other than STT: part of the cost, so deducted. */
  costChargesPaise: bigint;
  /** The lot's share of both orders' STT: shown, never deducted (Income-tax Act s.48). */
  sttPaise: bigint;
  /** sellValue − buyValue − costCharges. */
  gainPaise: bigint;
}

/**
 * An intraday (MIS) or short round trip: speculative business income, not a capital gain. Every
 * charge, STT included, is a business expense and is deducted.
 */
export interface SpeculativeRow {
  symbol: string;
  direction: 'long' | 'short';
  quantity: bigint;
  openTradeId: bigint;
  closeTradeId: bigint;
  openDate: IstDate;
  closeDate: IstDate;
  buyValuePaise: bigint;
  sellValuePaise: bigint;
  chargesPaise: bigint;
  /** sellValue − buyValue − charges. */
  pnlPaise: bigint;
}

/** A sale with no bought lot before it in the trades given (bought before charges were recorded). */
export interface UnmatchedSale {
  symbol: string;
  tradeId: bigint;
  tradeDate: IstDate;
  quantity: bigint;
}

/**
 * The capital-gains rates in force from a date: STCG on listed equity held up to 12 months, LTCG
 * above the yearly exemption (Finance (No. 2) Act 2024, from 2024-07-23; the reference's "Tax P&L").
 */
export interface CapitalGainsRates {
  from: IstDate;
  shortTermBps: bigint;
  longTermBps: bigint;
  longTermExemptionPaise: bigint;
}

/** Newest first. Before 2024-07-23: STCG 15%, LTCG 10% above ₹1 lakh. */
export const CAPITAL_GAINS_RATES: readonly CapitalGainsRates[] = [
  { from: '2024-07-23', shortTermBps: 2_000n, longTermBps: 1_250n, longTermExemptionPaise: 12_500_000n },
  { from: '2018-04-01', shortTermBps: 1_500n, longTermBps: 1_000n, longTermExemptionPaise: 10_000_000n },
];

export interface TaxEstimate {
  rates: CapitalGainsRates;
  /** Short-term gains less short-term losses, at least 0. */
  taxableShortTermPaise: bigint;
  /** Long-term gains less long-term losses and any short-term loss left, less the exemption, at least 0. */
  taxableLongTermPaise: bigint;
  shortTermTaxPaise: bigint;
  longTermTaxPaise: bigint;
  totalTaxPaise: bigint;
}

export interface TaxPnlReport {
  financialYear: FinancialYear;
  from: IstDate;
  to: IstDate;
  capitalGains: CapitalGainRow[];
  speculative: SpeculativeRow[];
  unmatchedSales: UnmatchedSale[];
  totals: {
    shortTermGainPaise: bigint;
    longTermGainPaise: bigint;
    speculativePnlPaise: bigint;
    /** Every charge on the realised rows, STT included. */
    chargesPaise: bigint;
    sttPaise: bigint;
    realisedPaise: bigint;
  };
  estimate: TaxEstimate;
  /** Realised P&L (gains plus speculative) by month of sale, April first. */
  months: { month: string; realisedPaise: bigint }[];
}

/** The date twelve months after `date` (29 February lands on 28 February). */
function twelveMonthsAfter(date: IstDate): IstDate {
  const year = Number(date.slice(0, 4)) + 1;
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${year}-${monthDay}`;
}

/**
 * Short-term when held up to 12 months, long-term when sold after that (s.2(42A) for listed shares).
 *
 * @example gainTermOf('2024-05-10', '2025-05-10') // 'short'; gainTermOf('2024-05-10', '2025-05-11') // 'long'
 */
export function gainTermOf(buyDate: IstDate, sellDate: IstDate): GainTerm {
  return sellDate > twelveMonthsAfter(buyDate) ? 'long' : 'short';
}

/** The rates in force on a date. */
export function capitalGainsRatesOn(date: IstDate): CapitalGainsRates {
  const rates = CAPITAL_GAINS_RATES.find((candidate) => candidate.from <= date);
  invariant(rates !== undefined, `no capital-gains rates on ${date}`);
  return rates;
}

/**
 * An order's amounts, taken from lot by lot so that the parts always add up to the whole: each
 * part is its quantity's share of what remains, the last part takes the rest.
 */
class Remaining {
  constructor(
    readonly leg: TaxTradeLeg,
    public quantity: bigint,
    public valuePaise: bigint,
    public sttPaise: bigint,
    public chargesPaise: bigint,
  ) {}

  static of(leg: TaxTradeLeg): Remaining {
    return new Remaining(leg, leg.quantity, leg.turnoverPaise, leg.sttPaise, leg.totalChargesPaise);
  }

  take(quantity: bigint): { valuePaise: bigint; sttPaise: bigint; chargesPaise: bigint } {
    invariant(quantity > 0n && quantity <= this.quantity, 'take: quantity out of range');
    const share = (amount: bigint) =>
      quantity === this.quantity ? amount : mulDiv(amount, quantity, this.quantity, 'half_up');
    const part = {
      valuePaise: share(this.valuePaise),
      sttPaise: share(this.sttPaise),
      chargesPaise: share(this.chargesPaise),
    };
    this.quantity -= quantity;
    this.valuePaise -= part.valuePaise;
    this.sttPaise -= part.sttPaise;
    this.chargesPaise -= part.chargesPaise;
    return part;
  }
}

/** The smaller of two amounts (Math.min takes no bigint). */
function smallerOf(a: bigint, b: bigint): bigint {
  if (a < b) return a;
  return b;
}

const isLongLeg = (leg: TaxTradeLeg) => (leg.leg === 'open') === (leg.side === 'buy');

/**
 * The realised P&L of one investor for a financial year, as a tax P&L statement shows it:
 *
 * - Delivery (CNC, MTF) sales are matched to bought lots first in, first out per symbol, across
 *   positions and years; each match is a short-term (held up to 12 months) or long-term capital
 *   gain. Charges other than STT are part of the cost; STT is shown but not deducted.
 * - Intraday (MIS) and short round trips are speculative business income, reported apart, matched
 *   the same way (FIFO per symbol and direction), every charge deducted.
 * - The tax estimate applies the rates in force on the year's last day: short-term losses are set
 *   off against long-term gains, then the long-term exemption.
 *
 * `legs` must hold every trade up to the year's end (earlier years give the lots); only sales and
 * closes dated within the year are reported.
 *
 * @example
 * // 10 bought at ₹100.00 (₹1,000.00, ₹1.00 STT, ₹1.50 charges) on 2025-05-02, all sold at ₹120.00
 * // (₹1,200.00, ₹1.00 STT, ₹1.60 charges) on 2025-09-01: a short-term gain of
 * // 1,20,000 − 1,00,000 − (50 + 60) = 19,890 paise, STT 200 paise shown apart.
 */
export function buildTaxPnl(financialYear: FinancialYear, legs: readonly TaxTradeLeg[]): TaxPnlReport {
  const range = financialYearRange(financialYear);
  invariant(range !== undefined, `not a financial year: ${financialYear}`);
  const ordered = [...legs].sort((a, b) =>
    a.executedAtMs !== b.executedAtMs
      ? a.executedAtMs - b.executedAtMs
      : a.tradeId < b.tradeId
        ? -1
        : a.tradeId > b.tradeId
          ? 1
          : 0,
  );
  const lots = new Map<string, Remaining[]>();
  const capitalGains: CapitalGainRow[] = [];
  const speculative: SpeculativeRow[] = [];
  const unmatchedSales: UnmatchedSale[] = [];
  const inYear = (date: IstDate) => date >= range.from && date <= range.to;

  for (const leg of ordered) {
    if (leg.tradeDate > range.to) continue;
    const isLong = isLongLeg(leg);
    const isSpeculative = leg.product === 'MIS' || !isLong;
    const key = `${leg.symbol}|${isSpeculative ? 'speculative' : 'delivery'}|${isLong ? 'long' : 'short'}`;
    const queue = lots.get(key) ?? [];
    lots.set(key, queue);
    if (leg.leg === 'open') {
      queue.push(Remaining.of(leg));
      continue;
    }
    const closing = Remaining.of(leg);
    while (closing.quantity > 0n && queue.length > 0) {
      const lot = queue[0]!;
      const quantity = smallerOf(lot.quantity, closing.quantity);
      const opened = lot.take(quantity);
      const closed = closing.take(quantity);
      if (lot.quantity === 0n) queue.shift();
      if (!inYear(leg.tradeDate)) continue;
      const buy = isLong ? opened : closed;
      const sell = isLong ? closed : opened;
      if (isSpeculative) {
        const chargesPaise = opened.chargesPaise + closed.chargesPaise;
        speculative.push({
          symbol: leg.symbol,
          direction: isLong ? 'long' : 'short',
          quantity,
          openTradeId: lot.leg.tradeId,
          closeTradeId: leg.tradeId,
          openDate: lot.leg.tradeDate,
          closeDate: leg.tradeDate,
          buyValuePaise: buy.valuePaise,
          sellValuePaise: sell.valuePaise,
          chargesPaise,
          pnlPaise: sell.valuePaise - buy.valuePaise - chargesPaise,
        });
      } else {
        const sttPaise = opened.sttPaise + closed.sttPaise;
        const costChargesPaise = opened.chargesPaise + closed.chargesPaise - sttPaise;
        capitalGains.push({
          symbol: leg.symbol,
          quantity,
          buyTradeId: lot.leg.tradeId,
          sellTradeId: leg.tradeId,
          buyDate: lot.leg.tradeDate,
          sellDate: leg.tradeDate,
          term: gainTermOf(lot.leg.tradeDate, leg.tradeDate),
          buyValuePaise: buy.valuePaise,
          sellValuePaise: sell.valuePaise,
          costChargesPaise,
          sttPaise,
          gainPaise: sell.valuePaise - buy.valuePaise - costChargesPaise,
        });
      }
    }
    if (closing.quantity > 0n && inYear(leg.tradeDate)) {
      unmatchedSales.push({
        symbol: leg.symbol,
        tradeId: leg.tradeId,
        tradeDate: leg.tradeDate,
        quantity: closing.quantity,
      });
    }
  }

  const sum = <T>(rows: readonly T[], pick: (row: T) => bigint) =>
    rows.reduce((total, row) => total + pick(row), 0n);
  const shortTermGainPaise = sum(
    capitalGains.filter((row) => row.term === 'short'),
    (row) => row.gainPaise,
  );
  const longTermGainPaise = sum(
    capitalGains.filter((row) => row.term === 'long'),
    (row) => row.gainPaise,
  );
  const speculativePnlPaise = sum(speculative, (row) => row.pnlPaise);
  const sttPaise = sum(capitalGains, (row) => row.sttPaise);
  const chargesPaise =
    sum(capitalGains, (row) => row.costChargesPaise + row.sttPaise) +
    sum(speculative, (row) => row.chargesPaise);

  const monthTotals = new Map(financialYearMonths(financialYear).map((month) => [month, 0n]));
  const addToMonth = (date: IstDate, amountPaise: bigint) => {
    const month = date.slice(0, 7);
    monthTotals.set(month, (monthTotals.get(month) ?? 0n) + amountPaise);
  };
  for (const row of capitalGains) addToMonth(row.sellDate, row.gainPaise);
  for (const row of speculative) addToMonth(row.closeDate, row.pnlPaise);

  return {
    financialYear,
    from: range.from,
    to: range.to,
    capitalGains,
    speculative,
    unmatchedSales,
    totals: {
      shortTermGainPaise,
      longTermGainPaise,
      speculativePnlPaise,
      chargesPaise,
      sttPaise,
      realisedPaise: shortTermGainPaise + longTermGainPaise + speculativePnlPaise,
    },
    estimate: estimateCapitalGainsTax(shortTermGainPaise, longTermGainPaise, capitalGainsRatesOn(range.to)),
    months: [...monthTotals].map(([month, realisedPaise]) => ({ month, realisedPaise })),
  };
}

/**
 * An estimate of the tax on a year's capital gains (before surcharge and cess): a net short-term
 * loss is set off against long-term gains, the exemption comes off the long-term rest.
 *
 * @example
 * // STCG ₹10,000.00 and LTCG ₹2,00,000.00 at the 2024-07-23 rates: 20% of ₹10,000.00 = ₹2,000.00
 * // plus 12.5% of (₹2,00,000.00 − ₹1,25,000.00) = ₹9,375.00.
 * estimateCapitalGainsTax(1_000_000n, 20_000_000n, rates).totalTaxPaise // 1_137_500n
 */
export function estimateCapitalGainsTax(
  shortTermGainPaise: bigint,
  longTermGainPaise: bigint,
  rates: CapitalGainsRates,
): TaxEstimate {
  let longTermPaise = longTermGainPaise;
  if (shortTermGainPaise < 0n && longTermPaise > 0n) {
    longTermPaise -= smallerOf(-shortTermGainPaise, longTermPaise);
  }
  const taxableShortTermPaise = shortTermGainPaise > 0n ? shortTermGainPaise : 0n;
  const aboveExemptionPaise = longTermPaise - rates.longTermExemptionPaise;
  const taxableLongTermPaise = aboveExemptionPaise > 0n ? aboveExemptionPaise : 0n;
  const shortTermTaxPaise = applyBps(taxableShortTermPaise, rates.shortTermBps, 'half_up');
  const longTermTaxPaise = applyBps(taxableLongTermPaise, rates.longTermBps, 'half_up');
  return {
    rates,
    taxableShortTermPaise,
    taxableLongTermPaise,
    shortTermTaxPaise,
    longTermTaxPaise,
    totalTaxPaise: shortTermTaxPaise + longTermTaxPaise,
  };
}

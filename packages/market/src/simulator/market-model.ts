import { computePriceBand } from '@nivesh/core';
import { istMinuteOfDay } from '../candles/ist-time.js';
import type { InstrumentDefinition } from '../instruments/types.js';

/**
 * The parameters of the simulated market: how much each instrument moves, how much it trades and
 * when in the day. Numbers are plausible long-run figures for NSE, not forecasts.
 */

/** Annual volatility of equities by NSE sector, matched on words in the sector name. */
const ANNUAL_VOLATILITY_BY_SECTOR: readonly { words: readonly string[]; volatility: number }[] = [
  { words: ['information technology', 'it', 'software', 'technology'], volatility: 0.22 },
  { words: ['bank', 'banks', 'banking', 'financial', 'finance', 'insurance'], volatility: 0.25 },
  { words: ['metal', 'metals', 'mining', 'steel'], volatility: 0.35 },
  { words: ['fmcg', 'consumer staples', 'fast moving consumer goods'], volatility: 0.15 },
  { words: ['pharma', 'pharmaceuticals', 'healthcare'], volatility: 0.2 },
  { words: ['automobile', 'auto', 'automobiles'], volatility: 0.27 },
  { words: ['oil', 'gas', 'energy', 'power', 'utilities'], volatility: 0.26 },
  { words: ['realty', 'real estate'], volatility: 0.38 },
  { words: ['cement', 'construction', 'capital goods', 'infrastructure'], volatility: 0.26 },
  { words: ['telecom', 'telecommunication'], volatility: 0.28 },
];
export const DEFAULT_EQUITY_VOLATILITY = 0.25;

const ANNUAL_VOLATILITY_BY_KIND = { index: 0.14, crypto: 0.6, forex: 0.05 } as const;

/** How strongly an equity follows the market factor: r = ρ·m + √(1 − ρ²)·e. */
export const MARKET_LOADING = 0.6;

/** NSE session: 09:15 to 15:30 IST, 375 minutes. */
export const NSE_SESSION_OPEN_MINUTE = 9 * 60 + 15;
export const NSE_SESSION_MINUTES = 375;
export const TRADING_DAYS_PER_YEAR = 252;

/**
 * Annual volatility of an instrument as a fraction (0.22 = 22%). Example: an `IT` stock is 0.22, a
 * metals stock 0.35, an equity with no known sector 0.25.
 */
export function annualVolatilityOf(instrument: InstrumentDefinition): number {
  if (instrument.kind !== 'equity') return ANNUAL_VOLATILITY_BY_KIND[instrument.kind];
  const sector = (instrument.sector ?? '').toLowerCase();
  const words = new Set(sector.split(/[^a-z]+/).filter(Boolean));
  for (const row of ANNUAL_VOLATILITY_BY_SECTOR) {
    const matches = row.words.some((word) => (word.includes(' ') ? sector.includes(word) : words.has(word)));
    if (matches) return row.volatility;
  }
  return DEFAULT_EQUITY_VOLATILITY;
}

/** Loading on the market factor: 1 for an index (it is the market), 0.6 for the rest. */
export function marketLoadingOf(instrument: InstrumentDefinition): number {
  return instrument.kind === 'index' ? 1 : MARKET_LOADING;
}

/** Milliseconds of trading in a year, the time base of the volatility. */
export function tradingYearMsOf(instrument: InstrumentDefinition): number {
  const sessionMs = sessionMinutesOf(instrument) * 60_000;
  const days = instrument.calendar === 'nse' ? TRADING_DAYS_PER_YEAR : 365;
  return sessionMs * days;
}

export function sessionMinutesOf(instrument: InstrumentDefinition): number {
  return instrument.calendar === 'nse' ? NSE_SESSION_MINUTES : 24 * 60;
}

/** Minute of the IST day at which the instrument's session opens. */
export function sessionOpenMinuteOf(instrument: InstrumentDefinition): number {
  return instrument.calendar === 'nse' ? NSE_SESSION_OPEN_MINUTE : 0;
}

/**
 * Average shares traded per day. With shares outstanding known: 0.1% of them a day (a common
 * turnover for large caps). Otherwise about ₹100 crore of turnover a day at the start price. An
 * index trades nothing.
 */
export function averageDailyVolumeOf(instrument: InstrumentDefinition): number {
  if (instrument.kind === 'index') return 0;
  if (instrument.sharesOutstanding && instrument.sharesOutstanding > 0n) {
    return Math.max(1000, Math.round(Number(instrument.sharesOutstanding) / 1000));
  }
  const turnoverPaise = 100 * 10_000_000 * 100;
  return Math.max(1000, Math.round(turnoverPaise / Number(instrument.startPricePaise)));
}

/**
 * Relative trading intensity at a point of the session, averaging 1 over the session: a U shape,
 * about 2.1 at the open and the close and 0.4 at midday, as NSE volume runs. `fraction` is the
 * share of the session elapsed, 0 to 1.
 */
export function intradayVolumeWeight(fraction: number): number {
  const centred = 2 * Math.min(1, Math.max(0, fraction)) - 1;
  return (0.4 + 1.7 * centred * centred) / (0.4 + 1.7 / 3);
}

/** Intraday volume weight of an instrument at an instant: flat for round-the-clock instruments. */
export function volumeWeightAt(instrument: InstrumentDefinition, atMs: number): number {
  if (instrument.calendar !== 'nse') return 1;
  const fraction = (istMinuteOfDay(atMs) - NSE_SESSION_OPEN_MINUTE) / NSE_SESSION_MINUTES;
  return intradayVolumeWeight(fraction);
}

export interface PriceBand {
  lowerPaise: bigint;
  upperPaise: bigint;
}

/**
 * The daily band around the previous close that simulated prices stay inside: core's
 * computePriceBand (the limits rounded to the tick inward, as the server checks orders against),
 * or no band at all when the instrument has none (0 bps, as crypto and FX are seeded).
 * Example: previous close 1,000.00 (100000n), band 1000 bps, tick 5 → 900.00 to 1,100.00.
 */
export function priceBandOf(previousClosePaise: bigint, priceBandBps: number, tickPaise: bigint): PriceBand {
  if (priceBandBps <= 0) return { lowerPaise: tickPaise, upperPaise: BigInt(Number.MAX_SAFE_INTEGER) };
  return computePriceBand(previousClosePaise, priceBandBps, tickPaise);
}

/** Rounds a price in paise (a float from the walk) to the nearest tick, never below one tick. */
export function roundToTickPaise(pricePaise: number, tickPaise: number): number {
  const rounded = Math.round(pricePaise / tickPaise) * tickPaise;
  return Math.max(rounded, tickPaise);
}

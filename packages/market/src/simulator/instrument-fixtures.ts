import { istDayNumberOf, istMinuteOfDay, istWeekdayOf } from '../candles/ist-time.js';
import type { InstrumentDefinition } from '../instruments/types.js';

/**
 * Small hand-made instruments for the simulator's tests. The real instrument list lives in
 * `instruments/`; these fixtures keep the tests independent of it.
 */
export function equityFixture(
  symbol: string,
  overrides: Partial<InstrumentDefinition> = {},
): InstrumentDefinition {
  return {
    symbol,
    name: `${symbol} Ltd`,
    kind: 'equity',
    segment: 'listed',
    calendar: 'nse',
    exchange: 'NSE',
    sector: 'IT',
    tickPaise: 5n,
    lotSize: 1,
    priceBandBps: 1000,
    leverages: [1, 2, 5],
    shortable: true,
    tradable: true,
    startPricePaise: 245_000n,
    ...overrides,
  };
}

export const itStock = equityFixture('INFOTECH', {
  sector: 'Information Technology',
  startPricePaise: 150_000n,
});
export const bankStock = equityFixture('BHARATBANK', { sector: 'Banks', startPricePaise: 82_050n });
export const metalStock = equityFixture('LOHASTEEL', { sector: 'Metals & Mining', startPricePaise: 14_000n });
export const consumerStock = equityFixture('SABUN', { sector: 'FMCG', startPricePaise: 265_500n });
export const pennyStock = equityFixture('CHHOTA', {
  sector: undefined,
  startPricePaise: 1_235n,
  priceBandBps: 500,
});
export const marketIndex = equityFixture('NIFTYFIX', {
  kind: 'index',
  sector: undefined,
  tradable: false,
  priceBandBps: 0,
  startPricePaise: 2_480_000n,
});
export const cryptoCoin = equityFixture('COININR', {
  kind: 'crypto',
  segment: 'crypto',
  calendar: 'always',
  exchange: 'CRYPTO',
  sector: undefined,
  tickPaise: 100n,
  priceBandBps: 0,
  startPricePaise: 900_000_000n,
});

/** Weekdays 09:15–15:30 IST for NSE instruments (no holidays); always for the rest. */
export function isOpenFixture(instrument: InstrumentDefinition, atMs: number): boolean {
  if (instrument.calendar === 'always') return true;
  // Day 0 (1970-01-01) was a Thursday; (day + 3) mod 7 counts from Monday.
  if ((istDayNumberOf(atMs) + 3) % 7 >= 5) return false;
  const minute = istMinuteOfDay(atMs);
  return minute >= 9 * 60 + 15 && minute < 15 * 60 + 30;
}

export function isWeekdayIst(dateIst: string): boolean {
  return istWeekdayOf(dateIst) < 5;
}

import { describe, expect, it } from 'vitest';
import { ALL_INSTRUMENTS, findInstrument } from './catalog.js';
import { CRYPTO_PAIRS } from './crypto-pairs.js';
import {
  AUCTION_INSTRUMENTS,
  EQUITIES,
  LISTED_EQUITIES,
  OTC_EQUITIES,
  SUBSCRIPTION_INSTRUMENTS,
} from './equities.js';
import { FOREX_PAIRS } from './forex-pairs.js';
import { NIFTY_BANK_ROWS, NIFTY50_ROWS, SENSEX_ROWS } from './index-constituents.gen.js';
import { INDEX_INSTRUMENTS, INDICES } from './indices.js';
import { isValidIndianEquityIsin } from './isin.js';
import { EQUITY_START_LEVELS } from './start-levels.js';

describe('NIFTY 50 reference data', () => {
  it('has 50 stocks with unique symbols', () => {
    const symbols = NIFTY50_ROWS.map((row) => row.symbol);
    expect(symbols).toHaveLength(50);
    expect(new Set(symbols).size).toBe(50);
  });

  it('every NIFTY 50 stock has a valid Indian equity ISIN with a correct check digit', () => {
    const invalid = NIFTY50_ROWS.filter((row) => !isValidIndianEquityIsin(row.isin));
    expect(invalid).toEqual([]);
    expect(new Set(NIFTY50_ROWS.map((row) => row.isin)).size).toBe(50);
  });

  it('every NIFTY 50 stock has a real name and an NSE industry', () => {
    for (const row of NIFTY50_ROWS) {
      expect(row.name.length).toBeGreaterThan(2);
      expect(row.sector.length).toBeGreaterThan(2);
    }
    expect(findInstrument('RELIANCE')).toMatchObject({
      name: 'Reliance Industries Ltd.',
      isin: 'INE002A01018',
      sector: 'Oil Gas & Consumable Fuels',
    });
  });
});

describe('index constituents', () => {
  it('SENSEX has 30 and NIFTY BANK 14 constituents', () => {
    expect(INDICES.find((index) => index.symbol === 'SENSEX')?.constituents).toHaveLength(30);
    expect(INDICES.find((index) => index.symbol === 'NIFTYBANK')?.constituents).toHaveLength(14);
    expect(INDICES.find((index) => index.symbol === 'NIFTY50')?.constituents).toHaveLength(50);
  });

  it('every constituent of every index is a listed, tradable equity', () => {
    for (const index of INDICES) {
      for (const symbol of index.constituents) {
        expect(findInstrument(symbol), `${index.symbol}: ${symbol}`).toMatchObject({
          kind: 'equity',
          segment: 'listed',
          tradable: true,
        });
      }
    }
  });

  it('a company has the same ISIN in every index file', () => {
    for (const row of [...SENSEX_ROWS, ...NIFTY_BANK_ROWS]) {
      expect(findInstrument(row.symbol)?.isin, row.symbol).toBe(row.isin);
    }
  });

  it('the banks outside NIFTY 50 are seeded too', () => {
    for (const symbol of [
      'AUBANK',
      'BANKBARODA',
      'CANBK',
      'FEDERALBNK',
      'IDFCFIRSTB',
      'PNB',
      'UNIONBANK',
      'YESBANK',
    ]) {
      expect(findInstrument(symbol)?.sector, symbol).toBe('Financial Services');
    }
    expect(LISTED_EQUITIES).toHaveLength(59);
  });
});

describe('listed equity defaults', () => {
  it('trade on NSE with a 5-paise tick, one-share lots, a ±10% band and leverage 1, 2 or 5', () => {
    for (const equity of LISTED_EQUITIES) {
      expect(equity).toMatchObject({
        exchange: 'NSE',
        calendar: 'nse',
        segment: 'listed',
        tickPaise: 5n,
        lotSize: 1,
        priceBandBps: 1_000,
        leverages: [1, 2, 5],
        shortable: true,
        tradable: true,
      });
    }
  });

  it('every starting price is positive and on its tick', () => {
    for (const instrument of ALL_INSTRUMENTS) {
      expect(instrument.startPricePaise > 0n, instrument.symbol).toBe(true);
      expect(instrument.startPricePaise % instrument.tickPaise, instrument.symbol).toBe(0n);
    }
  });

  it('every listed equity has a plausible share count, and no starting level is left unused', () => {
    for (const equity of LISTED_EQUITIES) {
      expect((equity.sharesOutstanding ?? 0n) >= 10_000_000n, equity.symbol).toBe(true);
    }
    expect(Object.keys(EQUITY_START_LEVELS).sort()).toEqual(LISTED_EQUITIES.map((e) => e.symbol).sort());
  });
});

describe('other segments', () => {
  it('the OTC names are marked as fictional demo companies without ISINs', () => {
    expect(OTC_EQUITIES).toHaveLength(4);
    for (const equity of OTC_EQUITIES) {
      expect(equity.segment).toBe('otc');
      expect(equity.name).toContain('(fictional)');
      expect(equity.isin).toBeUndefined();
    }
    expect(EQUITIES).toHaveLength(63);
    expect(SUBSCRIPTION_INSTRUMENTS).toEqual([]);
    expect(AUCTION_INSTRUMENTS).toEqual([]);
  });

  it('crypto pairs trade around the clock with a 1-paisa tick, no band and leverage up to 3', () => {
    expect(CRYPTO_PAIRS.map((pair) => pair.symbol)).toEqual(['BTCINR', 'ETHINR', 'USDTINR']);
    for (const pair of CRYPTO_PAIRS) {
      expect(pair).toMatchObject({
        segment: 'crypto',
        calendar: 'always',
        exchange: 'CRYPTO',
        tickPaise: 1n,
        priceBandBps: 0,
        leverages: [1, 2, 3],
      });
    }
  });

  it('FX pairs cover every exchange currency of the spec against the rupee', () => {
    expect(FOREX_PAIRS.map((pair) => pair.symbol).sort()).toEqual(
      ['CNY', 'TWD', 'HKD', 'USD', 'THB', 'JPY', 'VND', 'MYR', 'KRW'].map((code) => `${code}INR`).sort(),
    );
    for (const pair of FOREX_PAIRS) {
      expect(pair).toMatchObject({ segment: 'forex', calendar: 'always', exchange: 'FX', tickPaise: 1n });
    }
  });

  it('yen and won are quoted per 100 units and dong per 10,000, so that one paisa is a small step', () => {
    expect(findInstrument('USDINR')?.quoteUnits).toBe(1);
    expect(findInstrument('JPYINR')?.quoteUnits).toBe(100);
    expect(findInstrument('KRWINR')?.quoteUnits).toBe(100);
    expect(findInstrument('VNDINR')?.quoteUnits).toBe(10_000);
    for (const pair of FOREX_PAIRS) {
      // One tick is at most 0.5% of the price.
      expect(pair.startPricePaise >= 200n, pair.symbol).toBe(true);
    }
  });

  it('indices are listed as instruments that cannot be traded', () => {
    expect(INDEX_INSTRUMENTS.map((index) => index.symbol)).toEqual(['NIFTY50', 'SENSEX', 'NIFTYBANK']);
    for (const index of INDEX_INSTRUMENTS) {
      expect(index).toMatchObject({ kind: 'index', tradable: false, shortable: false, leverages: [] });
    }
    expect(findInstrument('NIFTY50')?.startPricePaise).toBe(2_500_000n);
  });
});

describe('the instrument catalog', () => {
  it('symbols are unique, upper case and fit the database check', () => {
    const symbols = ALL_INSTRUMENTS.map((instrument) => instrument.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const symbol of symbols) expect(symbol).toMatch(/^[A-Z0-9&_-]{1,32}$/);
  });

  it('finds an instrument by symbol in any case, and nothing for an unknown symbol', () => {
    expect(findInstrument('m&m')?.name).toBe('Mahindra & Mahindra Ltd.');
    expect(findInstrument('BAJAJ-AUTO')?.sector).toBe('Automobile and Auto Components');
    expect(findInstrument('NOSUCH')).toBeUndefined();
  });
});

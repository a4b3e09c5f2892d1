import { LISTED_EQUITIES } from './equities.js';
import { NIFTY_BANK_ROWS, NIFTY50_ROWS, SENSEX_ROWS } from './index-constituents.gen.js';
import { computeDivisor, type IndexDivisor, levelPaiseFromPoints } from './index-math.js';
import type { IndexDefinition, InstrumentDefinition } from './types.js';

/**
 * The three indices the app shows in its top bar, with their real constituents. Base levels are
 * plausible 2025-26 levels, not sourced: the simulator starts each index there and moves it with
 * its constituents' simulated prices.
 */
export const INDICES: readonly IndexDefinition[] = [
  {
    symbol: 'NIFTY50',
    name: 'NIFTY 50',
    exchange: 'NSE',
    constituents: NIFTY50_ROWS.map((row) => row.symbol),
    baseLevel: 25_000,
  },
  {
    symbol: 'SENSEX',
    name: 'BSE SENSEX',
    exchange: 'BSE',
    constituents: SENSEX_ROWS.map((row) => row.symbol),
    baseLevel: 82_000,
  },
  {
    symbol: 'NIFTYBANK',
    name: 'NIFTY BANK',
    exchange: 'NSE',
    constituents: NIFTY_BANK_ROWS.map((row) => row.symbol),
    baseLevel: 55_000,
  },
];

/**
 * Each index as an instrument (kind `index`), so that quotes, candles and the market list can treat
 * it like any symbol. It cannot be traded: `tradable` is false and it has no leverage. Its "price"
 * is the level in hundredths of a point, ticking by 0.01.
 */
export const INDEX_INSTRUMENTS: readonly InstrumentDefinition[] = INDICES.map((index) => ({
  symbol: index.symbol,
  name: index.name,
  kind: 'index',
  segment: 'listed',
  calendar: 'nse',
  exchange: index.exchange,
  tickPaise: 1n,
  lotSize: 1,
  priceBandBps: 0,
  leverages: [],
  shortable: false,
  tradable: false,
  startPricePaise: levelPaiseFromPoints(index.baseLevel),
}));

const listedBySymbol = new Map(LISTED_EQUITIES.map((equity) => [equity.symbol, equity]));

function constituentOf(symbol: string): InstrumentDefinition {
  const equity = listedBySymbol.get(symbol);
  if (!equity) throw new Error(`index constituent ${symbol} is not a listed equity`);
  return equity;
}

/** The starting price of every constituent of an index, in paise. */
export function constituentStartPrices(index: IndexDefinition): Map<string, bigint> {
  return new Map(index.constituents.map((symbol) => [symbol, constituentOf(symbol).startPricePaise]));
}

/** The shares outstanding of every constituent of an index (full market cap weighting). */
export function constituentShares(index: IndexDefinition): Map<string, bigint> {
  return new Map(
    index.constituents.map((symbol) => {
      const shareCount = constituentOf(symbol).sharesOutstanding;
      if (shareCount === undefined) throw new Error(`index constituent ${symbol} has no share count`);
      return [symbol, shareCount];
    }),
  );
}

/**
 * The divisor that puts an index at its base level when every constituent is at its starting price.
 *
 * @example computeIndexLevel(constituentStartPrices(nifty), constituentShares(nifty), computeStartingDivisor(nifty)) // 2_500_000n
 */
export function computeStartingDivisor(index: IndexDefinition): IndexDivisor {
  return computeDivisor(constituentStartPrices(index), constituentShares(index), index.baseLevel);
}

/** An index definition by symbol (`NIFTY50`, `SENSEX`, `NIFTYBANK`), or undefined. */
export function findIndexDefinition(symbol: string): IndexDefinition | undefined {
  return INDICES.find((index) => index.symbol === symbol.toUpperCase());
}

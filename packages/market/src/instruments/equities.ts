import { type ConstituentRow, NIFTY_BANK_ROWS, NIFTY50_ROWS, SENSEX_ROWS } from './index-constituents.gen.js';
import { EQUITY_START_LEVELS } from './start-levels.js';
import type { InstrumentDefinition } from './types.js';

/**
 * NSE cash-market equities: every constituent of NIFTY 50, SENSEX and NIFTY BANK, with names,
 * ISINs and sectors from the shared reference data and plausible (unsourced) starting levels.
 */

/** NSE's tick in the cash market. */
export const NSE_EQUITY_TICK_PAISE = 5n;

/**
 * One daily price band for every listed equity: ±10% of the previous close. NSE gives many F&O
 * stocks a 20% band (and others 2%, 5% or 10%); we keep a single default, which staff can change per
 * instrument.
 */
export const NSE_EQUITY_PRICE_BAND_BPS = 1_000;

export const NSE_EQUITY_LEVERAGES: readonly number[] = [1, 2, 5];

/**
 * The NSE industry of the NIFTY BANK names outside NIFTY 50. The NIFTY BANK file carries no sector
 * column here, and NSE files every bank under Financial Services.
 */
const BANK_SECTOR = 'Financial Services';

function listedEquity(row: ConstituentRow, sector: string): InstrumentDefinition {
  const level = EQUITY_START_LEVELS[row.symbol];
  if (!level) throw new Error(`no starting level for ${row.symbol}: add it to start-levels.ts`);
  return {
    symbol: row.symbol,
    name: row.name,
    kind: 'equity',
    segment: 'listed',
    calendar: 'nse',
    exchange: 'NSE',
    isin: row.isin,
    sector,
    tickPaise: NSE_EQUITY_TICK_PAISE,
    lotSize: 1,
    priceBandBps: NSE_EQUITY_PRICE_BAND_BPS,
    leverages: [...NSE_EQUITY_LEVERAGES],
    shortable: true,
    tradable: true,
    startPricePaise: level.startPricePaise,
    sharesOutstanding: level.sharesOutstanding,
  };
}

function buildListedEquities(): InstrumentDefinition[] {
  const bySymbol = new Map<string, InstrumentDefinition>();
  for (const row of NIFTY50_ROWS) bySymbol.set(row.symbol, listedEquity(row, row.sector));
  // SENSEX names are all NIFTY 50 members today; a future one that is not would have no sector here.
  for (const row of [...SENSEX_ROWS, ...NIFTY_BANK_ROWS]) {
    if (!bySymbol.has(row.symbol)) bySymbol.set(row.symbol, listedEquity(row, BANK_SECTOR));
  }
  return [...bySymbol.values()];
}

/** The 59 listed equities: NIFTY 50 in its file order, then the NIFTY BANK names outside it. */
export const LISTED_EQUITIES: readonly InstrumentDefinition[] = buildListedEquities();

function otcDemoEquity(
  symbol: string,
  name: string,
  sector: string,
  startPricePaise: bigint,
  sharesOutstanding: bigint,
): InstrumentDefinition {
  return {
    symbol,
    name,
    kind: 'equity',
    segment: 'otc',
    calendar: 'nse',
    exchange: 'OTC',
    sector,
    tickPaise: NSE_EQUITY_TICK_PAISE,
    lotSize: 1,
    // Thinly traded small companies get a tighter band (NSE Emerge mostly uses 5%) and no leverage.
    priceBandBps: 500,
    leverages: [1],
    shortable: false,
    tradable: true,
    startPricePaise,
    sharesOutstanding,
  };
}

/**
 * Over-the-counter names for the spec's OTC tab. These companies are FICTIONAL, made up for the
 * demo: we do not know real NSE Emerge (SME) names with enough certainty to publish their ISINs, so
 * these carry no ISIN, a `DEMO` symbol, and "(fictional)" in their names.
 */
export const OTC_EQUITIES: readonly InstrumentDefinition[] = [
  otcDemoEquity(
    'DEMOAGRO',
    'Demo Agro Foods Ltd. (fictional)',
    'Fast Moving Consumer Goods',
    8_450n,
    12_000_000n,
  ),
  otcDemoEquity('DEMOTEX', 'Demo Textiles Ltd. (fictional)', 'Textiles', 13_200n, 8_500_000n),
  otcDemoEquity('DEMOLOGI', 'Demo Logistics Ltd. (fictional)', 'Services', 5_725n, 20_000_000n),
  otcDemoEquity('DEMOSOLAR', 'Demo Solar Systems Ltd. (fictional)', 'Power', 21_840n, 15_500_000n),
];

/** Subscription (new issue) instruments come from IPOs as staff create them: none at start. */
export const SUBSCRIPTION_INSTRUMENTS: readonly InstrumentDefinition[] = [];

/** Auction instruments come from the block and auction features as staff create them: none at start. */
export const AUCTION_INSTRUMENTS: readonly InstrumentDefinition[] = [];

/** Every equity: listed then OTC. */
export const EQUITIES: readonly InstrumentDefinition[] = [...LISTED_EQUITIES, ...OTC_EQUITIES];

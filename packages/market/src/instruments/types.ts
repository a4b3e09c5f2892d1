/**
 * Reference description of a tradable instrument or index, as the simulator, the importer and the
 * server's seed all see it. Prices are paise (bigint); rates are basis points (1 bp = 0.01%).
 */

/** The spec's market tabs. */
export type MarketSegment = 'listed' | 'otc' | 'subscription' | 'auction' | 'crypto' | 'forex';

export type InstrumentKind = 'equity' | 'index' | 'crypto' | 'forex';

/** Which trading calendar governs the instrument: NSE sessions, or always open. */
export type CalendarId = 'nse' | 'always';

export interface InstrumentDefinition {
  /** Exchange symbol, e.g. `RELIANCE`, `NIFTY50`, `BTCINR`, `USDINR`. Upper case, unique. */
  symbol: string;
  name: string;
  kind: InstrumentKind;
  segment: MarketSegment;
  calendar: CalendarId;
  /** `NSE`, `BSE` (SENSEX), `CRYPTO`, `FX`, `OTC` (the fictional demo over-the-counter names). */
  exchange: string;
  isin?: string;
  /** NSE industry for equities. */
  sector?: string;
  /** Tick size in paise: 5 for NSE equities. */
  tickPaise: bigint;
  /** Shares per lot: always 1 here. */
  lotSize: number;
  /** Daily price band around the previous close, in basis points (1000 = ±10%). 0 = no band. */
  priceBandBps: number;
  /** Leverages the instrument allows, e.g. [1, 2, 5]. */
  leverages: number[];
  shortable: boolean;
  tradable: boolean;
  /** Plausible starting level in paise (no public source gave real closes; a bhavcopy import replaces it). */
  startPricePaise: bigint;
  /** Plausible shares outstanding, for market cap and index weights. */
  sharesOutstanding?: bigint;
  /**
   * How many units of the base currency one quoted price buys; 1 when absent. FX pairs whose unit
   * is worth a few paise are quoted per 100 or 10,000 units so that a 1-paisa tick stays fine:
   * `JPYINR` 57.25 means ₹57.25 for ¥100.
   */
  quoteUnits?: number;
}

export interface IndexDefinition {
  symbol: string; // 'NIFTY50' | 'SENSEX' | 'NIFTYBANK'
  name: string;
  exchange: string; // 'NSE' | 'BSE'
  /** Constituent symbols (all must exist as equity InstrumentDefinitions). */
  constituents: string[];
  /** The level the index should show at the simulator's start; the divisor is derived from it. */
  baseLevel: number;
}

import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyString, Obj } from '../schema.js';

export const LAST_PRICES_SYMBOLS_MAX = 200;
// A whole day of 1m candles of a round-the-clock instrument (1,440), so a time share always comes whole.
export const CANDLES_LIMIT_MAX = 1440;
export const CANDLES_LIMIT_DEFAULT = 300;
export const MARKET_LIST_PAGE_SIZE_MAX = 100;
export const MARKET_LIST_PAGE_SIZE_DEFAULT = 20;
export const SEARCH_RESULTS_MAX = 20;
export const SEARCH_HISTORY_SHOWN_MAX = 20;
export const SEARCH_HISTORY_KEPT_MAX = 50;
export const DEPTH_LEVELS = 5;

export const MARKET_SEGMENTS = ['listed', 'otc', 'subscription', 'auction', 'crypto', 'forex'] as const;
export const CHART_PERIODS = ['timeshare', '1m', '5m', '15m', '30m', '1d', '1w', '1M'] as const;
export const CHART_ADJUSTMENTS = ['none', 'forward', 'backward'] as const;
export const CHART_RANGES = ['1W', '1M', '3M', '6M', '1Y'] as const;

const SymbolCode = Type.String({ pattern: '^[A-Za-z0-9&_-]{1,32}$' });
const ChangeRate = Type.Number({
  description: '(price − previous close) ÷ previous close × 100, 2 decimals',
});
/** A closed set of texts, typed as their union. */
const literals = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>(Type.String({ enum: [...values], ...(description ? { description } : {}) }));

/** Where a price comes from (docs/adr/0023-nse-instrument-master-and-price-provenance.md). */
export const PRICE_SOURCES = ['simulated', 'imported', 'feed'] as const;
export type PriceSourceName = (typeof PRICE_SOURCES)[number];
const PriceSource = literals(
  PRICE_SOURCES,
  'where the price comes from: simulated (the built-in simulator), imported (an NSE daily file: the close of that day), feed (a real market feed)',
);

/**
 * A stock's quote. Every field that the platform cannot know honestly (foreign ownership, short
 * selling figures, investor trends, balance sheet) is absent rather than invented; price fields are
 * absent too until the symbol has its first quote.
 */
export const StockQuote = Obj({
  symbol: Type.String(),
  code: Type.String({ description: 'the same as symbol' }),
  name: Type.String(),
  exchange: Type.String(),
  segment: Type.String(),
  industry: Type.Optional(Type.String({ description: 'sector; absent when not known' })),
  price: Type.Optional(MoneyString),
  change: Type.Optional(MoneyString),
  changeRate: Type.Optional(ChangeRate),
  open: Type.Optional(MoneyString),
  previousClose: Type.Optional(MoneyString),
  high: Type.Optional(MoneyString),
  low: Type.Optional(MoneyString),
  volume: Type.Optional(Type.Number({ description: 'shares traded today' })),
  turnover: Type.Optional(MoneyString),
  marketCap: Type.Optional(
    Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'price × shares outstanding, rupees' }),
  ),
  shareCount: Type.Optional(Type.Number({ description: 'shares outstanding; absent when not known' })),
  week52High: Type.Optional(MoneyString),
  week52Low: Type.Optional(MoneyString),
  tickSize: MoneyString,
  lotSize: Type.Number(),
  priceBand: Type.Optional(
    Obj(
      { lower: MoneyString, upper: MoneyString },
      { description: 'previous close ± the band, rounded inward to the tick; absent without a band' },
    ),
  ),
  leverages: Type.Array(Type.Number()),
  shortable: Type.Boolean(),
  tradable: Type.Boolean(),
  simulated: Type.Optional(Type.Boolean({ description: 'the price comes from the simulator' })),
  source: Type.Optional(PriceSource),
  time: Type.Optional(EpochMs),
  delivery: Type.Optional(
    Obj(
      {
        date: Type.String({ description: 'the trade date, YYYY-MM-DD' }),
        deliveredQuantity: Type.Number({ description: 'shares delivered' }),
        tradedQuantity: Type.Number({ description: 'shares traded that day' }),
        percent: Type.String({
          pattern: '^[0-9]{1,3}\\.[0-9]{2}$',
          description: 'delivered ÷ traded, as NSE states it',
        }),
      },
      { description: 'the newest delivery figures from NSE’s full bhavcopy; absent when none was imported' },
    ),
  ),
});

export const quote = defineCall({
  path: 'market/quote',
  summary: 'A stock’s quote with every field that can be had honestly; the others are absent.',
  body: Obj({ symbol: SymbolCode }),
  data: StockQuote,
  auth: false,
  mutates: false,
});

export const LastPrice = Obj({
  symbol: Type.String(),
  price: MoneyString,
  change: MoneyString,
  changeRate: ChangeRate,
  time: EpochMs,
  simulated: Type.Boolean(),
  source: PriceSource,
});

export const lastPrices = defineCall({
  path: 'market/lastPrices',
  summary: `Last prices of up to ${LAST_PRICES_SYMBOLS_MAX} symbols; unknown symbols and symbols without a quote yet are omitted.`,
  body: Obj({ symbols: Type.Array(SymbolCode, { minItems: 1, maxItems: LAST_PRICES_SYMBOLS_MAX }) }),
  data: Type.Array(LastPrice),
  auth: false,
  mutates: false,
});

const DepthLevel = Obj({ price: MoneyString, quantity: Type.Number() });

export const depth = defineCall({
  path: 'market/depth',
  summary: `${DEPTH_LEVELS}-level depth. SIMULATED: the simulator has no order book, so the levels are one tick apart around the last price with pseudo-random quantities; always labelled simulated.`,
  body: Obj({ symbol: SymbolCode }),
  data: Obj({
    symbol: Type.String(),
    bids: Type.Array(DepthLevel, { maxItems: DEPTH_LEVELS, description: 'best (highest) first' }),
    asks: Type.Array(DepthLevel, { maxItems: DEPTH_LEVELS, description: 'best (lowest) first' }),
    simulated: Type.Literal(true, { description: 'always true: there is no real order book' }),
    time: Type.Optional(EpochMs),
  }),
  auth: false,
  mutates: false,
});

export const ChartCandle = Obj({
  time: Type.Number({ description: 'bucket start, epoch ms' }),
  open: Type.Number(),
  high: Type.Number(),
  low: Type.Number(),
  close: Type.Number(),
  volume: Type.Number(),
  source: PriceSource,
});

export const candles = defineCall({
  path: 'market/candles',
  summary:
    'Candles of a symbol, oldest first, prices as display numbers in rupees. `timeshare` is the 1m candles of the IST trading date of the latest one. A `range` selects daily candles over that span up to `before` (or now), whatever the period. Adjustment applies splits, bonuses and dividends.',
  body: Obj({
    symbol: SymbolCode,
    period: Type.String({
      maxLength: 16,
      description: `one of ${CHART_PERIODS.join(', ')}; another answers PERIOD_UNKNOWN`,
    }),
    adjustment: Type.Optional(
      Type.String({
        maxLength: 16,
        description: `one of ${CHART_ADJUSTMENTS.join(', ')} (default none); another answers ADJUSTMENT_UNKNOWN`,
      }),
    ),
    range: Type.Optional(literals(CHART_RANGES, 'daily candles for this span')),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: CANDLES_LIMIT_MAX,
        description: `default ${CANDLES_LIMIT_DEFAULT}`,
      }),
    ),
    before: Type.Optional(
      Type.Integer({ minimum: 0, description: 'only candles starting before this, epoch ms' }),
    ),
  }),
  data: Obj({
    symbol: Type.String(),
    period: Type.String(),
    adjustment: Type.String(),
    candles: Type.Array(ChartCandle, { maxItems: CANDLES_LIMIT_MAX }),
  }),
  auth: false,
  mutates: false,
});

export const MarketListItem = Obj({
  symbol: Type.String(),
  name: Type.String(),
  price: Type.Optional(MoneyString),
  change: Type.Optional(MoneyString),
  changeRate: Type.Optional(ChangeRate),
  volume: Type.Optional(Type.Number()),
  simulated: Type.Optional(Type.Boolean()),
  source: Type.Optional(PriceSource),
});

export const marketList = defineCall({
  path: 'market/list',
  summary:
    'One market tab, sorted and paged (ties by symbol; symbols without a quote last). Indices are not listed.',
  body: Obj({
    segment: literals(MARKET_SEGMENTS),
    sort: Type.Optional(literals(['changeRate', 'price', 'volume', 'turnover', 'symbol'] as const)),
    order: Type.Optional(literals(['asc', 'desc'] as const)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MARKET_LIST_PAGE_SIZE_MAX,
        description: `default ${MARKET_LIST_PAGE_SIZE_DEFAULT}`,
      }),
    ),
  }),
  data: Obj({
    items: Type.Array(MarketListItem, { maxItems: MARKET_LIST_PAGE_SIZE_MAX }),
    total: Type.Number(),
    page: Type.Number(),
    pageSize: Type.Number(),
  }),
  auth: false,
  mutates: false,
});

export const SearchResult = Obj({
  symbol: Type.String(),
  name: Type.String(),
  exchange: Type.String(),
  segment: Type.String(),
  price: Type.Optional(MoneyString),
  changeRate: Type.Optional(ChangeRate),
});

export const search = defineCall({
  path: 'market/search',
  summary: `Up to ${SEARCH_RESULTS_MAX} instruments whose symbol starts with q or whose name contains it (case-insensitive), symbol matches first.`,
  body: Obj({ q: Type.String({ minLength: 1, maxLength: 32 }) }),
  data: Type.Array(SearchResult, { maxItems: SEARCH_RESULTS_MAX }),
  auth: false,
  mutates: false,
});

export const searchHistory = defineCall({
  path: 'favorite/searchHistory',
  summary: `The investor’s last ${SEARCH_HISTORY_SHOWN_MAX} searched symbols, newest first.`,
  body: Empty,
  data: Type.Array(Obj({ symbol: Type.String(), name: Type.String(), searchedAt: EpochMs }), {
    maxItems: SEARCH_HISTORY_SHOWN_MAX,
  }),
  auth: true,
  mutates: false,
});

export const addSearchHistory = defineCall({
  path: 'favorite/addSearchHistory',
  operation: 'add',
  summary: `Record a searched symbol (again: moved to the top); the ${SEARCH_HISTORY_KEPT_MAX} newest are kept.`,
  body: Obj({ symbol: SymbolCode }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const clearSearchHistory = defineCall({
  path: 'favorite/clearSearchHistory',
  operation: 'delete',
  summary: 'Forget the investor’s search history.',
  body: Empty,
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const marketCalls = [
  quote,
  lastPrices,
  depth,
  candles,
  marketList,
  search,
  searchHistory,
  addSearchHistory,
  clearSearchHistory,
];

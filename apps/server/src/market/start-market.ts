import type { PGlite } from '@electric-sql/pglite';
import { isOpen } from '@nivesh/core';
import {
  ALL_INSTRUMENTS,
  CANDLE_PERIODS,
  computeIndexLevel,
  computeStartingDivisor,
  constituentShares,
  createSimulator,
  type FeedClock,
  INDICES,
  type IndexDefinition,
  type IndexLevelOf,
  type InstrumentDefinition,
  type MarketSimulator,
  SimulatedFeed,
} from '@nivesh/market';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { readLatestCandles, symbolsWithCandles } from '../repositories/candle.repository.js';
import { listQuotedTradableEquities } from '../repositories/instrument.repository.js';
import { readQuotes } from '../repositories/quote.repository.js';
import { type BackfillReport, backfillHistory } from './backfill-history.js';
import type { ControllableFeed } from './feed-switch.js';
import { LiveMarket } from './live-market.js';
import { MarketBus } from './market-bus.js';
import { CALENDAR_RELOAD_MS, MarketCalendar } from './market-calendar.js';
import { alignmentOf, DEFAULT_HISTORY_DEPTH, type HistoryDepth } from './market-history.js';

export interface RunningMarket {
  /** One line for the start banner, e.g. `simulator (seed nivesh, 78 symbols, …)`. */
  description: string;
  /** Every batch of ticks, for streaming. */
  bus: MarketBus;
  /** The history made at this start; undefined when every symbol had daily candles already. */
  backfill: BackfillReport | undefined;
  /** Resolves when every tick so far is stored. */
  flush(): Promise<void>;
  /** Stops the feed and waits for the write in flight. */
  stop(): Promise<void>;
  /** The simulated feed, for the console to pause and resume; absent with no feed. */
  feed?: ControllableFeed;
}

export interface StartMarketInput {
  db: Db;
  /** The embedded database behind `db`, when it is PGlite: a first start loads history with COPY. */
  pglite?: PGlite | undefined;
  config: ServerConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The instruments the simulator moves; ALL_INSTRUMENTS by default (tests pass a few). */
  instruments?: readonly InstrumentDefinition[];
  /** Definitions of the index instruments among them; INDICES by default. */
  indices?: readonly IndexDefinition[];
  /** How much history a first start makes; DEFAULT_HISTORY_DEPTH by default. */
  history?: Partial<HistoryDepth>;
  /** The feed's beat; an interval timer on `clock` by default (tests beat by hand). */
  feedClock?: FeedClock;
  /** The bus to publish on, e.g. the HTTP app's, which streams it to WebSocket clients. */
  bus?: MarketBus;
  /**
   * The calendar to trade by, e.g. the HTTP app's, which staff rows update at once; read from the
   * database when absent. Either way it is re-read every CALENDAR_RELOAD_MS while the feed runs.
   */
  calendar?: MarketCalendar;
  /** Told as each symbol's history is stored on a first start. */
  onHistoryProgress?: (stored: number, total: number) => void;
}

/**
 * Starts the configured feed. With the simulator (NIVESH_FEED=simulator, the default):
 *
 * 1. Symbols without any daily candle (all of them on a first start) get their history made and
 *    stored, with a quote where it ends (see market-history.ts).
 * 2. The simulator resumes every walk at the stored quote, with indices computed from their
 *    constituents, NSE instruments moving only in session (or at any hour with the demo switch
 *    NIVESH_DEMO_SESSION=1) and crypto and FX always.
 * 3. Each beat of the feed is published on the bus and stored: quotes and the current candle of
 *    every period, all marked simulated.
 */
export async function startMarket(input: StartMarketInput): Promise<RunningMarket> {
  const { db, config, clock, log } = input;
  const bus =
    input.bus ?? new MarketBus((error) => log.error({ err: error }, 'a market bus listener failed'));
  if (config.feed === 'none') {
    return {
      description: 'none (NIVESH_FEED=none: no feed, prices do not move)',
      bus,
      backfill: undefined,
      flush: async () => {},
      stop: async () => {},
    };
  }

  const instruments = input.instruments ?? ALL_INSTRUMENTS;
  const universe = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  const indices = indexDefinitionsFor(universe, input.indices ?? INDICES);
  const symbols = instruments.map((instrument) => instrument.symbol);
  const marketCalendar = input.calendar ?? new MarketCalendar();
  const calendar = await marketCalendar.reload(db);
  const seed = config.simulatorSeed;

  const withHistory = await symbolsWithCandles(db, symbols, '1d');
  const missing = instruments.filter((instrument) => !withHistory.has(instrument.symbol));
  let backfill: BackfillReport | undefined;
  if (missing.length > 0) {
    const startedMs = performance.now();
    backfill = await backfillHistory(
      db,
      {
        instruments: missing,
        indices,
        universe,
        nowMs: clock.now(),
        seed,
        depth: { ...DEFAULT_HISTORY_DEPTH, ...input.history },
        calendar,
      },
      input.pglite,
      input.onHistoryProgress,
    );
    log.info(
      {
        symbols: backfill.symbols,
        rows: backfill.rows,
        rowsByPeriod: backfill.rowsByPeriod,
        computeMs: Math.round(backfill.computeMs),
        insertMs: Math.round(backfill.insertMs),
        totalMs: Math.round(performance.now() - startedMs),
      },
      'simulated market history back-filled',
    );
  }

  const [quotes, currentCandles] = await Promise.all([
    readQuotes(db, symbols),
    readLatestCandles(db, symbols, CANDLE_PERIODS),
  ]);
  const live = new LiveMarket({
    db,
    bus,
    quotes,
    currentCandles,
    alignmentFor: (symbol) => {
      const instrument = universe.get(symbol);
      return instrument ? alignmentOf(instrument) : 'clock';
    },
    onWriteError: (error) => log.error({ err: error }, 'storing simulated ticks failed'),
  });
  const demoSession = config.demoSession;
  const simulator = createSimulator({
    seed,
    instruments,
    isOpen: (instrument, atMs) =>
      (demoSession && instrument.calendar === 'nse') ||
      isOpen(marketCalendar.current, instrument.calendar, atMs),
    previousClose: live.previousClosesAt(clock.now()),
    lastPrice: live.lastPrices(),
    tickIntervalMs: config.simulatorTickMs,
    indexLevels: indexLevelFunctions(indices),
  });
  const feed = new SimulatedFeed({
    simulator,
    clock:
      input.feedClock ?? intervalFeedClock(clock, (error) => log.error({ err: error }, 'a feed beat failed')),
    onListenerError: (error) => log.error({ err: error }, 'a simulated tick was refused'),
  });
  feed.start(live.onTick);
  const stopReloading = marketCalendar.reloadEvery(db, CALENDAR_RELOAD_MS, (error) =>
    log.error({ err: error }, 'reading the trading calendar failed'),
  );
  const stopAdopting = adoptNewInstrumentsEvery({ db, universe, simulator, live, log }, ADOPT_INSTRUMENTS_MS);

  const parts = [`seed ${seed}`, `${instruments.length} symbols`, 'every price simulated'];
  if (demoSession) parts.push('DEMO SESSION ON: NSE instruments trade at any hour');
  if (backfill) {
    const seconds = ((backfill.computeMs + backfill.insertMs) / 1000).toFixed(1);
    parts.push(`history made for ${backfill.symbols} symbols in ${seconds} s`);
  }
  let stopped = false;
  return {
    description: `simulator (${parts.join(', ')})`,
    bus,
    backfill,
    flush: () => live.flush(),
    feed: {
      get isRunning() {
        return feed.isRunning;
      },
      start: () => {
        if (!stopped) feed.start(live.onTick);
      },
      stop: () => feed.stop(),
    },
    async stop() {
      if (!stopped) {
        stopped = true;
        feed.stop();
        stopReloading();
        stopAdopting();
      }
      await live.flush();
    },
  };
}

/** How often the feed looks for instruments that started trading (a new share's listing). */
export const ADOPT_INSTRUMENTS_MS = 5_000;

/**
 * Instruments that became tradable while the server runs (an IPO on its listing day, on this or
 * another process) join the simulation: every few seconds the tradable equities missing from the
 * simulator are read with their stored quote and walked from it. One small query on a table of a
 * few hundred rows.
 */
export async function adoptNewInstruments(input: {
  db: Db;
  universe: Map<string, InstrumentDefinition>;
  simulator: MarketSimulator;
  live: LiveMarket;
}): Promise<string[]> {
  const rows = await listQuotedTradableEquities(input.db);
  const adopted: string[] = [];
  for (const { instrument: row, quote } of rows) {
    if (input.universe.has(row.symbol)) continue;
    const instrument: InstrumentDefinition = {
      symbol: row.symbol,
      name: row.name,
      kind: 'equity',
      segment: row.segment,
      calendar: row.calendar === 'always' ? 'always' : 'nse',
      exchange: row.exchange,
      ...(row.sector ? { sector: row.sector } : {}),
      tickPaise: row.tick_paise,
      lotSize: row.lot_size,
      priceBandBps: row.price_band_bps,
      leverages: row.leverages,
      shortable: row.shortable,
      tradable: true,
      startPricePaise: quote.pricePaise,
      ...(row.shares_outstanding ? { sharesOutstanding: row.shares_outstanding } : {}),
    };
    input.live.adoptQuote(quote);
    input.simulator.addInstrument(instrument, {
      lastPricePaise: quote.pricePaise,
      previousClosePaise: quote.previousClosePaise,
    });
    input.universe.set(row.symbol, instrument);
    adopted.push(row.symbol);
  }
  return adopted;
}

function adoptNewInstrumentsEvery(
  input: Parameters<typeof adoptNewInstruments>[0] & { log: FastifyBaseLogger },
  intervalMs: number,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    adoptNewInstruments(input)
      .then((adopted) => {
        if (adopted.length > 0)
          input.log.info({ symbols: adopted }, 'new instruments join the simulated market');
      })
      .catch((error) => input.log.error({ err: error }, 'reading new instruments failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The definitions of the index instruments in the universe, by symbol; each constituent must be
 * in the universe too, since the index is computed from its prices.
 */
function indexDefinitionsFor(
  universe: ReadonlyMap<string, InstrumentDefinition>,
  definitions: readonly IndexDefinition[],
): Map<string, IndexDefinition> {
  const result = new Map<string, IndexDefinition>();
  for (const definition of definitions) {
    if (!universe.has(definition.symbol)) continue;
    const missing = definition.constituents.filter((symbol) => !universe.has(symbol));
    if (missing.length > 0) {
      throw new Error(
        `index ${definition.symbol} needs its constituents in the market: ${missing.join(', ')}`,
      );
    }
    result.set(definition.symbol, definition);
  }
  return result;
}

function indexLevelFunctions(indices: ReadonlyMap<string, IndexDefinition>): Map<string, IndexLevelOf> {
  const result = new Map<string, IndexLevelOf>();
  for (const [symbol, definition] of indices) {
    const shares = constituentShares(definition);
    const divisor = computeStartingDivisor(definition);
    result.set(symbol, (prices) => computeIndexLevel(prices, shares, divisor));
  }
  return result;
}

/**
 * The feed's beat on the server: an interval timer, with time from the injected clock made
 * monotonic (the simulator refuses to step back, and a wall clock can be set back), and a beat
 * that throws is reported instead of crashing the process.
 */
function intervalFeedClock(clock: Clock, onError: (error: unknown) => void): FeedClock {
  let lastMs = Number.NEGATIVE_INFINITY;
  return {
    now() {
      lastMs = Math.max(lastMs, clock.now());
      return lastMs;
    },
    repeat(intervalMs, run) {
      const handle = setInterval(() => {
        try {
          run();
        } catch (error) {
          onError(error);
        }
      }, intervalMs);
      return () => clearInterval(handle);
    },
  };
}

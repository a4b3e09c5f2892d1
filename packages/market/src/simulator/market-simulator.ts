import { istDayNumberOf } from '../candles/ist-time.js';
import type { Tick } from '../feed/tick.js';
import type { InstrumentDefinition } from '../instruments/types.js';
import {
  annualVolatilityOf,
  averageDailyVolumeOf,
  marketLoadingOf,
  type PriceBand,
  priceBandOf,
  roundToTickPaise,
  sessionMinutesOf,
  tradingYearMsOf,
  volumeWeightAt,
} from './market-model.js';
import { createRandom, type RandomSource } from './random.js';

/** Prices by symbol, as a Map or a plain object. */
export type PriceTable = ReadonlyMap<string, bigint> | Readonly<Record<string, bigint>>;

/** Whether an instrument trades at an instant: the trading calendar, injected. */
export type IsOpen = (instrument: InstrumentDefinition, atMs: number) => boolean;

export interface SimulatorOptions {
  /** Same seed and same sequence of `step` instants give the same ticks. */
  seed: string | number;
  instruments: readonly InstrumentDefinition[];
  isOpen: IsOpen;
  /** The close each band is measured from today; the start (or last) price by default. */
  previousClose?: PriceTable;
  /** Where each walk resumes, e.g. the last stored tick; the instrument's start price by default. */
  lastPrice?: PriceTable;
  /** Time between ticks of one symbol; the feed's timer interval. 1,000 ms by default. */
  tickIntervalMs?: number;
  /**
   * The longest stretch one step may cover. A walk that resumes after a closed night or a stopped
   * server moves as if this much time had passed, not the whole gap. 5 minutes by default.
   */
  maxStepMs?: number;
  /**
   * Levels computed from other symbols instead of walked, by symbol: an index from its
   * constituents' current prices. The server wires the instrument catalog's index math, e.g.
   * `(prices) => computeIndexLevel(prices, constituentShares(nifty), computeStartingDivisor(nifty))`.
   * An index without an entry here walks on the market factor alone.
   */
  indexLevels?: ReadonlyMap<string, IndexLevelOf>;
}

/** An index level (on its tick) from the latest price of every simulated symbol. */
export type IndexLevelOf = (pricesPaise: ReadonlyMap<string, bigint>) => bigint;

export interface MarketSimulator {
  readonly tickIntervalMs: number;
  readonly instruments: readonly InstrumentDefinition[];
  /**
   * Advances every open instrument to `atMs` and returns one tick for each. Instants must not go
   * back in time. A closed instrument neither moves nor ticks.
   */
  step(atMs: number): Tick[];
  lastPricePaise(symbol: string): bigint | undefined;
  previousClosePaise(symbol: string): bigint | undefined;
  /**
   * Starts walking an instrument that appeared while running (a new share on its listing day),
   * from `lastPricePaise` (its first quote) with that as its band's previous close unless given.
   * Its own random stream is seeded by its symbol, so the other walks are unchanged. False when the
   * symbol is walked already.
   */
  addInstrument(
    instrument: InstrumentDefinition,
    prices?: { lastPricePaise?: bigint; previousClosePaise?: bigint },
  ): boolean;
}

interface WalkState {
  instrument: InstrumentDefinition;
  random: RandomSource;
  tickPaise: number;
  /** Volatility per √ms of trading time. */
  volatilityPerRootMs: number;
  /** The Itô correction ½σ² per ms, so that the expected price does not drift. */
  driftPerMs: number;
  marketLoading: number;
  ownLoading: number;
  volumePerMs: number;
  logPrice: number;
  pricePaise: number;
  previousClosePaise: bigint;
  band: PriceBand;
  lowerLog: number;
  upperLog: number;
  lastAtMs: number | undefined;
  lastDayNumber: number | undefined;
}

/**
 * A deterministic market: every instrument follows geometric Brownian motion with its sector's
 * volatility, loaded on one shared market factor (r = ρ·m + √(1 − ρ²)·e, ρ = 0.6), with a U-shaped
 * intraday volume. Prices are rounded to the tick and clamped to the daily band around the
 * previous close; the previous close rolls at each new IST date. Example: RELIANCE starting at
 * 1,377.00 with a 10% band never ticks above 1,514.70 on the first day.
 */
export function createSimulator(options: SimulatorOptions): MarketSimulator {
  const tickIntervalMs = options.tickIntervalMs ?? 1000;
  const maxStepMs = options.maxStepMs ?? 5 * 60_000;
  if (!(tickIntervalMs > 0) || !(maxStepMs > 0)) throw new RangeError('tick interval must be positive');
  const seed = String(options.seed);
  const marketRandom = createRandom(`${seed}|market`);
  const states = options.instruments.map((instrument) =>
    createWalkState(instrument, seed, lookUp(options.lastPrice, instrument.symbol), options.previousClose),
  );
  const stateBySymbol = new Map(states.map((state) => [state.instrument.symbol, state]));
  const walkedStates = states.filter((state) => !options.indexLevels?.has(state.instrument.symbol));
  const derivedStates = states.filter((state) => options.indexLevels?.has(state.instrument.symbol));
  const pricesPaise = new Map(states.map((state) => [state.instrument.symbol, BigInt(state.pricePaise)]));
  let lastStepMs = Number.NEGATIVE_INFINITY;

  const instruments = [...options.instruments];
  return {
    tickIntervalMs,
    get instruments() {
      return instruments;
    },
    step(atMs) {
      if (!Number.isFinite(atMs) || atMs < lastStepMs) {
        throw new RangeError('simulator steps must not go back in time');
      }
      lastStepMs = atMs;
      const marketShock = marketRandom.nextNormal();
      const dayNumber = istDayNumberOf(atMs);
      const ticks: Tick[] = [];
      for (const state of walkedStates) {
        if (!options.isOpen(state.instrument, atMs) || state.lastAtMs === atMs) continue;
        const tick = advance(state, atMs, dayNumber, marketShock, tickIntervalMs, maxStepMs);
        pricesPaise.set(tick.symbol, tick.pricePaise);
        ticks.push(tick);
      }
      for (const state of derivedStates) {
        if (!options.isOpen(state.instrument, atMs) || state.lastAtMs === atMs) continue;
        const levelOf = options.indexLevels!.get(state.instrument.symbol)!;
        ticks.push(setDerivedLevel(state, atMs, dayNumber, levelOf(pricesPaise)));
      }
      return ticks;
    },
    lastPricePaise(symbol) {
      const state = stateBySymbol.get(symbol);
      return state ? BigInt(state.pricePaise) : undefined;
    },
    previousClosePaise(symbol) {
      return stateBySymbol.get(symbol)?.previousClosePaise;
    },
    addInstrument(instrument, prices = {}) {
      if (stateBySymbol.has(instrument.symbol)) return false;
      const previousClose = prices.previousClosePaise ?? prices.lastPricePaise;
      const state = createWalkState(
        instrument,
        seed,
        prices.lastPricePaise,
        previousClose === undefined ? undefined : new Map([[instrument.symbol, previousClose]]),
      );
      states.push(state);
      walkedStates.push(state);
      stateBySymbol.set(instrument.symbol, state);
      pricesPaise.set(instrument.symbol, BigInt(state.pricePaise));
      instruments.push(instrument);
      return true;
    },
  };
}

function createWalkState(
  instrument: InstrumentDefinition,
  seed: string,
  lastPricePaise: bigint | undefined,
  previousCloseTable: PriceTable | undefined,
): WalkState {
  if (instrument.tickPaise <= 0n || instrument.startPricePaise <= 0n) {
    throw new RangeError(`${instrument.symbol} needs a positive tick and start price`);
  }
  const pricePaise = Number(lastPricePaise ?? instrument.startPricePaise);
  const previousClosePaise = lookUp(previousCloseTable, instrument.symbol) ?? BigInt(pricePaise);
  const volatility = annualVolatilityOf(instrument);
  const yearMs = tradingYearMsOf(instrument);
  const marketLoading = marketLoadingOf(instrument);
  const state: WalkState = {
    instrument,
    random: createRandom(`${seed}|live|${instrument.symbol}`),
    tickPaise: Number(instrument.tickPaise),
    volatilityPerRootMs: volatility / Math.sqrt(yearMs),
    driftPerMs: (0.5 * volatility * volatility) / yearMs,
    marketLoading,
    ownLoading: Math.sqrt(1 - marketLoading * marketLoading),
    volumePerMs: averageDailyVolumeOf(instrument) / (sessionMinutesOf(instrument) * 60_000),
    logPrice: Math.log(pricePaise),
    pricePaise,
    previousClosePaise,
    band: { lowerPaise: 0n, upperPaise: 0n },
    lowerLog: 0,
    upperLog: 0,
    lastAtMs: undefined,
    lastDayNumber: undefined,
  };
  setBand(state, previousClosePaise);
  return state;
}

function setBand(state: WalkState, previousClosePaise: bigint): void {
  state.previousClosePaise = previousClosePaise;
  state.band = priceBandOf(previousClosePaise, state.instrument.priceBandBps, state.instrument.tickPaise);
  state.lowerLog = Math.log(Number(state.band.lowerPaise));
  state.upperLog = Math.log(Number(state.band.upperPaise));
}

function advance(
  state: WalkState,
  atMs: number,
  dayNumber: number,
  marketShock: number,
  tickIntervalMs: number,
  maxStepMs: number,
): Tick {
  if (state.lastDayNumber !== undefined && dayNumber !== state.lastDayNumber) {
    setBand(state, BigInt(state.pricePaise));
  }
  const elapsedMs =
    state.lastAtMs === undefined ? tickIntervalMs : Math.min(atMs - state.lastAtMs, maxStepMs);
  state.lastAtMs = atMs;
  state.lastDayNumber = dayNumber;

  const ownShock = state.random.nextNormal();
  const shock = state.marketLoading * marketShock + state.ownLoading * ownShock;
  const logReturn = -state.driftPerMs * elapsedMs + state.volatilityPerRootMs * Math.sqrt(elapsedMs) * shock;
  state.logPrice = Math.min(state.upperLog, Math.max(state.lowerLog, state.logPrice + logReturn));

  let pricePaise = roundToTickPaise(Math.exp(state.logPrice), state.tickPaise);
  const lower = Number(state.band.lowerPaise);
  const upper = Number(state.band.upperPaise);
  if (pricePaise < lower) pricePaise = lower;
  if (pricePaise > upper) pricePaise = upper;
  state.pricePaise = pricePaise;

  return {
    symbol: state.instrument.symbol,
    pricePaise: BigInt(pricePaise),
    volume: tickVolume(state, atMs, elapsedMs, shock),
    atMs,
    simulated: true,
  };
}

function setDerivedLevel(state: WalkState, atMs: number, dayNumber: number, levelPaise: bigint): Tick {
  if (state.lastDayNumber !== undefined && dayNumber !== state.lastDayNumber) {
    setBand(state, BigInt(state.pricePaise));
  }
  state.lastAtMs = atMs;
  state.lastDayNumber = dayNumber;
  const pricePaise = roundToTickPaise(Number(levelPaise), state.tickPaise);
  state.pricePaise = pricePaise;
  state.logPrice = Math.log(pricePaise);
  return {
    symbol: state.instrument.symbol,
    pricePaise: BigInt(pricePaise),
    volume: 0,
    atMs,
    simulated: true,
  };
}

/** Shares in one tick: the U-shaped rate over the elapsed time, busier on big moves, noisy. */
function tickVolume(state: WalkState, atMs: number, elapsedMs: number, shock: number): number {
  if (state.volumePerMs === 0) return 0;
  const noise = Math.exp(0.5 * state.random.nextNormal() - 0.125);
  const expected = state.volumePerMs * elapsedMs * volumeWeightAt(state.instrument, atMs);
  return Math.max(1, Math.round(expected * noise * (0.7 + 0.38 * Math.abs(shock))));
}

function lookUp(table: PriceTable | undefined, symbol: string): bigint | undefined {
  if (!table) return undefined;
  if (table instanceof Map) return table.get(symbol);
  return (table as Readonly<Record<string, bigint>>)[symbol];
}

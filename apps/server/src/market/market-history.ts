import { isTradingDay, type TradingCalendar } from '@nivesh/core';
import {
  backfillDaily,
  backfillMinutes,
  type Candle,
  type CandleAlignment,
  type CandlePeriod,
  computeIndexLevel,
  computeStartingDivisor,
  constituentShares,
  type IndexDefinition,
  type InstrumentDefinition,
  istDateOf,
  istMidnightMs,
  rollUp,
} from '@nivesh/market';
import type { LiveQuote } from './market-bus.js';

/**
 * Made-up history for a first start, so that every chart is full at once (ADR 0008).
 *
 * Each instrument gets daily candles and 1-minute candles from the simulator's back-fill, which is
 * deterministic from the seed and ends at the instrument's start price. The history runs up to the
 * last whole minute before now: today's minutes after now are cut off, and today's daily candle is
 * rolled up from the minutes that remain, so the chart joins the live walk without a jump and no
 * candle shows the future. Every coarser period is rolled up from the finer one it is made of (5,
 * 15 and 30 minutes and the day from the minutes; week and month from the days), so the periods
 * agree with each other.
 *
 * Indices are not walked: each point is computed from its constituents' candles at the same
 * minute or day with the exchange's formula (computeIndexLevel, with the starting divisor the live
 * simulator uses too), so the history ends exactly where the live index starts. Open and close
 * are exact. The high and low are estimates: the level at every constituent's high is an upper
 * bound of the index's high (the constituents do not all peak at the same moment), so the index
 * high is taken halfway between the body and that bound, and the low likewise.
 */

export interface HistoryDepth {
  /** Trading days of daily history for NSE instruments: 500, about two years. */
  nseDays: number;
  /** Days of daily history for round-the-clock instruments: 730, two years. */
  alwaysDays: number;
  /** Trading days of 1-minute history for NSE instruments (375 minutes each): 30. */
  nseMinuteDays: number;
  /** Days of 1-minute history for round-the-clock instruments (1,440 minutes each). */
  alwaysMinuteDays: number;
}

export const DEFAULT_HISTORY_DEPTH: HistoryDepth = {
  nseDays: 500,
  alwaysDays: 730,
  nseMinuteDays: 30,
  alwaysMinuteDays: 30,
};

export interface SymbolHistory {
  symbol: string;
  /** Candles of every period, each period oldest first. */
  candlesByPeriod: ReadonlyMap<CandlePeriod, readonly Candle[]>;
  /** The quote at the end of the history: the last session's prices. */
  quote: LiveQuote;
}

export interface HistoryRequest {
  /** The instruments to back-fill, indices included. */
  instruments: readonly InstrumentDefinition[];
  /**
   * Index definitions by symbol. An index with a definition is computed from its constituents
   * (which must be in `universe`); one without walks on the market factor.
   */
  indices: ReadonlyMap<string, IndexDefinition>;
  /** Every instrument the market knows, to find constituents that are not back-filled now. */
  universe: ReadonlyMap<string, InstrumentDefinition>;
  nowMs: number;
  seed: string;
  depth: HistoryDepth;
  calendar: TradingCalendar;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function alignmentOf(instrument: InstrumentDefinition): CandleAlignment {
  return instrument.calendar === 'always' ? 'clock' : 'nse-session';
}

/** Open, high, low and close of a run of candles, packed for the index arithmetic. */
interface PackedSeries {
  startMs: Float64Array;
  open: BigInt64Array;
  high: BigInt64Array;
  low: BigInt64Array;
  close: BigInt64Array;
}

interface ConstituentSeries {
  minutes: PackedSeries;
  /** Daily candles before the first minute day. */
  earlierDays: PackedSeries;
  /** Midnight (IST) of the first day that has minutes. */
  minuteWindowStartMs: number;
}

interface RawHistory {
  minutes: Candle[];
  daily: Candle[];
  minuteWindowStartMs: number;
}

/**
 * The history of every requested instrument, one symbol at a time so that the caller can store
 * each before the next is made. Equities, crypto and FX come first, then indices.
 */
export function* generateHistory(request: HistoryRequest): Generator<SymbolHistory> {
  const requested = new Set(request.instruments.map((instrument) => instrument.symbol));
  const derivedIndices = request.instruments
    .filter((instrument) => instrument.kind === 'index' && request.indices.has(instrument.symbol))
    .map((instrument) => ({ instrument, definition: request.indices.get(instrument.symbol)! }));
  const neededConstituents = new Set(derivedIndices.flatMap(({ definition }) => definition.constituents));
  const packed = new Map<string, ConstituentSeries>();

  const walked = request.instruments.filter(
    (instrument) => !derivedIndices.some((index) => index.instrument === instrument),
  );
  // Constituents of an index that is back-filled now, though they already have history, are made
  // again (deterministically) but not stored: the index needs their minutes.
  const extraConstituents = [...neededConstituents]
    .filter((symbol) => !requested.has(symbol))
    .map((symbol) => {
      const instrument = request.universe.get(symbol);
      if (!instrument) throw new Error(`index constituent ${symbol} is not a known instrument`);
      return instrument;
    });

  for (const instrument of [...walked, ...extraConstituents]) {
    const raw = walkedHistory(instrument, request);
    if (neededConstituents.has(instrument.symbol)) packed.set(instrument.symbol, packConstituent(raw));
    if (requested.has(instrument.symbol)) yield assemble(instrument, raw, request.nowMs);
  }
  for (const { instrument, definition } of derivedIndices) {
    yield assemble(instrument, derivedIndexHistory(definition, packed), request.nowMs);
  }
}

/** Daily and minute candles of one instrument from the simulator's back-fill, cut at now. */
function walkedHistory(instrument: InstrumentDefinition, request: HistoryRequest): RawHistory {
  const { depth, calendar, seed, nowMs } = request;
  const isNse = instrument.calendar === 'nse';
  const tradesOn = isNse ? (dateIst: string) => isTradingDay(calendar, dateIst) : () => true;
  const days = isNse ? depth.nseDays : depth.alwaysDays;
  const minuteDays = Math.min(days, isNse ? depth.nseMinuteDays : depth.alwaysMinuteDays);
  if (!(minuteDays >= 1)) throw new RangeError('the back-fill needs at least one day of minutes');
  const endDateIst = istDateOf(nowMs);
  const dailyBars = backfillDaily(instrument, { endDateIst, days, seed, isTradingDay: tradesOn });
  const allMinutes = backfillMinutes(instrument, {
    endDateIst,
    days: minuteDays,
    seed,
    isTradingDay: tradesOn,
  });
  const minuteWindowStartMs = istMidnightMs(istDateOf(allMinutes[0]!.startMs));
  const cutoffMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const minutes = cutBefore(allMinutes, cutoffMs);
  const daily = [
    ...dailyBars.filter((candle) => candle.startMs < minuteWindowStartMs),
    ...rollUp(minutes, '1d', alignmentOf(instrument)),
  ];
  return { minutes, daily, minuteWindowStartMs };
}

/** The candles (sorted by time) that start before `cutoffMs`. */
function cutBefore(candles: Candle[], cutoffMs: number): Candle[] {
  let end = candles.length;
  while (end > 0 && candles[end - 1]!.startMs >= cutoffMs) end--;
  return end === candles.length ? candles : candles.slice(0, end);
}

function pack(candles: readonly Candle[]): PackedSeries {
  const series: PackedSeries = {
    startMs: new Float64Array(candles.length),
    open: new BigInt64Array(candles.length),
    high: new BigInt64Array(candles.length),
    low: new BigInt64Array(candles.length),
    close: new BigInt64Array(candles.length),
  };
  candles.forEach((candle, index) => {
    series.startMs[index] = candle.startMs;
    series.open[index] = candle.openPaise;
    series.high[index] = candle.highPaise;
    series.low[index] = candle.lowPaise;
    series.close[index] = candle.closePaise;
  });
  return series;
}

function packConstituent(raw: RawHistory): ConstituentSeries {
  return {
    minutes: pack(raw.minutes),
    earlierDays: pack(raw.daily.filter((candle) => candle.startMs < raw.minuteWindowStartMs)),
    minuteWindowStartMs: raw.minuteWindowStartMs,
  };
}

function derivedIndexHistory(
  definition: IndexDefinition,
  packed: ReadonlyMap<string, ConstituentSeries>,
): RawHistory {
  const shares = constituentShares(definition);
  const divisor = computeStartingDivisor(definition);
  const members = definition.constituents.map((symbol) => {
    const series = packed.get(symbol);
    if (!series) throw new Error(`no history for ${symbol}, a constituent of ${definition.symbol}`);
    return { symbol, series };
  });
  const minuteWindowStartMs = members[0]!.series.minuteWindowStartMs;
  if (members.some((member) => member.series.minuteWindowStartMs !== minuteWindowStartMs)) {
    throw new Error(`the constituents of ${definition.symbol} have different minute windows`);
  }
  const levelOf = (period: CandlePeriod, series: (member: ConstituentSeries) => PackedSeries) =>
    indexCandles(
      definition.symbol,
      period,
      members.map((member) => ({ symbol: member.symbol, series: series(member.series) })),
      (prices) => computeIndexLevel(prices, shares, divisor),
    );
  const minutes = levelOf('1m', (member) => member.minutes);
  const daily = [...levelOf('1d', (member) => member.earlierDays), ...rollUp(minutes, '1d', 'nse-session')];
  return { minutes, daily, minuteWindowStartMs };
}

/**
 * Index candles from constituent series that share their timestamps (all NSE instruments trade the
 * same minutes and days). See the module comment for the high and the low.
 */
function indexCandles(
  symbol: string,
  period: CandlePeriod,
  members: readonly { symbol: string; series: PackedSeries }[],
  levelOf: (prices: ReadonlyMap<string, bigint>) => bigint,
): Candle[] {
  const first = members[0]!.series;
  for (const member of members) {
    const series = member.series;
    const aligned =
      series.startMs.length === first.startMs.length &&
      series.startMs.every((startMs, index) => startMs === first.startMs[index]);
    if (!aligned)
      throw new Error(
        `${member.symbol} does not share the ${period} buckets of the other constituents of ${symbol}`,
      );
  }
  const prices = new Map<string, bigint>();
  const levelAt = (index: number, field: 'open' | 'high' | 'low' | 'close') => {
    for (const member of members) prices.set(member.symbol, member.series[field][index]!);
    return levelOf(prices);
  };
  const candles: Candle[] = [];
  for (let index = 0; index < first.startMs.length; index++) {
    const openPaise = levelAt(index, 'open');
    const closePaise = levelAt(index, 'close');
    const [bottom, top] = openPaise < closePaise ? [openPaise, closePaise] : [closePaise, openPaise];
    candles.push({
      symbol,
      period,
      startMs: first.startMs[index]!,
      openPaise,
      highPaise: top + (levelAt(index, 'high') - top) / 2n,
      lowPaise: bottom - (bottom - levelAt(index, 'low')) / 2n,
      closePaise,
      volume: 0,
    });
  }
  return candles;
}

/** Every period from the minutes and the days, and the quote the history ends at. */
function assemble(instrument: InstrumentDefinition, raw: RawHistory, nowMs: number): SymbolHistory {
  const alignment = alignmentOf(instrument);
  const { minutes, daily } = raw;
  const candlesByPeriod = new Map<CandlePeriod, readonly Candle[]>([
    ['1m', minutes],
    ['5m', rollUp(minutes, '5m', alignment)],
    ['15m', rollUp(minutes, '15m', alignment)],
    ['30m', rollUp(minutes, '30m', alignment)],
    ['1d', daily],
    ['1w', rollUp(daily, '1w', alignment)],
    ['1M', rollUp(daily, '1M', alignment)],
  ]);
  return { symbol: instrument.symbol, candlesByPeriod, quote: quoteAtEnd(instrument.symbol, raw, nowMs) };
}

/**
 * The quote where the history ends: the last session (today's so far, or the last day that
 * traded) with its open, high, low and volume, and the close of the session before it as the
 * previous close; a weekend shows Friday's change, as brokers do. Turnover prices each minute's
 * volume at its close.
 */
function quoteAtEnd(symbol: string, raw: RawHistory, nowMs: number): LiveQuote {
  const last = raw.daily.at(-1);
  if (!last) throw new Error(`no history for ${symbol}`);
  const previous = raw.daily.at(-2);
  const lastMinute = raw.minutes.at(-1);
  let turnoverPaise = 0n;
  for (let index = raw.minutes.length - 1; index >= 0; index--) {
    const minute = raw.minutes[index]!;
    if (minute.startMs < last.startMs) break;
    turnoverPaise += minute.closePaise * BigInt(minute.volume);
  }
  const endMs =
    lastMinute && lastMinute.startMs >= last.startMs ? lastMinute.startMs + MINUTE_MS : last.startMs + DAY_MS;
  return {
    symbol,
    pricePaise: last.closePaise,
    previousClosePaise: previous?.closePaise ?? last.openPaise,
    openPaise: last.openPaise,
    highPaise: last.highPaise,
    lowPaise: last.lowPaise,
    volume: BigInt(last.volume),
    turnoverPaise,
    tickAtMs: Math.min(endMs, nowMs),
    simulated: true,
    source: 'simulated',
  };
}

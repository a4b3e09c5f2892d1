import type { Candle } from '../candles/candle.js';
import { addDaysIst, isIsoDate, istMidnightMs, MINUTE_MS } from '../candles/ist-time.js';
import type { InstrumentDefinition } from '../instruments/types.js';
import {
  annualVolatilityOf,
  averageDailyVolumeOf,
  intradayVolumeWeight,
  marketLoadingOf,
  priceBandOf,
  roundToTickPaise,
  sessionMinutesOf,
  sessionOpenMinuteOf,
  TRADING_DAYS_PER_YEAR,
} from './market-model.js';
import { createRandom, type RandomSource } from './random.js';

export interface DailyBackfillOptions {
  /** The last date of history (IST), included when it is a trading day. */
  endDateIst: string;
  /** Trading days of history to make, e.g. 504 for two years. */
  days: number;
  seed: string | number;
  /** The trading calendar, injected: whether the instrument trades on an IST date. */
  isTradingDay: (dateIst: string) => boolean;
  /** The close of the last day; the instrument's start price by default, where the live walk starts. */
  endClosePaise?: bigint;
}

export interface MinuteBackfillOptions extends Omit<DailyBackfillOptions, 'days'> {
  /** Trading days of minute history, 30 by default. */
  days?: number;
}

/** Longest history one call may make: about forty years of trading days. */
const DAYS_MAX = 10_000;

interface DayBar {
  dateIst: string;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
  volume: number;
}

/**
 * Daily candles of made-up history that end at the instrument's start price, so the chart joins
 * the live walk without a jump. The walk runs backwards from the last close; each day's moves
 * come from the seed, the symbol and the date, and the market factor from the seed and the date
 * alone, so different symbols move together and a shorter history is the tail of a longer one.
 * Every price is on the tick and inside the band around the day's previous close. Example: 504
 * days ending 2025-09-10 for RELIANCE (start 1,377.00) end with a candle closing at 137700n.
 */
export function backfillDaily(instrument: InstrumentDefinition, options: DailyBackfillOptions): Candle[] {
  return generateDayBars(instrument, options, options.days).map((bar) => ({
    symbol: instrument.symbol,
    period: '1d',
    startMs: istMidnightMs(bar.dateIst),
    openPaise: BigInt(bar.openPaise),
    highPaise: BigInt(bar.highPaise),
    lowPaise: BigInt(bar.lowPaise),
    closePaise: BigInt(bar.closePaise),
    volume: bar.volume,
  }));
}

/**
 * 1-minute candles for the last `days` trading days (30 by default), consistent with
 * `backfillDaily` for the same seed: each day's minutes open at its open, close at its close,
 * touch its high and its low exactly once as a turning point, and their volumes sum to its volume,
 * so rolling them up into `1d` gives back the daily candles. NSE instruments get the 375 minutes
 * from 09:15 IST, round-the-clock ones all 1,440.
 */
export function backfillMinutes(instrument: InstrumentDefinition, options: MinuteBackfillOptions): Candle[] {
  const bars = generateDayBars(instrument, options, options.days ?? 30);
  const dailyVolatility = dailyVolatilityOf(instrument);
  const candles: Candle[] = [];
  for (const bar of bars) {
    const random = createRandom(`${options.seed}|minutes|${instrument.symbol}|${bar.dateIst}`);
    appendMinuteCandles(candles, instrument, bar, random, dailyVolatility);
  }
  return candles;
}

function dailyVolatilityOf(instrument: InstrumentDefinition): number {
  const daysPerYear = instrument.calendar === 'nse' ? TRADING_DAYS_PER_YEAR : 365;
  return annualVolatilityOf(instrument) / Math.sqrt(daysPerYear);
}

function generateDayBars(
  instrument: InstrumentDefinition,
  options: Omit<DailyBackfillOptions, 'days'>,
  days: number,
): DayBar[] {
  if (!Number.isSafeInteger(days) || days < 1 || days > DAYS_MAX) {
    throw new RangeError(`backfill days must be 1 to ${DAYS_MAX}`);
  }
  if (!isIsoDate(options.endDateIst)) throw new RangeError(`not a YYYY-MM-DD date: ${options.endDateIst}`);
  const dates = tradingDatesBackwards(options.endDateIst, days, options.isTradingDay);
  const tickPaise = Number(instrument.tickPaise);
  const dailyVolatility = dailyVolatilityOf(instrument);
  const marketLoading = marketLoadingOf(instrument);
  const ownLoading = Math.sqrt(1 - marketLoading * marketLoading);
  const averageVolume = averageDailyVolumeOf(instrument);
  const bandFraction = instrument.priceBandBps / 10_000;
  // Daily returns are kept a little inside the band so that rounding to the tick cannot cross it.
  const returnMax = bandFraction > 0 ? 0.97 * Math.log(1 + bandFraction) : Number.POSITIVE_INFINITY;
  const returnMin = bandFraction > 0 && bandFraction < 1 ? 0.97 * Math.log(1 - bandFraction) : -returnMax;

  const bars: DayBar[] = [];
  let closePaise = Number(options.endClosePaise ?? instrument.startPricePaise);
  for (const dateIst of dates) {
    const random = createRandom(`${options.seed}|day|${instrument.symbol}|${dateIst}`);
    const marketShock = createRandom(`${options.seed}|market-day|${dateIst}`).nextNormal();
    const shock = marketLoading * marketShock + ownLoading * random.nextNormal();
    const logReturn = clamp(
      dailyVolatility * shock - 0.5 * dailyVolatility * dailyVolatility,
      returnMin,
      returnMax,
    );
    const previousClosePaise = previousCloseInBand(
      roundToTickPaise(closePaise / Math.exp(logReturn), tickPaise),
      closePaise,
      instrument,
    );
    const band = priceBandOf(BigInt(previousClosePaise), instrument.priceBandBps, instrument.tickPaise);
    const lowerPaise = Number(band.lowerPaise);
    const upperPaise = Number(band.upperPaise);

    const gapLog = 0.3 * dailyVolatility * random.nextNormal();
    const openPaise = clamp(
      roundToTickPaise(previousClosePaise * Math.exp(gapLog), tickPaise),
      lowerPaise,
      upperPaise,
    );
    // Extremes of a Brownian bridge from the open to the close: exact, one uniform each.
    const intradayVolatility = 0.95 * dailyVolatility;
    const bridgeLog = Math.log(closePaise / openPaise);
    const spread = -2 * intradayVolatility * intradayVolatility;
    const highLog = (bridgeLog + Math.sqrt(bridgeLog ** 2 + spread * Math.log(1 - random.next()))) / 2;
    const lowLog = (bridgeLog - Math.sqrt(bridgeLog ** 2 + spread * Math.log(1 - random.next()))) / 2;
    const highPaise = clamp(
      Math.max(roundToTickPaise(openPaise * Math.exp(highLog), tickPaise), openPaise, closePaise),
      lowerPaise,
      upperPaise,
    );
    const lowPaise = clamp(
      Math.min(roundToTickPaise(openPaise * Math.exp(lowLog), tickPaise), openPaise, closePaise),
      lowerPaise,
      upperPaise,
    );
    const volumeNoise = Math.exp(0.35 * random.nextNormal() - 0.06125);
    const volume = Math.round(averageVolume * volumeNoise * (0.6 + 0.5 * Math.abs(shock)));
    bars.push({ dateIst, openPaise, highPaise, lowPaise, closePaise, volume });
    closePaise = previousClosePaise;
  }
  return bars.reverse();
}

/** The trading dates ending at `endDateIst`, newest first. */
function tradingDatesBackwards(
  endDateIst: string,
  days: number,
  isTradingDay: (dateIst: string) => boolean,
): string[] {
  const dates: string[] = [];
  const calendarDaysMax = days * 7 + 366;
  let dateIst = endDateIst;
  for (let looked = 0; dates.length < days; looked++) {
    if (looked > calendarDaysMax) throw new RangeError('the calendar has too few trading days to backfill');
    if (isTradingDay(dateIst)) dates.push(dateIst);
    dateIst = addDaysIst(dateIst, -1);
  }
  return dates;
}

/** Nudges a previous close by ticks until `closePaise` lies inside its band. */
function previousCloseInBand(
  previousClosePaise: number,
  closePaise: number,
  instrument: InstrumentDefinition,
) {
  if (instrument.priceBandBps <= 0) return previousClosePaise;
  const tickPaise = Number(instrument.tickPaise);
  let candidate = previousClosePaise;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const band = priceBandOf(BigInt(candidate), instrument.priceBandBps, instrument.tickPaise);
    if (closePaise > Number(band.upperPaise)) candidate += tickPaise;
    else if (closePaise < Number(band.lowerPaise) && candidate > tickPaise) candidate -= tickPaise;
    else return candidate;
  }
  return candidate;
}

/**
 * One day's minutes: a path in log price through four anchors (open at the start, close at the
 * end, high and low at random turning points), each stretch a Brownian bridge clamped to the
 * day's range, then rounded to the tick.
 */
function appendMinuteCandles(
  candles: Candle[],
  instrument: InstrumentDefinition,
  bar: DayBar,
  random: RandomSource,
  dailyVolatility: number,
): void {
  const minutes = sessionMinutesOf(instrument);
  const sessionStartMs = istMidnightMs(bar.dateIst) + sessionOpenMinuteOf(instrument) * MINUTE_MS;
  const tickPaise = Number(instrument.tickPaise);
  const { openPaise, highPaise, lowPaise, closePaise } = bar;
  const pricesPaise = minuteBoundaryPrices(bar, minutes, tickPaise, random, dailyVolatility);
  const volumes = splitVolume(bar.volume, minutes, instrument.calendar === 'nse', random);
  const excursionLog = (0.5 * dailyVolatility) / Math.sqrt(minutes);
  for (let minute = 0; minute < minutes; minute++) {
    const minuteOpen = pricesPaise[minute]!;
    const minuteClose = pricesPaise[minute + 1]!;
    const top = Math.max(minuteOpen, minuteClose);
    const bottom = Math.min(minuteOpen, minuteClose);
    const minuteHigh = Math.min(
      highPaise,
      Math.max(
        top,
        roundToTickPaise(top * Math.exp(Math.abs(random.nextNormal()) * excursionLog), tickPaise),
      ),
    );
    const minuteLow = Math.max(
      lowPaise,
      Math.min(
        bottom,
        roundToTickPaise(bottom * Math.exp(-Math.abs(random.nextNormal()) * excursionLog), tickPaise),
      ),
    );
    candles.push({
      symbol: instrument.symbol,
      period: '1m',
      startMs: sessionStartMs + minute * MINUTE_MS,
      openPaise: BigInt(minuteOpen),
      highPaise: BigInt(minuteHigh),
      lowPaise: BigInt(minuteLow),
      closePaise: BigInt(minuteClose),
      volume: volumes[minute]!,
    });
  }
  // The anchors guarantee these; a failure here is a defect in the path, not in the data.
  if (pricesPaise[0] !== openPaise || pricesPaise[minutes] !== closePaise) {
    throw new Error(`minute path of ${instrument.symbol} on ${bar.dateIst} lost its open or close`);
  }
}

/** Prices at the minute boundaries 0…minutes: boundary k is the close of minute k−1 and open of k. */
function minuteBoundaryPrices(
  bar: DayBar,
  minutes: number,
  tickPaise: number,
  random: RandomSource,
  dailyVolatility: number,
): number[] {
  const { openPaise, highPaise, lowPaise, closePaise } = bar;
  if (highPaise === lowPaise || minutes < 3) {
    const prices = new Array<number>(minutes + 1).fill(openPaise);
    prices[minutes] = closePaise;
    return prices;
  }
  const highAt =
    openPaise === highPaise ? 0 : closePaise === highPaise ? minutes : 1 + random.nextInt(minutes - 1);
  let lowAt =
    openPaise === lowPaise ? 0 : closePaise === lowPaise ? minutes : 1 + random.nextInt(minutes - 1);
  while (lowAt === highAt) lowAt = 1 + random.nextInt(minutes - 1);

  const anchors = new Map<number, number>([
    [0, openPaise],
    [minutes, closePaise],
    [highAt, highPaise],
    [lowAt, lowPaise],
  ]);
  const anchorPoints = [...anchors.entries()].sort((left, right) => left[0] - right[0]);
  const lowLog = Math.log(lowPaise);
  const highLog = Math.log(highPaise);
  const stepLog = dailyVolatility / Math.sqrt(minutes);
  const prices = new Array<number>(minutes + 1);
  for (let index = 0; index + 1 < anchorPoints.length; index++) {
    const [fromAt, fromPaise] = anchorPoints[index]!;
    const [toAt, toPaise] = anchorPoints[index + 1]!;
    prices[fromAt] = fromPaise;
    const steps = toAt - fromAt;
    const walk = new Float64Array(steps + 1);
    for (let step = 1; step <= steps; step++) walk[step] = walk[step - 1]! + stepLog * random.nextNormal();
    const fromLog = Math.log(fromPaise);
    const riseLog = Math.log(toPaise) - fromLog;
    for (let step = 1; step < steps; step++) {
      const share = step / steps;
      const pathLog = reflect(
        fromLog + walk[step]! - share * walk[steps]! + share * riseLog,
        lowLog,
        highLog,
      );
      prices[fromAt + step] = clamp(roundToTickPaise(Math.exp(pathLog), tickPaise), lowPaise, highPaise);
    }
  }
  prices[minutes] = closePaise;
  return prices;
}

/** Splits a day's volume over its minutes, U-shaped for NSE, summing exactly to the day's volume. */
function splitVolume(
  volume: number,
  minutes: number,
  isSessionShaped: boolean,
  random: RandomSource,
): number[] {
  const weights = new Float64Array(minutes);
  let total = 0;
  for (let minute = 0; minute < minutes; minute++) {
    const shape = isSessionShaped ? intradayVolumeWeight((minute + 0.5) / minutes) : 1;
    const weight = shape * Math.exp(0.4 * random.nextNormal());
    weights[minute] = weight;
    total += weight;
  }
  const volumes = new Array<number>(minutes);
  let cumulative = 0;
  let allocated = 0;
  for (let minute = 0; minute < minutes; minute++) {
    cumulative += weights[minute]!;
    const upTo = minute === minutes - 1 ? volume : Math.round((volume * cumulative) / total);
    volumes[minute] = upTo - allocated;
    allocated = upTo;
  }
  return volumes;
}

/**
 * Folds a value back into [lower, upper] as a mirror would. A bridge that overshoots the day's
 * high or low bounces off it instead of sticking to it, so minute charts show no flat stretches
 * pinned at the extremes.
 */
function reflect(value: number, lower: number, upper: number): number {
  const span = upper - lower;
  if (span <= 0) return lower;
  let offset = (value - lower) % (2 * span);
  if (offset < 0) offset += 2 * span;
  return lower + (offset <= span ? offset : 2 * span - offset);
}

function clamp(value: number, lower: number, upper: number): number {
  return Math.min(Math.max(value, lower), upper);
}

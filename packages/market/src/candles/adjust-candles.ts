import type { Candle } from './candle.js';

export type CorporateActionKind = 'split' | 'bonus' | 'dividend';

/**
 * A corporate action that changes the price of a share without changing what a holding is worth.
 *
 * - `split`: every `ratioFrom` shares become `ratioTo` shares. A 1:5 split (face value 10 → 2)
 *   is `ratioFrom: 1, ratioTo: 5`; prices before it are multiplied by 1/5.
 * - `bonus`: `ratioTo` new shares are issued for every `ratioFrom` held, so `ratioFrom` shares
 *   become `ratioFrom + ratioTo`. NSE's "bonus 1:2" (one new for two held) is `ratioFrom: 2,
 *   ratioTo: 1`; a 1:1 bonus multiplies earlier prices by 1/2.
 * - `dividend`: `dividendPaise` per share; earlier prices are multiplied by (P − D) / P where P is
 *   the last close before the ex-date. The ratio fields are ignored (write 1 and 1).
 */
export interface CorporateAction {
  symbol: string;
  /** The first instant that trades ex the action: 00:00 IST of the ex-date. */
  exDateMs: number;
  kind: CorporateActionKind;
  ratioFrom: number;
  ratioTo: number;
  dividendPaise?: bigint;
}

/**
 * - `none`: prices as they traded.
 * - `backward` (the usual chart default): candles before an ex-date are scaled down, so the latest
 *   prices are the real ones and the chart has no artificial gap.
 * - `forward`: candles before the action keep their real prices and candles from the ex-date on are
 *   scaled up to the old share.
 */
export type AdjustmentMode = 'none' | 'forward' | 'backward';

interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

interface ActionFactor {
  exDateMs: number;
  /** Multiplies prices before the ex-date (backward). */
  price: Ratio;
  /** Multiplies volumes before the ex-date (backward): the inverse of the share price factor. */
  volume: Ratio;
}

const ONE: Ratio = { numerator: 1n, denominator: 1n };

/**
 * Adjusts candles for splits, bonuses and dividends with exact rational arithmetic: the factors of
 * all actions that apply to a candle are multiplied as fractions, and each price is rounded once,
 * half up, to the paisa. Volumes are scaled inversely for splits and bonuses and rounded to a whole
 * share. A candle counts as before an action when it starts before the ex-date, so adjust candles of
 * one period (1m or 1d) and roll them up afterwards. Example, backward, 1:5 split: a close of
 * 2,500.00 (250000n) with volume 1,000 before the ex-date becomes 500.00 (50000n) with volume 5,000.
 *
 * A dividend with no candle of its symbol before its ex-date has no close to measure against and
 * changes nothing. Throws on a dividend not less than that close, or on ratios that are not
 * positive whole numbers.
 */
export function adjustCandles(
  candles: readonly Candle[],
  actions: readonly CorporateAction[],
  mode: AdjustmentMode,
): Candle[] {
  if (mode === 'none' || actions.length === 0) return candles.map((candle) => ({ ...candle }));
  const factorsBySymbol = new Map<string, ActionFactor[]>();
  for (const action of [...actions].sort((left, right) => left.exDateMs - right.exDateMs)) {
    const factor = factorOf(action, candles);
    if (!factor) continue;
    const list = factorsBySymbol.get(action.symbol) ?? [];
    list.push(factor);
    factorsBySymbol.set(action.symbol, list);
  }
  return candles.map((candle) => {
    const factors = factorsBySymbol.get(candle.symbol);
    if (!factors) return { ...candle };
    let price = ONE;
    let volume = ONE;
    for (const factor of factors) {
      const isBefore = candle.startMs < factor.exDateMs;
      if (mode === 'backward' && isBefore) {
        price = multiply(price, factor.price);
        volume = multiply(volume, factor.volume);
      } else if (mode === 'forward' && !isBefore) {
        price = multiply(price, invert(factor.price));
        volume = multiply(volume, invert(factor.volume));
      }
    }
    return {
      ...candle,
      openPaise: scaleRounded(candle.openPaise, price),
      highPaise: scaleRounded(candle.highPaise, price),
      lowPaise: scaleRounded(candle.lowPaise, price),
      closePaise: scaleRounded(candle.closePaise, price),
      volume: Number(scaleRounded(BigInt(candle.volume), volume)),
    };
  });
}

function factorOf(action: CorporateAction, candles: readonly Candle[]): ActionFactor | undefined {
  if (action.kind === 'dividend') {
    const dividendPaise = action.dividendPaise ?? 0n;
    if (dividendPaise < 0n) throw new RangeError(`negative dividend for ${action.symbol}`);
    const closePaise = lastCloseBefore(candles, action.symbol, action.exDateMs);
    if (closePaise === undefined || dividendPaise === 0n) return undefined;
    if (dividendPaise >= closePaise) {
      throw new RangeError(`dividend of ${action.symbol} is not less than the close before its ex-date`);
    }
    return {
      exDateMs: action.exDateMs,
      price: reduce({ numerator: closePaise - dividendPaise, denominator: closePaise }),
      volume: ONE,
    };
  }
  const from = wholePositive(action.ratioFrom, action.symbol);
  const to = wholePositive(action.ratioTo, action.symbol);
  const sharesAfter = action.kind === 'split' ? to : from + to;
  return {
    exDateMs: action.exDateMs,
    price: reduce({ numerator: from, denominator: sharesAfter }),
    volume: reduce({ numerator: sharesAfter, denominator: from }),
  };
}

function lastCloseBefore(candles: readonly Candle[], symbol: string, exDateMs: number): bigint | undefined {
  let latest: Candle | undefined;
  for (const candle of candles) {
    if (candle.symbol !== symbol || candle.startMs >= exDateMs) continue;
    if (!latest || candle.startMs > latest.startMs) latest = candle;
  }
  return latest?.closePaise;
}

function wholePositive(value: number, symbol: string): bigint {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`corporate action ratio of ${symbol} must be a positive whole number`);
  }
  return BigInt(value);
}

function multiply(left: Ratio, right: Ratio): Ratio {
  return reduce({
    numerator: left.numerator * right.numerator,
    denominator: left.denominator * right.denominator,
  });
}

function invert(ratio: Ratio): Ratio {
  return { numerator: ratio.denominator, denominator: ratio.numerator };
}

function reduce(ratio: Ratio): Ratio {
  const divisor = greatestCommonDivisor(ratio.numerator, ratio.denominator);
  return { numerator: ratio.numerator / divisor, denominator: ratio.denominator / divisor };
}

function greatestCommonDivisor(left: bigint, right: bigint): bigint {
  let a = left < 0n ? -left : left;
  let b = right < 0n ? -right : right;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

/** value × ratio, rounded half up (all values here are non-negative). */
function scaleRounded(value: bigint, ratio: Ratio): bigint {
  if (ratio.numerator === ratio.denominator) return value;
  return (2n * value * ratio.numerator + ratio.denominator) / (2n * ratio.denominator);
}

/**
 * Index arithmetic, as the exchanges compute it: level = Σ(price × shares) ÷ divisor.
 *
 * Free-float factors are not in our data, so weights are full market capitalisation (NSE and BSE
 * weight by free-float market cap; a bhavcopy-era import could add the factors later).
 *
 * The divisor is what keeps an index continuous. At the base date it is chosen so that the index
 * shows its base level. Afterwards it changes only when the basket's market value changes for a
 * reason other than prices: a constituent replaced by another, new shares issued, a buyback, a
 * demerger. Each time the divisor is rescaled by the ratio of the market value after the change to
 * the value before it, at the same prices, so the level does not jump; only price moves move it.
 *
 * Levels are bigint hundredths of a point, written like paise: 2_500_000n is 25,000.00. The divisor
 * is a bigint fixed-point number scaled by INDEX_DIVISOR_SCALE, which keeps about twelve extra
 * digits, so no floating point enters the computation.
 */

/** The divisor's fixed-point scale: a divisor of 2_000_000_000_000n means 2.0. */
export const INDEX_DIVISOR_SCALE = 1_000_000_000_000n;

/** A divisor in paise of market value per hundredth of a point, times INDEX_DIVISOR_SCALE. */
export type IndexDivisor = bigint;

function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Σ(price × shares) over the symbols in `shares`, in paise. Every such symbol needs a price.
 *
 * @example computeMarketCapPaise(new Map([['A', 10_000n]]), new Map([['A', 10n]])) // 100_000n: ₹1,000.00
 */
export function computeMarketCapPaise(
  prices: ReadonlyMap<string, bigint>,
  shares: ReadonlyMap<string, bigint>,
): bigint {
  let marketCapPaise = 0n;
  for (const [symbol, shareCount] of shares) {
    const pricePaise = prices.get(symbol);
    if (pricePaise === undefined) throw new Error(`no price for index constituent ${symbol}`);
    if (pricePaise <= 0n || shareCount <= 0n) {
      throw new Error(`index constituent ${symbol} needs a positive price and share count`);
    }
    marketCapPaise += pricePaise * shareCount;
  }
  if (marketCapPaise === 0n) throw new Error('an index needs at least one constituent');
  return marketCapPaise;
}

/**
 * A level in points (as IndexDefinition.baseLevel writes it, at most 2 decimals) in hundredths.
 *
 * @example levelPaiseFromPoints(25_000) // 2_500_000n
 */
export function levelPaiseFromPoints(levelPoints: number): bigint {
  const hundredths = Math.round(levelPoints * 100);
  if (
    !Number.isSafeInteger(hundredths) ||
    hundredths <= 0 ||
    Math.abs(levelPoints * 100 - hundredths) > 1e-6
  ) {
    throw new Error(`an index level must be positive with at most 2 decimals: ${levelPoints}`);
  }
  return BigInt(hundredths);
}

/**
 * The divisor that makes the constituents at these prices show `baseLevel` points.
 *
 * @example
 * // A at ₹100.00 × 10 shares + B at ₹50.00 × 20 shares = ₹2,000.00 of market value; base 1,000:
 * computeDivisor(new Map([['A', 10_000n], ['B', 5_000n]]), new Map([['A', 10n], ['B', 20n]]), 1_000)
 * // 2_000_000_000_000n, that is 2.0 paise of value per hundredth of a point
 */
export function computeDivisor(
  constituentPrices: ReadonlyMap<string, bigint>,
  shares: ReadonlyMap<string, bigint>,
  baseLevel: number,
): IndexDivisor {
  const marketCapPaise = computeMarketCapPaise(constituentPrices, shares);
  return divideRoundingHalfUp(marketCapPaise * INDEX_DIVISOR_SCALE, levelPaiseFromPoints(baseLevel));
}

/**
 * The index level in hundredths of a point (paise-like, 2 decimals), rounded half up.
 *
 * @example
 * // Both prices up 1% from the example of computeDivisor: A ₹101.00, B ₹50.50.
 * computeIndexLevel(new Map([['A', 10_100n], ['B', 5_050n]]), new Map([['A', 10n], ['B', 20n]]), 2_000_000_000_000n)
 * // 101_000n: 1,010.00
 */
export function computeIndexLevel(
  prices: ReadonlyMap<string, bigint>,
  shares: ReadonlyMap<string, bigint>,
  divisor: IndexDivisor,
): bigint {
  if (divisor <= 0n) throw new Error('an index divisor must be positive');
  return divideRoundingHalfUp(computeMarketCapPaise(prices, shares) * INDEX_DIVISOR_SCALE, divisor);
}

/**
 * The divisor after a change to the basket that is not a price move: constituents replaced, or a
 * constituent's share count changed by an issue, bonus, buyback or demerger. `prices` are the prices
 * at the moment of the change (they must cover both baskets); the level at those prices is the same
 * before and after.
 *
 * @example
 * // A issues 10 more shares at ₹100.00: the basket is worth ₹3,000.00 instead of ₹2,000.00.
 * adjustDivisorForChange(2_000_000_000_000n, prices, new Map([['A', 10n], ['B', 20n]]), new Map([['A', 20n], ['B', 20n]]))
 * // 3_000_000_000_000n: the level stays 1,000.00
 */
export function adjustDivisorForChange(
  divisor: IndexDivisor,
  prices: ReadonlyMap<string, bigint>,
  sharesBefore: ReadonlyMap<string, bigint>,
  sharesAfter: ReadonlyMap<string, bigint>,
): IndexDivisor {
  if (divisor <= 0n) throw new Error('an index divisor must be positive');
  const marketCapBeforePaise = computeMarketCapPaise(prices, sharesBefore);
  const marketCapAfterPaise = computeMarketCapPaise(prices, sharesAfter);
  return divideRoundingHalfUp(divisor * marketCapAfterPaise, marketCapBeforePaise);
}

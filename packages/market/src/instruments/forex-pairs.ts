import type { InstrumentDefinition } from './types.js';

/**
 * Rupee pairs for the currencies the spec's exchange feature lists. Rates are plausible levels of
 * late 2025, not sourced; every quote is simulated.
 *
 * Quote units: with a 1-paisa tick, a price must be large enough that one tick is a small step. Yen
 * and won are quoted per 100 units, as Indian banks' card rates do for the yen; the dong is worth so
 * little (about ₹0.0034) that even per 100 a tick would be 3% of the price, so it is quoted per
 * 10,000 dong.
 *
 * Hours: real FX trades 24 hours on weekdays. We simplify to the `always` calendar (24/7, like
 * crypto), so a rupee-pair position can be opened or closed at any time; see ADR 0002.
 */

export const FOREX_LEVERAGES: readonly number[] = [1, 2, 5];

function forexPair(
  baseCurrency: string,
  currencyName: string,
  startPricePaise: bigint,
  quoteUnits = 1,
): InstrumentDefinition {
  return {
    symbol: `${baseCurrency}INR`,
    name: `${currencyName} / Indian Rupee`,
    kind: 'forex',
    segment: 'forex',
    calendar: 'always',
    exchange: 'FX',
    tickPaise: 1n,
    lotSize: 1,
    priceBandBps: 0,
    leverages: [...FOREX_LEVERAGES],
    shortable: true,
    tradable: true,
    startPricePaise,
    quoteUnits,
  };
}

export const FOREX_PAIRS: readonly InstrumentDefinition[] = [
  forexPair('USD', 'US Dollar', 8_870n), // ₹88.70 per $1
  forexPair('CNY', 'Chinese Yuan', 1_246n), // ₹12.46 per ¥1
  forexPair('HKD', 'Hong Kong Dollar', 1_140n), // ₹11.40 per HK$1
  forexPair('TWD', 'New Taiwan Dollar', 286n), // ₹2.86 per NT$1
  forexPair('THB', 'Thai Baht', 274n), // ₹2.74 per ฿1
  forexPair('MYR', 'Malaysian Ringgit', 2_117n), // ₹21.17 per RM1
  forexPair('JPY', 'Japanese Yen (per 100)', 5_723n, 100), // ₹57.23 per ¥100
  forexPair('KRW', 'South Korean Won (per 100)', 608n, 100), // ₹6.08 per ₩100
  forexPair('VND', 'Vietnamese Dong (per 10,000)', 3_373n, 10_000), // ₹33.73 per ₫10,000
];

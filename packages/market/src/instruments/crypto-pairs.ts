import type { InstrumentDefinition } from './types.js';

/**
 * Crypto pairs quoted in rupees, trading around the clock. Starting prices are plausible INR levels
 * of late 2025 on Indian exchanges (which trade at a small premium), not sourced; every quote is
 * simulated. Tick 1 paisa, no daily band.
 */

export const CRYPTO_LEVERAGES: readonly number[] = [1, 2, 3];

function cryptoPair(symbol: string, name: string, startPricePaise: bigint): InstrumentDefinition {
  return {
    symbol,
    name,
    kind: 'crypto',
    segment: 'crypto',
    calendar: 'always',
    exchange: 'CRYPTO',
    tickPaise: 1n,
    lotSize: 1,
    priceBandBps: 0,
    leverages: [...CRYPTO_LEVERAGES],
    shortable: true,
    tradable: true,
    startPricePaise,
  };
}

export const CRYPTO_PAIRS: readonly InstrumentDefinition[] = [
  cryptoPair('BTCINR', 'Bitcoin / Indian Rupee', 905_000_000n), // ₹90,50,000.00
  cryptoPair('ETHINR', 'Ether / Indian Rupee', 30_500_000n), // ₹3,05,000.00
  cryptoPair('USDTINR', 'Tether USD / Indian Rupee', 9_015n), // ₹90.15
];

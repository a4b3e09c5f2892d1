import { CRYPTO_PAIRS } from './crypto-pairs.js';
import { EQUITIES } from './equities.js';
import { FOREX_PAIRS } from './forex-pairs.js';
import { INDEX_INSTRUMENTS } from './indices.js';
import type { InstrumentDefinition } from './types.js';

/**
 * Every instrument the platform starts with: equities (listed and OTC), crypto pairs, FX pairs, and
 * the three indices as non-tradable instruments. Symbols are unique across the whole list.
 */
export const ALL_INSTRUMENTS: readonly InstrumentDefinition[] = [
  ...EQUITIES,
  ...CRYPTO_PAIRS,
  ...FOREX_PAIRS,
  ...INDEX_INSTRUMENTS,
];

const instrumentsBySymbol: ReadonlyMap<string, InstrumentDefinition> = new Map(
  ALL_INSTRUMENTS.map((instrument) => [instrument.symbol, instrument]),
);

/**
 * The instrument with a symbol (any letter case), or undefined.
 *
 * @example findInstrument('reliance')?.isin // 'INE002A01018'
 */
export function findInstrument(symbol: string): InstrumentDefinition | undefined {
  return instrumentsBySymbol.get(symbol.toUpperCase());
}

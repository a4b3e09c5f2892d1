import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import {
  type BlockParameters,
  isBlockEligible,
  readBlockParameters,
} from '../../repositories/block.repository.js';
import {
  readTradingParameters,
  type TradingParameters,
} from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached, type InstrumentRow } from '../../trading/instrument-cache.js';
import { normalizeSymbol } from '../market/find-instrument.js';

/** The instrument a block call names: INSTRUMENT_NOT_FOUND when unknown, NOT_TRADABLE when not eligible. */
export async function requireBlockInstrument(db: Db, rawSymbol: string): Promise<InstrumentRow> {
  const symbol = normalizeSymbol(rawSymbol);
  const instrument = (await findInstrumentCached(db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
  if (!isBlockEligible(instrument)) refuse('INSTRUMENT_NOT_TRADABLE', { symbol });
  return instrument;
}

/** The block parameters and the trading parameters (fee, stop-out, lock) in force now, read together. */
export async function readBlockRules(
  db: Db,
): Promise<{ parameters: BlockParameters; trading: TradingParameters }> {
  const [parameters, trading] = await Promise.all([readBlockParameters(db), readTradingParameters(db)]);
  return { parameters, trading };
}

import {
  addCandleToVwap,
  type BlockWindowInstance,
  istDate,
  istDayStartMs,
  lastCloseAtOrBefore,
  previousCloseOn,
  type VwapSums,
  vwapPeriodBefore,
  vwapToTick,
} from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import {
  type BlockReferenceRecord,
  findBlockReferences,
  findLastMinuteCloses,
  findMinuteCandles,
  insertBlockReferences,
} from '../../repositories/block.repository.js';
import type { InstrumentRow } from '../../trading/instrument-cache.js';

type NewReference = Omit<BlockReferenceRecord, 'fixedAtMs'>;

/**
 * The reference prices of an open block window, fixed once and stored (migration 0016): the first
 * reader computes and inserts them, every later reader gets the stored rows. As NSE does it:
 *
 * - morning window: the previous close;
 * - afternoon window: the VWAP of the minute candles of 13:45 to 14:00 (packages/core
 *   vwapPeriodBefore); when nothing traded then, the last price at 14:00.
 *
 * A symbol with no price at all gets no reference, so it cannot be block-traded in that window.
 * Answers the references by symbol.
 */
export async function fixBlockReferences(
  deps: Pick<AppDeps, 'db' | 'prices' | 'calendar'>,
  window: BlockWindowInstance,
  instruments: readonly InstrumentRow[],
  nowMs: number,
): Promise<Map<string, BlockReferenceRecord>> {
  const symbols = instruments.map((instrument) => instrument.symbol);
  const fixed = await findBlockReferences(deps.db, window.date, window.name, symbols);
  const fixedSymbols = new Set(fixed.map((reference) => reference.symbol));
  const missing = instruments.filter((instrument) => !fixedSymbols.has(instrument.symbol));
  if (missing.length === 0) return bySymbol(fixed);

  const computed =
    window.name === 'morning'
      ? await previousCloses(deps, window, missing)
      : await afternoonReferences(deps, window, missing);
  await insertBlockReferences(deps.db, computed, nowMs);
  return bySymbol(await findBlockReferences(deps.db, window.date, window.name, symbols));
}

function bySymbol(references: readonly BlockReferenceRecord[]): Map<string, BlockReferenceRecord> {
  return new Map(references.map((reference) => [reference.symbol, reference]));
}

async function previousCloses(
  deps: Pick<AppDeps, 'prices' | 'calendar'>,
  window: BlockWindowInstance,
  instruments: readonly InstrumentRow[],
): Promise<NewReference[]> {
  const quotes = await deps.prices.currentMany(instruments.map((instrument) => instrument.symbol));
  const previousSessionCloseMs = lastCloseAtOrBefore(deps.calendar.current, window.opensAtMs);
  const references: NewReference[] = [];
  for (const instrument of instruments) {
    const quote = quotes.get(instrument.symbol);
    if (!quote) continue;
    const pricePaise = previousCloseOn(quote, window.date);
    if (pricePaise <= 0n) continue;
    references.push({
      tradingDate: window.date,
      window: window.name,
      symbol: instrument.symbol,
      pricePaise,
      basis: 'previous_close',
      vwapVolume: 0n,
      // The tick that made the close, or the previous session's close when the quote moved on since.
      sourceAtMs: istDate(quote.tickAtMs) < window.date ? quote.tickAtMs : previousSessionCloseMs,
    });
  }
  return references;
}

async function afternoonReferences(
  deps: Pick<AppDeps, 'db' | 'prices'>,
  window: BlockWindowInstance,
  instruments: readonly InstrumentRow[],
): Promise<NewReference[]> {
  const symbols = instruments.map((instrument) => instrument.symbol);
  const period = vwapPeriodBefore(window.opensAtMs);
  const sums = new Map<string, VwapSums>();
  for (const candle of await findMinuteCandles(deps.db, symbols, period.fromMs, period.toMs)) {
    sums.set(
      candle.symbol,
      addCandleToVwap(sums.get(candle.symbol) ?? { typicalTimesVolume: 0n, volume: 0n }, candle),
    );
  }
  const withoutVolume = instruments.filter((instrument) => !sums.get(instrument.symbol)?.volume);
  const lastCloses = await findLastMinuteCloses(
    deps.db,
    withoutVolume.map((instrument) => instrument.symbol),
    istDayStartMs(window.date),
    period.toMs,
  );
  const quotes = await deps.prices.currentMany(
    withoutVolume
      .filter((instrument) => !lastCloses.has(instrument.symbol))
      .map((instrument) => instrument.symbol),
  );
  const references: NewReference[] = [];
  for (const instrument of instruments) {
    const base = { tradingDate: window.date, window: window.name, symbol: instrument.symbol };
    const symbolSums = sums.get(instrument.symbol);
    const vwapPaise = symbolSums ? vwapToTick(symbolSums, instrument.tick_paise) : null;
    if (vwapPaise !== null && vwapPaise > 0n) {
      references.push({
        ...base,
        pricePaise: vwapPaise,
        basis: 'vwap',
        vwapVolume: symbolSums!.volume,
        sourceAtMs: period.toMs,
      });
      continue;
    }
    // Nothing traded from 13:45 to 14:00: the last price at 14:00, from today's minute candles,
    // or else the feed's quote when its last tick came before 14:00.
    const lastClose = lastCloses.get(instrument.symbol);
    const quote = quotes.get(instrument.symbol);
    const last =
      lastClose ??
      (quote && quote.tickAtMs < period.toMs
        ? { closePaise: quote.pricePaise, endMs: quote.tickAtMs }
        : undefined);
    if (!last || last.closePaise <= 0n) continue;
    references.push({
      ...base,
      pricePaise: last.closePaise,
      basis: 'last_price',
      vwapVolume: 0n,
      sourceAtMs: last.endMs,
    });
  }
  return references;
}

import type { DataOf, zhishu } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findQuotedInstruments } from '../../repositories/instrument.repository.js';

/** The indices of the top bar, in the order the spec shows them. */
export const TOP_BAR_INDICES = ['NIFTY50', 'SENSEX', 'NIFTYBANK'] as const;

/**
 * `parameter/zhishu`: the three indices with the spec's fields. `gain` is the change percent by the
 * spec's rule, (close − prev_close) ÷ prev_close × 100 to 2 decimals, computed on paise with
 * integer arithmetic (rounded half away from zero) and only then made a number for display.
 */
export async function listIndices(deps: AppDeps): Promise<DataOf<typeof zhishu>> {
  const rows = await findQuotedInstruments(deps.db, TOP_BAR_INDICES);
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  return TOP_BAR_INDICES.flatMap((symbol) => {
    const row = bySymbol.get(symbol);
    if (row?.pricePaise == null || row.previousClosePaise === null) return [];
    const change = row.pricePaise - row.previousClosePaise;
    return [
      {
        name: row.name,
        symbol: row.symbol,
        exchange: row.exchange,
        price: formatPaise(row.pricePaise),
        gain: changePercent(row.pricePaise, row.previousClosePaise),
        gainValue: formatPaise(change),
        close: formatPaise(row.pricePaise),
        prev_close: formatPaise(row.previousClosePaise),
        details: { ko_name: row.name },
        code: row.symbol,
        simulated: row.simulated ?? true,
        time: row.tickAtMs ?? 0,
      },
    ];
  });
}

/**
 * Change percent with 2 decimals, e.g. close 2_51_000 paise over prev_close 2_50_000 → 0.4.
 * Computed in hundredths of a percent on bigint, rounded half away from zero.
 */
export function changePercent(closePaise: bigint, previousClosePaise: bigint): number {
  if (previousClosePaise === 0n) return 0;
  const numerator = (closePaise - previousClosePaise) * 10_000n;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let hundredths = magnitude / previousClosePaise;
  if ((magnitude % previousClosePaise) * 2n >= previousClosePaise) hundredths += 1n;
  const signed = negative ? -hundredths : hundredths;
  return Number(signed) / 100;
}

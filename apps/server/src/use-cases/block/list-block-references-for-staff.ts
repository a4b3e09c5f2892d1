import type { staffListBlockReferences as call } from '@nivesh/contract';
import { blockWindowAt, formatPaise, istDate } from '@nivesh/core';
import type { StaffUseCase } from '../../application/context.js';
import { findBlockReferences, readBlockParameters } from '../../repositories/block.repository.js';
import { toWindowView } from './block-views.js';

/** The reference prices fixed on a trading date (today by default), for the console. */
export const listBlockReferencesForStaff: StaffUseCase<typeof call> = async (deps, { nowMs }, input) => {
  const tradingDate = input.tradingDate ?? istDate(nowMs);
  const parameters = await readBlockParameters(deps.db);
  const references = await findBlockReferences(deps.db, tradingDate, undefined);
  return {
    tradingDate,
    window: toWindowView(blockWindowAt(deps.calendar.current, parameters.hours, nowMs), nowMs),
    items: references.map((reference) => ({
      symbol: reference.symbol,
      window: reference.window,
      price: formatPaise(reference.pricePaise),
      basis: reference.basis,
      vwapVolume: Number(reference.vwapVolume),
      sourceAt: reference.sourceAtMs,
      fixedAt: reference.fixedAtMs,
    })),
  };
};

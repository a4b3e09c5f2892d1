import {
  addIstDays,
  formatPaise,
  istDate,
  istInstantMs,
  mtfFundedPaise,
  mtfInterestForDayPaise,
} from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import {
  findMtfHoldingsOwingInterest,
  insertMtfInterestCharge,
} from '../../repositories/mtf-interest.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { chargeDuePositions, chargeHoldingDay } from './daily-position-charge.js';

/** Holdings charged per run at most; the next sweep takes the rest. */
const BATCH_MAX = 200;

/**
 * Charges a day's interest of every MTF holding, once per IST day (engine leader only, by the
 * injected clock; docs/adr/0019-partial-sells.md): the funded part (entry notional less margin) ×
 * the daily rate in force (`mtf_interest_bps_per_day`), from the investor's cash to the house's
 * interest account, entry `position:<id>:mtf-interest:<ist-date>`, kind `trade_mtf_interest`.
 *
 * The day charged is the IST day that ended last (yesterday), on the holdings opened before it
 * ended and still held: a holding is charged for each night it is held, so one bought and sold the
 * same day pays no interest, as with a broker's MTF. A day the engine did not run is not charged
 * later (in the investor's favour, as the borrow fee of a short). Cash never goes negative, so what
 * cash cannot cover is waived and recorded on the day's row, never charged as debt (DESIGN §5).
 * After a partial sell the remainder is charged on its own funded part; the part sold is closed.
 * Only long holdings are funded purchases: a levered short borrows no money, and a copy-trading
 * mirror is funded by its follow allocation on the product's terms (ADR 0014).
 */
export async function chargeMtfInterest(deps: AppDeps, options: { nowMs: number }): Promise<number> {
  const nowMs = options.nowMs;
  const today = istDate(nowMs);
  const day = addIstDays(today, -1);
  const dayEndedAtMs = istInstantMs(today, 0);
  const due = await findMtfHoldingsOwingInterest(deps.db, {
    istDate: day,
    openedBeforeMs: dayEndedAtMs,
    limit: BATCH_MAX,
  });
  if (due.length === 0) return 0;
  const bpsPerDay = await readParameter(deps.db, 'mtf_interest_bps_per_day');
  const charging = { due, house: 'house_interest' as const, istDate: day, atMs: nowMs };
  return chargeDuePositions(deps, charging, async (trx, holding) => {
    const { position } = holding;
    if (position.product !== 'MTF' || position.side !== 'long' || position.origin === 'follow') return false;
    if (position.openedAtMs === null || position.openedAtMs >= dayEndedAtMs) return false;
    const fundedPaise = mtfFundedPaise(position.entryPricePaise!, position.quantity, position.marginPaise!);
    if (fundedPaise <= 0n) return false;
    const interestPaise = mtfInterestForDayPaise(fundedPaise, bpsPerDay);
    return chargeHoldingDay(trx, holding, {
      duePaise: interestPaise,
      entry: {
        key: `position:${position.id}:mtf-interest:${day}`,
        kind: 'trade_mtf_interest',
        memo: `MTF interest for ${day}`,
      },
      writeDayRow: (row) =>
        insertMtfInterestCharge(trx, { ...row, fundedPaise, interestBpsPerDay: bpsPerDay, interestPaise }),
      audit: {
        action: 'trade.mtf_interest',
        after: { bpsPerDay, funded: formatPaise(fundedPaise), interest: formatPaise(interestPaise) },
      },
    });
  });
}

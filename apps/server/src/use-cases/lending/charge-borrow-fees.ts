import { borrowFeeForDayPaise, formatPaise, istDate } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { findShortsOwingBorrowFee, insertBorrowFee } from '../../repositories/lending.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { chargeDuePositions, chargeHoldingDay } from '../trading/daily-position-charge.js';

/** Shorts charged per run at most; the next run (the next tick) takes the rest. */
const BATCH_MAX = 200;

/**
 * Charges the day's borrow fee of every open short that drew on the lending pool, once per IST day
 * (engine leader only, by the injected clock): notional at entry × the daily rate in force, from the
 * seller's cash to the house's lending-fee account, entry `short:<id>:borrow-fee:<ist-date>`.
 *
 * The fee is charged for each IST day on which the job finds the short holding, from its opening
 * day: a short opened and closed between two runs pays nothing that day, and a day the engine did
 * not run is not charged later (in the seller's favour). Cash can never go negative, so what cash
 * cannot cover is waived and recorded on the day's row, never charged as debt (as a loss beyond the
 * margin is absorbed by the house: DESIGN §5). A pending short has borrowed nothing yet and pays nothing.
 */
export async function chargeBorrowFees(deps: AppDeps, options: { nowMs: number }): Promise<number> {
  const nowMs = options.nowMs;
  const today = istDate(nowMs);
  const due = await findShortsOwingBorrowFee(deps.db, today, BATCH_MAX);
  if (due.length === 0) return 0;
  const feeBpsPerDay = await readParameter(deps.db, 'lending_fee_bps_per_day');
  const day = { due, house: 'house_lending_fees' as const, istDate: today, atMs: nowMs };
  return chargeDuePositions(deps, day, async (trx, holding) => {
    const { position } = holding;
    const notionalPaise = position.entryPricePaise! * BigInt(position.quantity);
    const feePaise = borrowFeeForDayPaise(notionalPaise, feeBpsPerDay);
    return chargeHoldingDay(trx, holding, {
      duePaise: feePaise,
      entry: { key: `short:${position.id}:borrow-fee:${today}`, kind: 'trade_borrow_fee' },
      writeDayRow: (row) => insertBorrowFee(trx, { ...row, notionalPaise, feeBpsPerDay, feePaise }),
      audit: { action: 'lending.borrow_fee', after: { feeBpsPerDay, fee: formatPaise(feePaise) } },
    });
  });
}

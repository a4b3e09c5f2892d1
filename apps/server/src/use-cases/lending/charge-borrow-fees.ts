import { borrowFeeForDayPaise, formatPaise, istDate } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { houseAccountId, userAccountId } from '../../repositories/ledger.repository.js';
import { findShortsOwingBorrowFee, insertBorrowFee } from '../../repositories/lending.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { lockPosition } from '../../repositories/position.repository.js';
import { payableFromCash, postDailyPositionCharge } from '../trading/daily-position-charge.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';

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
  const houseFees = await houseAccountId(deps.db, 'house_lending_fees', 'INR');
  let charged = 0;
  for (const short of due) {
    const cash = await userAccountId(deps.db, short.userId, 'cash', 'INR');
    const done = await inTransaction(deps.db, async (trx) => {
      // The position's row lock: a close of this short waits, so the day is charged on a holding.
      const position = await lockPosition(trx, short.positionId);
      if (position?.state !== 'holding') return false;
      const notionalPaise = position.entryPricePaise! * BigInt(position.quantity);
      const feePaise = borrowFeeForDayPaise(notionalPaise, feeBpsPerDay);
      const chargedPaise = await payableFromCash(trx, cash, feePaise);
      const inserted = await insertBorrowFee(trx, {
        positionId: position.id,
        istDate: today,
        userId: position.userId,
        notionalPaise,
        feeBpsPerDay,
        feePaise,
        chargedPaise,
        waivedPaise: feePaise - chargedPaise,
        chargedAtMs: nowMs,
      });
      if (!inserted) return false;
      await postDailyPositionCharge(trx, {
        key: `short:${position.id}:borrow-fee:${today}`,
        kind: 'trade_borrow_fee',
        positionId: position.id,
        cash,
        house: houseFees,
        chargedPaise,
        atMs: nowMs,
      });
      await appendAudit(trx, {
        actor: ENGINE_ACTOR,
        action: 'lending.borrow_fee',
        target: { type: 'position', id: position.id },
        after: {
          date: today,
          feeBpsPerDay,
          fee: formatPaise(feePaise),
          charged: formatPaise(chargedPaise),
          waived: formatPaise(feePaise - chargedPaise),
        },
      });
      return true;
    });
    if (done) charged += 1;
  }
  return charged;
}

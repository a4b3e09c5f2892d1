import type { Db } from '../db/database.js';
import { findPositionsOwingDay, insertDayRowOnce } from './daily-charge-rows.js';
import { rowFromRecord } from './row-records.js';

/**
 * The daily interest of MTF holdings (migration 0025, docs/adr/0019-partial-sells.md): one row per
 * holding and IST day, with what was charged from cash and what cash could not cover (waived).
 */

/** MTF holdings opened before an instant that have no interest row for an IST day yet, oldest first. */
export async function findMtfHoldingsOwingInterest(
  db: Db,
  input: { istDate: string; openedBeforeMs: number; limit: number },
): Promise<Array<{ positionId: bigint; userId: bigint }>> {
  const { istDate, limit } = input;
  const funded = db
    .selectFrom('positions')
    .select(['positions.id', 'positions.user_id'])
    .where('positions.product', '=', 'MTF')
    // The broker funds a purchase; a levered short borrows no money (its shares: the borrow fee, ADR 0015).
    .where('positions.side', '=', 'long')
    // A copy-trading mirror is funded by its follow allocation on the product's terms (ADR 0014).
    .where('positions.origin', '<>', 'follow')
    .where('positions.opened_at', '<', new Date(input.openedBeforeMs));
  return findPositionsOwingDay(funded, { table: 'mtf_interest_charges', istDate, limit });
}

/** The day's interest row of an MTF holding; false when that day was recorded already (nothing written). */
export async function insertMtfInterestCharge(
  trx: Db,
  charge: {
    positionId: bigint;
    istDate: string;
    userId: bigint;
    fundedPaise: bigint;
    interestBpsPerDay: number;
    interestPaise: bigint;
    chargedPaise: bigint;
    waivedPaise: bigint;
    chargedAtMs: number;
  },
): Promise<boolean> {
  return insertDayRowOnce(trx, 'mtf_interest_charges', rowFromRecord(charge));
}

/** The interest an MTF position has been charged so far, in paise (charged, not waived). */
export async function mtfInterestChargedOf(db: Db, positionId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('mtf_interest_charges')
    .select((eb) => eb.fn.sum<string | null>('charged_paise').as('charged'))
    .where('position_id', '=', positionId)
    .executeTakeFirst();
  return BigInt(row?.charged ?? 0);
}

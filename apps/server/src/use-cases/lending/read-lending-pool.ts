import type { DataOf, staffLendingPool } from '@nivesh/contract';
import { formatPaise, poolAvailableQuantity } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { houseAccountId, sumAccountPostings } from '../../repositories/ledger.repository.js';
import { findPoolStandings, inProgressValueOf } from '../../repositories/lending.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';

type Pool = DataOf<typeof staffLendingPool>;
export type PoolRow = Pool['rows'][number];

/**
 * The console's pool page: per symbol, the shares lent (in progress, on open holdings), drawn by open
 * shorts, and available; for every shortable instrument, every one whose shorts draw on the pool, and
 * every one with lending in progress. With the parameters in force and the house's lending-fee
 * balance (its spread when positive, the shortfall it bore when negative).
 */
export async function readLendingPool(deps: AppDeps): Promise<Pool> {
  const parameters = await readParameters(deps.db);
  const rows = await poolRows(deps.db);
  const houseFees = await houseAccountId(deps.db, 'house_lending_fees', 'INR');
  const houseFeesBalancePaise = await sumAccountPostings(deps.db, houseFees);
  return {
    channelOpen: parameters.lending_channel_open,
    quota: formatPaise(parameters.lending_pool_quota),
    inProgressValue: formatPaise(await inProgressValueOf(deps.db)),
    feeBpsPerDay: parameters.lending_fee_bps_per_day,
    minValue: formatPaise(parameters.lending_value_min),
    // Borrow fees in add to it and lenders' fees out take from it (as brokerage does in house_brokerage).
    houseLendingFeesBalance: formatPaise(houseFeesBalancePaise),
    rows,
  };
}

/** Pool rows of every instrument that takes part, or of one symbol. */
export async function poolRows(db: Db, symbol?: string): Promise<PoolRow[]> {
  const standings = await findPoolStandings(db, symbol);
  return standings.map((standing) => ({
    symbol: standing.symbol,
    name: standing.name,
    lendingEnabled: standing.lendingEnabled,
    shortable: standing.shortable,
    lentQuantity: Number(standing.lentQuantity),
    drawnQuantity: Number(standing.drawnQuantity),
    availableQuantity: Number(poolAvailableQuantity(standing.lentQuantity, standing.drawnQuantity)),
    lentValue: formatPaise(standing.lentValuePaise),
  }));
}

import type { DataOf, staffLendingPool } from '@nivesh/contract';
import { formatPaise, poolAvailableQuantity } from '@nivesh/core';
import { sql } from 'kysely';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { houseAccountId } from '../../repositories/ledger.repository.js';
import { inProgressValueOf } from '../../repositories/lending.repository.js';
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
  const balance = await deps.db
    .selectFrom('postings')
    .select(sql<string | null>`sum(amount_minor)`.as('balance'))
    .where('account_id', '=', houseFees)
    .executeTakeFirst();
  return {
    channelOpen: parameters.lending_channel_open,
    quota: formatPaise(parameters.lending_pool_quota),
    inProgressValue: formatPaise(await inProgressValueOf(deps.db)),
    feeBpsPerDay: parameters.lending_fee_bps_per_day,
    minValue: formatPaise(parameters.lending_value_min),
    // Borrow fees in add to it and lenders' fees out take from it (as the trading fees in house_fees).
    houseLendingFeesBalance: formatPaise(BigInt(balance?.balance ?? 0)),
    rows,
  };
}

/** Pool rows of every instrument that takes part, or of one symbol. */
export async function poolRows(db: Db, symbol?: string): Promise<PoolRow[]> {
  const lent = db
    .selectFrom('lendings')
    .innerJoin('positions', 'positions.id', 'lendings.position_id')
    .select([
      'lendings.symbol',
      sql<string>`sum(lendings.quantity)`.as('lent_quantity'),
      sql<string>`sum(lendings.value_paise)`.as('lent_value'),
    ])
    .where('lendings.state', '=', 'in_progress')
    .where('positions.state', '=', 'holding')
    .groupBy('lendings.symbol');
  const drawn = db
    .selectFrom('lending_pool_draws')
    .innerJoin('positions', 'positions.id', 'lending_pool_draws.position_id')
    .select(['lending_pool_draws.symbol', sql<string>`sum(lending_pool_draws.quantity)`.as('drawn_quantity')])
    .where('positions.state', 'in', ['pending', 'holding'])
    .groupBy('lending_pool_draws.symbol');
  let query = db
    .selectFrom('instruments')
    .leftJoin(lent.as('lent'), 'lent.symbol', 'instruments.symbol')
    .leftJoin(drawn.as('drawn'), 'drawn.symbol', 'instruments.symbol')
    .select([
      'instruments.symbol',
      'instruments.name',
      'instruments.lending_enabled',
      'instruments.shortable',
      'lent.lent_quantity',
      'lent.lent_value',
      'drawn.drawn_quantity',
    ])
    .where('instruments.kind', '!=', 'index');
  query = symbol
    ? query.where('instruments.symbol', '=', symbol)
    : query.where((eb) =>
        eb.or([
          eb('instruments.shortable', '=', true),
          eb('instruments.lending_enabled', '=', true),
          eb('lent.lent_quantity', 'is not', null),
          eb('drawn.drawn_quantity', 'is not', null),
        ]),
      );
  const found = await query.orderBy('instruments.symbol').execute();
  return found.map((row) => {
    const lentQuantity = BigInt(row.lent_quantity ?? 0);
    const drawnQuantity = BigInt(row.drawn_quantity ?? 0);
    return {
      symbol: row.symbol,
      name: row.name,
      lendingEnabled: row.lending_enabled,
      shortable: row.shortable,
      lentQuantity: Number(lentQuantity),
      drawnQuantity: Number(drawnQuantity),
      availableQuantity: Number(poolAvailableQuantity(lentQuantity, drawnQuantity)),
      lentValue: formatPaise(BigInt(row.lent_value ?? 0)),
    };
  });
}

import type { DataOf, lendingOverview } from '@nivesh/contract';
import { formatPaise, LENDING_TERM_DAYS, lendingIneligibility, lendingValuePaise } from '@nivesh/core';
import type { AppDeps, UserContext } from '../../application/context.js';
import { readParameters } from '../../repositories/parameter.repository.js';

type Overview = DataOf<typeof lendingOverview>;

/** Holdings listed on the lending screen at most (a user with more sees the first ones by id). */
const HOLDINGS_MAX = 200;

/**
 * The lending screen: the switch, rate, terms and minimum in force, and the investor's lendable
 * holdings (unlevered longs, not intraday, not copy-trading), each valued at the feed's last price,
 * with the lending in progress on it when lent.
 */
export async function readLendingOverview(deps: AppDeps, context: UserContext): Promise<Overview> {
  const parameters = await readParameters(deps.db);
  const rows = await deps.db
    .selectFrom('positions')
    .innerJoin('instruments', 'instruments.symbol', 'positions.symbol')
    .leftJoin('lendings', (join) =>
      join.onRef('lendings.position_id', '=', 'positions.id').on('lendings.state', '=', 'in_progress'),
    )
    .select([
      'positions.id',
      'positions.symbol',
      'positions.quantity',
      'positions.side',
      'positions.leverage',
      'positions.state',
      'positions.intraday',
      'positions.origin',
      'instruments.name',
      'lendings.id as lending_id',
      'lendings.term_ends_at',
    ])
    .where('positions.user_id', '=', context.user.id)
    .where('positions.state', '=', 'holding')
    .where('positions.side', '=', 'long')
    .where('positions.leverage', '=', 1)
    .orderBy('positions.id', 'desc')
    .limit(HOLDINGS_MAX)
    .execute();
  const lendable = rows.filter((row) => lendingIneligibility(row) === null);
  const prices = await deps.prices.currentMany(lendable.map((row) => row.symbol));
  return {
    channelOpen: parameters.lending_channel_open,
    feeBpsPerDay: parameters.lending_fee_bps_per_day,
    terms: [...LENDING_TERM_DAYS],
    minValue: formatPaise(parameters.lending_value_min),
    holdings: lendable.map((row) => {
      const quantity = Number(row.quantity);
      const pricePaise = prices.get(row.symbol)?.pricePaise ?? null;
      return {
        positionId: String(row.id),
        symbol: row.symbol,
        name: row.name,
        quantity,
        price: pricePaise === null ? null : formatPaise(pricePaise),
        value: pricePaise === null ? null : formatPaise(lendingValuePaise(quantity, pricePaise)),
        lendingId: row.lending_id === null ? null : String(row.lending_id),
        lentUntil: row.term_ends_at ? row.term_ends_at.getTime() : null,
      };
    }),
  };
}

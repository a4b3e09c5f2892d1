import type { Db } from '../../db/database.js';

/** Block trades joined with their position's state, fee and lock, and the instrument's name. */
export function blockTradesQuery(db: Db) {
  return db
    .selectFrom('block_trades')
    .innerJoin('positions', 'positions.id', 'block_trades.position_id')
    .innerJoin('instruments', 'instruments.symbol', 'block_trades.symbol')
    .selectAll('block_trades')
    .select([
      'instruments.name as name',
      'positions.state as position_state',
      'positions.open_fee_paise as open_fee_paise',
      'positions.locked_until as locked_until',
    ]);
}

import { type Expression, type Insertable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { RowOf } from './row-lookups.js';
import { insertRowIfAbsent } from './row-writes.js';

/** The tables of a position's daily charges: one row per position and IST day (migrations 0019, 0025). */
export type DailyChargeTable = 'lending_borrow_fees' | 'mtf_interest_charges';

/**
 * A filter on `positions` for the daily charge jobs: the position has no row in `table` for the IST
 * day yet, so that day is still to be charged (the row is written once, with the charge).
 */
function dayNotChargedYet(table: DailyChargeTable, istDate: string): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from ${sql.table(table)} as charged where charged.position_id = positions.id and charged.ist_date = ${istDate})`;
}

/**
 * The positions of `holdings` (a query over `positions` selecting its id and user_id, narrowed to
 * what the job charges) still holding, with no row in `table` for the IST day yet: the job's due
 * list for that day, by position id, at most `limit`.
 */
export async function findPositionsOwingDay<Tables extends keyof Database>(
  holdings: SelectQueryBuilder<Database, Tables | 'positions', { id: bigint; user_id: bigint }>,
  charged: { table: DailyChargeTable; istDate: string; limit: number },
): Promise<Array<{ positionId: bigint; userId: bigint }>> {
  const rows = await holdings
    .where(sql.ref('positions.state'), '=', 'holding')
    .where(dayNotChargedYet(charged.table, charged.istDate))
    .orderBy(sql.ref('positions.id'))
    .limit(charged.limit)
    .execute();
  return rows.map((row) => ({ positionId: row.id, userId: row.user_id }));
}

/** Writes a position's row for the day once; false when that day had its row already (nothing written). */
export async function insertDayRowOnce<Table extends DailyChargeTable>(
  trx: Db,
  table: Table,
  values: Insertable<Database[Table]>,
): Promise<boolean> {
  // TypeScript cannot see the shared key columns through the generic Table; both tables have them.
  const key = ['position_id', 'ist_date'] as Array<keyof RowOf<Table> & string>;
  return insertRowIfAbsent(trx, table, values, key);
}

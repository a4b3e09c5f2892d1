import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The `daily_deliveries` table: how many of a day's traded shares were delivered, from NSE's full
 * bhavcopy (ADR 0023). One row a symbol and trade date.
 */
export interface DailyDelivery {
  symbol: string;
  /** `YYYY-MM-DD`. */
  tradeDate: string;
  tradedQuantity: bigint;
  deliveredQuantity: bigint;
  /** As NSE states it: 69.37% is 6937. */
  deliveryBps: number;
}

/** Writes (or rewrites) days' delivery figures, one statement for any number. */
export async function upsertDailyDeliveries(trx: Db, deliveries: readonly DailyDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  const column = <T>(read: (delivery: DailyDelivery) => T) => deliveries.map(read);
  await sql`INSERT INTO daily_deliveries
      (symbol, trade_date, traded_quantity, delivered_quantity, delivery_bps)
    SELECT * FROM unnest(
      ${column((delivery) => delivery.symbol)}::text[],
      ${column((delivery) => delivery.tradeDate)}::date[],
      ${column((delivery) => String(delivery.tradedQuantity))}::bigint[],
      ${column((delivery) => String(delivery.deliveredQuantity))}::bigint[],
      ${column((delivery) => delivery.deliveryBps)}::integer[])
    ON CONFLICT (symbol, trade_date) DO UPDATE SET
      traded_quantity = excluded.traded_quantity,
      delivered_quantity = excluded.delivered_quantity,
      delivery_bps = excluded.delivery_bps`.execute(trx);
}

/** A symbol's newest delivery figures, if any file stated them. */
export async function findLatestDelivery(db: Db, symbol: string): Promise<DailyDelivery | undefined> {
  const row = await db
    .selectFrom('daily_deliveries')
    .select([
      'symbol',
      sql<string>`trade_date::text`.as('trade_date'),
      'traded_quantity',
      'delivered_quantity',
      'delivery_bps',
    ])
    .where('symbol', '=', symbol)
    .orderBy('daily_deliveries.trade_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    symbol: row.symbol,
    tradeDate: row.trade_date,
    tradedQuantity: BigInt(row.traded_quantity),
    deliveredQuantity: BigInt(row.delivered_quantity),
    deliveryBps: row.delivery_bps,
  };
}

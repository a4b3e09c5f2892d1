import type { IstDate } from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type RecordOfRow, recordFromRow } from './row-records.js';

/*
 * Reads of `trade_charges` (migration 0023) for the documents built from them: contract notes and
 * the tax P&L (docs/adr/0021-contract-notes.md). The rows are written with each trade, in the
 * trade's transaction; nothing here writes them.
 */

function selectTrades(db: Db) {
  return db
    .selectFrom('trade_charges')
    .select([
      'id',
      'position_id',
      'user_id',
      'leg',
      'product',
      'side',
      'symbol',
      'quantity',
      'price_paise',
      'turnover_paise',
      'executed_at',
      sql<string>`trade_date::text`.as('trade_date'),
      'brokerage_paise',
      'stt_paise',
      'exchange_paise',
      'sebi_paise',
      'stamp_paise',
      'gst_paise',
      'dp_paise',
      'total_paise',
    ]);
}

type TradeRow = Awaited<ReturnType<ReturnType<typeof selectTrades>['execute']>>[number];

/** One executed order with its charge lines, as recorded when it executed. */
export type ExecutedTrade = RecordOfRow<TradeRow>;

/** A user's orders executed on an IST trade date, in the order they executed. */
export async function findTradesOfDay(db: Db, userId: bigint, tradeDate: IstDate): Promise<ExecutedTrade[]> {
  const rows = await selectTrades(db)
    .where('user_id', '=', userId)
    .where('trade_date', '=', tradeDate)
    .orderBy('executed_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => recordFromRow(row));
}

/**
 * A user's orders executed on or before a date, oldest first: the tax P&L needs every lot bought
 * before the year it reports. At most `limit` rows (the caller refuses a history larger than that).
 */
export async function findTradesThrough(
  db: Db,
  userId: bigint,
  throughDate: IstDate,
  limit: number,
): Promise<ExecutedTrade[]> {
  const rows = await selectTrades(db)
    .where('user_id', '=', userId)
    .where('trade_date', '<=', throughDate)
    .orderBy('executed_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => recordFromRow(row));
}

/**
 * (user, trade date) pairs with executed orders on or before `throughDate` and no contract note yet,
 * oldest first: the issuing job's work list (a day the engine missed is caught up).
 */
export async function findTradeDaysWithoutContractNote(
  db: Db,
  throughDate: IstDate,
  limit: number,
): Promise<{ userId: bigint; tradeDate: IstDate }[]> {
  const rows = await db
    .selectFrom('trade_charges')
    .leftJoin('contract_notes', (join) =>
      join
        .onRef('contract_notes.user_id', '=', 'trade_charges.user_id')
        .onRef('contract_notes.trade_date', '=', 'trade_charges.trade_date'),
    )
    .where('contract_notes.id', 'is', null)
    .where('trade_charges.trade_date', '<=', throughDate)
    .select(['trade_charges.user_id', sql<string>`trade_charges.trade_date::text`.as('trade_date')])
    .groupBy(['trade_charges.user_id', 'trade_charges.trade_date'])
    .orderBy('trade_charges.trade_date')
    .orderBy('trade_charges.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, tradeDate: row.trade_date }));
}

/**
 * The turnover of the orders executed on IST trade dates from `firstDate` to `lastDate`, bought and
 * sold, with how many executed (the end-of-day report, docs/adr/0033). Every executed leg writes its
 * row with its entry (docs/adr/0020), so this is the exchange turnover the charges were priced on.
 * Paper trades (ADR 0026) reach no exchange and are left out.
 */
export async function sumTurnoverOfDates(
  db: Db,
  firstDate: IstDate,
  lastDate: IstDate,
): Promise<{ orders: number; buyPaise: bigint; sellPaise: bigint }> {
  const result = await sql<{ orders: bigint; buy: string; sell: string }>`
    SELECT count(*) AS orders,
           coalesce(sum(turnover_paise) FILTER (WHERE side = 'buy'), 0)::text AS buy,
           coalesce(sum(turnover_paise) FILTER (WHERE side = 'sell'), 0)::text AS sell
    FROM trade_charges c JOIN users u ON u.id = c.user_id
    WHERE c.trade_date >= ${firstDate}::date AND c.trade_date <= ${lastDate}::date
      AND u.account_kind <> 'paper'
  `.execute(db);
  const row = result.rows[0]!;
  return { orders: Number(row.orders), buyPaise: BigInt(row.buy), sellPaise: BigInt(row.sell) };
}

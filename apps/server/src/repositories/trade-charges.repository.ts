import {
  type ChargeLines,
  type IstDate,
  istDate,
  type PositionSide,
  type TradeLeg,
  tradeSideOf,
} from '@nivesh/core';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { TradeChargesTable } from '../db/schema.js';
import { type Arg, compiledQuery } from './compiled-query.js';

export type TradeChargesRow = Selectable<TradeChargesTable>;

/**
 * The columns of a leg's trade_charges row that the trade decides (the position's own columns,
 * its id, owner, product, symbol and quantity, are the database's: open_position and close_holding
 * take them from the row they write, migration 0024). Bigints stay bigints here; the repository
 * that sends them turns them into strings.
 */
export function tradeChargesColumns(input: {
  positionSide: PositionSide;
  leg: TradeLeg;
  pricePaise: bigint;
  quantity: number;
  atMs: number;
  charges: ChargeLines;
}) {
  const { charges } = input;
  return {
    side: tradeSideOf(input.positionSide, input.leg),
    price_paise: input.pricePaise,
    turnover_paise: input.pricePaise * BigInt(input.quantity),
    executed_at: new Date(input.atMs),
    trade_date: istDate(input.atMs),
    brokerage_paise: charges.brokeragePaise,
    stt_paise: charges.sttPaise,
    exchange_paise: charges.exchangePaise,
    sebi_paise: charges.sebiPaise,
    stamp_paise: charges.stampPaise,
    gst_paise: charges.gstPaise,
    dp_paise: charges.dpPaise,
    total_paise: charges.totalPaise,
  };
}

export type TradeChargesColumns = ReturnType<typeof tradeChargesColumns>;

/** Writes a leg's row where the position and its entry were written by separate statements. */
export async function insertTradeCharges(
  trx: Db,
  input: {
    position: {
      id: bigint;
      userId: bigint;
      symbol: string;
      quantity: number;
      product: TradeChargesTable['product'];
    };
    leg: TradeLeg;
    columns: TradeChargesColumns;
    journalEntryId: bigint;
  },
): Promise<void> {
  const row: Insertable<TradeChargesTable> = {
    ...input.columns,
    position_id: input.position.id,
    user_id: input.position.userId,
    leg: input.leg,
    product: input.position.product,
    symbol: input.position.symbol,
    quantity: BigInt(input.position.quantity),
    journal_entry_id: input.journalEntryId,
  };
  await trx.insertInto('trade_charges').values(row).execute();
}

/**
 * Whether a user's sale of a scrip on an IST date already paid the DP charge (once per scrip per
 * day; index trade_charges_dp_day).
 */
export async function isDpChargePaid(
  db: Db,
  userId: bigint,
  symbol: string,
  tradeDate: IstDate,
): Promise<boolean> {
  const rows = await selectDpChargePaid(db, { userId, symbol, tradeDate });
  return rows.length > 0;
}

// Every close of a delivery holding asks it: compiled once (docs/adr/0038).
const selectDpChargePaid = compiledQuery(
  (db, arg: Arg<{ userId: bigint; symbol: string; tradeDate: IstDate }>) =>
    db
      .selectFrom('trade_charges')
      .select('id')
      .where('user_id', '=', arg('userId'))
      .where('symbol', '=', arg('symbol'))
      .where('trade_date', '=', arg('tradeDate'))
      .where('dp_paise', '>', 0n)
      .limit(1),
);

/** A position's charge rows, the opening leg first. */
export async function findTradeChargesOfPosition(db: Db, positionId: bigint): Promise<TradeChargesRow[]> {
  return db
    .selectFrom('trade_charges')
    .selectAll()
    .where('position_id', '=', positionId)
    .orderBy('id')
    .execute();
}

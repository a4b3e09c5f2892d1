import type { CorporateAction } from '@nivesh/market';
import type { Db } from '../db/database.js';
import type { CorporateActionsTable } from '../db/schema.js';

/** The `corporate_actions` table: splits, bonuses and dividends that adjust a symbol's candles. */
export interface CorporateActionRecord {
  id: bigint;
  symbol: string;
  kind: CorporateActionsTable['kind'];
  exDateMs: number;
  ratioFrom: number;
  ratioTo: number;
  dividendPaise: bigint | null;
  createdAtMs: number;
}

function toCorporateActionRecord(row: {
  id: bigint;
  symbol: string;
  kind: CorporateActionsTable['kind'];
  ex_date_ms: bigint;
  ratio_from: number;
  ratio_to: number;
  dividend_paise: bigint | null;
  created_at: Date;
}): CorporateActionRecord {
  return {
    id: row.id,
    symbol: row.symbol,
    kind: row.kind,
    exDateMs: Number(row.ex_date_ms),
    ratioFrom: row.ratio_from,
    ratioTo: row.ratio_to,
    dividendPaise: row.dividend_paise,
    createdAtMs: row.created_at.getTime(),
  };
}

/** One page of the actions (of one symbol, when given), latest ex-date first, and the count of all. */
export async function listCorporateActionsPage(
  db: Db,
  filter: { symbol?: string | undefined },
  window: { limit: number; offset: number },
): Promise<{ rows: CorporateActionRecord[]; total: number }> {
  let select = db.selectFrom('corporate_actions');
  if (filter.symbol) select = select.where('symbol', '=', filter.symbol);
  const [counted, rows] = await Promise.all([
    select.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    select
      .selectAll()
      .orderBy('ex_date_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { rows: rows.map(toCorporateActionRecord), total: Number(counted.count) };
}

export async function insertCorporateAction(
  trx: Db,
  action: Omit<CorporateActionRecord, 'id'>,
): Promise<CorporateActionRecord> {
  const row = await trx
    .insertInto('corporate_actions')
    .values({
      symbol: action.symbol,
      kind: action.kind,
      ex_date_ms: BigInt(action.exDateMs),
      ratio_from: action.ratioFrom,
      ratio_to: action.ratioTo,
      dividend_paise: action.dividendPaise,
      created_at: new Date(action.createdAtMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCorporateActionRecord(row);
}

/** A symbol's actions, oldest ex-date first, as the candle adjustment takes them. */
export async function listCorporateActionsOf(db: Db, symbol: string): Promise<CorporateAction[]> {
  const rows = await db
    .selectFrom('corporate_actions')
    .select(['kind', 'ex_date_ms', 'ratio_from', 'ratio_to', 'dividend_paise'])
    .where('symbol', '=', symbol)
    .orderBy('ex_date_ms')
    .execute();
  return rows.map((row) => ({
    symbol,
    exDateMs: Number(row.ex_date_ms),
    kind: row.kind,
    ratioFrom: row.ratio_from,
    ratioTo: row.ratio_to,
    ...(row.dividend_paise !== null ? { dividendPaise: row.dividend_paise } : {}),
  }));
}

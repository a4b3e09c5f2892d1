import { type BodyOf, type DataOf, MARKET_LIST_PAGE_SIZE_DEFAULT, type marketList } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { type Expression, sql } from 'kysely';
import type { AppDeps } from '../../application/context.js';
import { changePercent } from './list-indices.js';

type SortKey = NonNullable<BodyOf<typeof marketList>['sort']>;

/**
 * The sort expressions. The change rate is computed in SQL as an exact numeric ratio, so the
 * database sorts and pages; symbols without a quote sort last in either direction.
 */
const SORT_EXPRESSIONS: Record<SortKey, Expression<unknown>> = {
  changeRate: sql`(quotes.price_paise - quotes.previous_close_paise)::numeric / nullif(quotes.previous_close_paise, 0)`,
  price: sql`quotes.price_paise`,
  volume: sql`quotes.volume`,
  turnover: sql`quotes.turnover_paise`,
  symbol: sql`instruments.symbol`,
};

/**
 * `market/list`: one tab of the market screen (listed, OTC, crypto, forex, …), sorted and paged in
 * SQL with ties broken by symbol. Indices are shown by `parameter/zhishu`, not here. A segment
 * without instruments gives an empty page.
 */
export async function listMarket(
  deps: AppDeps,
  input: BodyOf<typeof marketList>,
): Promise<DataOf<typeof marketList>> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? MARKET_LIST_PAGE_SIZE_DEFAULT;
  const sortKey = input.sort ?? 'symbol';
  const isDescending = (input.order ?? (sortKey === 'symbol' ? 'asc' : 'desc')) === 'desc';
  const base = deps.db
    .selectFrom('instruments')
    .leftJoin('quotes', 'quotes.symbol', 'instruments.symbol')
    .where('instruments.segment', '=', input.segment)
    .where('instruments.kind', '<>', 'index');
  const [rows, count] = await Promise.all([
    base
      .select([
        'instruments.symbol',
        'instruments.name',
        'quotes.price_paise',
        'quotes.previous_close_paise',
        'quotes.volume',
        'quotes.simulated',
      ])
      .orderBy(SORT_EXPRESSIONS[sortKey], (order) =>
        isDescending ? order.desc().nullsLast() : order.asc().nullsLast(),
      )
      .orderBy('instruments.symbol', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number | bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => {
      const item: DataOf<typeof marketList>['items'][number] = { symbol: row.symbol, name: row.name };
      if (row.price_paise === null || row.previous_close_paise === null) return item;
      return {
        ...item,
        price: formatPaise(row.price_paise),
        change: formatPaise(row.price_paise - row.previous_close_paise),
        changeRate: changePercent(row.price_paise, row.previous_close_paise),
        volume: Number(row.volume ?? 0n),
        simulated: row.simulated ?? true,
      };
    }),
    total: Number(count.total),
    page,
    pageSize,
  };
}

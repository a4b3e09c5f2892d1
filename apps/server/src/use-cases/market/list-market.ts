import { type BodyOf, type DataOf, MARKET_LIST_PAGE_SIZE_DEFAULT, type marketList } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { changePercent } from './list-indices.js';
import { isShown } from './price-source.js';

/**
 * `market/list`: one tab of the market screen (listed, OTC, crypto, forex, …), sorted and paged in
 * SQL with ties broken by symbol, or from the segment's snapshot in memory, sorted the same way and
 * at most NIVESH_MARKET_LIST_CACHE_MS old (docs/adr/0036). Indices are shown by
 * `parameter/zhishu`, not here. A segment without instruments gives an empty page.
 */
export async function listMarket(
  deps: AppDeps,
  input: BodyOf<typeof marketList>,
): Promise<DataOf<typeof marketList>> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? MARKET_LIST_PAGE_SIZE_DEFAULT;
  const sortKey = input.sort ?? 'symbol';
  const isDescending = (input.order ?? (sortKey === 'symbol' ? 'asc' : 'desc')) === 'desc';
  const { rows, total } = await deps.marketList.page(deps.db, {
    segment: input.segment,
    sortKey,
    isDescending,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map((row) => {
      const item: DataOf<typeof marketList>['items'][number] = { symbol: row.symbol, name: row.name };
      if (row.pricePaise === null || row.previousClosePaise === null || !isShown(deps, row.source))
        return item;
      return {
        ...item,
        price: formatPaise(row.pricePaise),
        change: formatPaise(row.pricePaise - row.previousClosePaise),
        changeRate: changePercent(row.pricePaise, row.previousClosePaise),
        volume: Number(row.volume ?? 0n),
        simulated: row.simulated ?? true,
        source: row.source ?? 'simulated',
      };
    }),
    total,
    page,
    pageSize,
  };
}

import type { DataOf, listFollowProducts, listMyFollows, staffListFollowProducts } from '@nivesh/contract';
import {
  dailyProfitPaise,
  formatPaise,
  istDate,
  istDayStartMs,
  type ProfitMark,
  type ProfitPosition,
  totalProfitPaise,
} from '@nivesh/core';
import { sql } from 'kysely';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import type { FollowProductRecord, FollowRecord } from '../../repositories/follow.repository.js';

export type FollowProductView = DataOf<typeof listFollowProducts>['items'][number];
export type FollowView = DataOf<typeof listMyFollows>['items'][number];
export type StaffFollowProductView = DataOf<typeof staffListFollowProducts>['items'][number];

type Positioned = ProfitPosition & { symbol: string };

/**
 * The positions whose profit a product or a follow shows: holdings and closed positions (pending
 * and cancelled orders made nothing), either one follow's mirrors or the strategy account's own.
 */
async function profitPositions(
  db: Db,
  where: { followId: bigint } | { userId: bigint },
): Promise<Positioned[]> {
  let query = db
    .selectFrom('positions')
    .select([
      'symbol',
      'side',
      'quantity',
      'entry_price_paise',
      'opened_at',
      'margin_paise',
      'open_fee_paise',
      'state',
      'exit_price_paise',
      'closed_at',
      'close_fee_paise',
      'tax_paise',
      'payout_paise',
    ])
    .where('state', 'in', ['holding', 'closed']);
  query =
    'followId' in where
      ? query.where('follow_id', '=', where.followId)
      : query.where('user_id', '=', where.userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    side: row.side,
    quantity: Number(row.quantity),
    entryPricePaise: row.entry_price_paise!,
    openedAtMs: row.opened_at!.getTime(),
    marginPaise: row.margin_paise!,
    openFeePaise: row.open_fee_paise ?? 0n,
    ...(row.state === 'closed'
      ? {
          closed: {
            exitPricePaise: row.exit_price_paise!,
            closedAtMs: row.closed_at!.getTime(),
            closeFeePaise: row.close_fee_paise ?? 0n,
            taxPaise: row.tax_paise ?? 0n,
            payoutPaise: row.payout_paise ?? 0n,
          },
        }
      : {}),
  }));
}

/** Daily and total profit of some positions at the live feed (core follow-profit rules). */
async function profitsOf(
  deps: Pick<AppDeps, 'prices'>,
  positions: Positioned[],
  nowMs: number,
): Promise<{ daily: bigint; total: bigint; open: number }> {
  const feed = await deps.prices.currentMany(
    positions.filter((position) => !position.closed).map((position) => position.symbol),
  );
  const marks = new Map<string, ProfitMark>(
    [...feed.values()].map((price) => [
      price.symbol,
      { pricePaise: price.pricePaise, previousClosePaise: price.previousClosePaise },
    ]),
  );
  return {
    daily: dailyProfitPaise(positions, marks, istDayStartMs(istDate(nowMs))),
    total: totalProfitPaise(positions, marks),
    open: positions.filter((position) => !position.closed).length,
  };
}

/**
 * A percentage of a whole to 2 decimals, truncated toward zero.
 *
 * Example: `percentOf(12345n, 1000000n)` is `"1.23"`; `percentOf(-5n, 1000n)` is `"-0.50"`.
 */
export function percentOf(partPaise: bigint, wholePaise: bigint): string {
  const hundredths = (partPaise * 10_000n) / wholePaise;
  const sign = hundredths < 0n ? '-' : '';
  const magnitude = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

export async function toFollowProductView(
  deps: Pick<AppDeps, 'db' | 'prices'>,
  product: FollowProductRecord,
  nowMs: number,
): Promise<FollowProductView> {
  const positions = await profitPositions(deps.db, { userId: product.strategyUserId });
  const profit = await profitsOf(deps, positions, nowMs);
  const counts = await deps.db
    .selectFrom('positions')
    .select(sql<string>`count(*)`.as('orders'))
    .where('user_id', '=', product.strategyUserId)
    .executeTakeFirstOrThrow();
  const followers = await deps.db
    .selectFrom('follows')
    .select(sql<string>`count(*)`.as('n'))
    .where('product_id', '=', product.id)
    .where('state', '=', 'in_progress')
    .executeTakeFirstOrThrow();
  return {
    id: String(product.id),
    name: product.name,
    description: product.description,
    currency: product.currency,
    fundSize: formatPaise(product.fundSizePaise),
    minInvestment: formatPaise(product.minInvestmentPaise),
    copyUntil: product.copyUntilMs,
    endsAt: product.endsAtMs,
    state: product.state,
    strategyOrders: Number(counts.orders),
    strategyOpenPositions: profit.open,
    followers: Number(followers.n),
    dailyProfit: formatPaise(profit.daily),
    totalProfit: formatPaise(profit.total),
    totalProfitPercent: percentOf(profit.total, product.fundSizePaise),
  };
}

export async function toFollowView(
  deps: Pick<AppDeps, 'db' | 'prices'>,
  follow: FollowRecord,
  product: FollowProductRecord,
  nowMs: number,
): Promise<FollowView> {
  const positions = await profitPositions(deps.db, { followId: follow.id });
  const profit = await profitsOf(deps, positions, nowMs);
  // While in progress the allocation account is this follow's (one follow in progress per user).
  const allocation =
    follow.state === 'in_progress'
      ? ((
          await deps.db
            .selectFrom('ledger_accounts')
            .select('balance_minor')
            .where('owner_type', '=', 'user')
            .where('user_id', '=', follow.userId)
            .where('purpose', '=', 'follow_allocation')
            .where('currency', '=', product.currency)
            .executeTakeFirst()
        )?.balance_minor ?? 0n)
      : 0n;
  const invested = positions
    .filter((position) => !position.closed)
    .reduce((sum, position) => sum + position.marginPaise, 0n);
  return {
    id: String(follow.id),
    productId: String(product.id),
    productName: product.name,
    buyAmount: formatPaise(follow.amountPaise),
    allocationCash: formatPaise(allocation),
    invested: formatPaise(invested),
    dailyProfit: formatPaise(profit.daily),
    totalProfit: formatPaise(profit.total),
    state: follow.state,
    startedAt: follow.startedAtMs,
    endedAt: follow.endedAtMs,
    returned: follow.returnedPaise === null ? null : formatPaise(follow.returnedPaise),
    endsAt: product.endsAtMs,
    openPositions: profit.open,
  };
}

export async function toStaffFollowProductView(
  deps: Pick<AppDeps, 'db' | 'prices'>,
  product: FollowProductRecord,
  nowMs: number,
): Promise<StaffFollowProductView> {
  const cash = await deps.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('owner_type', '=', 'user')
    .where('user_id', '=', product.strategyUserId)
    .where('purpose', '=', 'cash')
    .where('currency', '=', product.currency)
    .executeTakeFirst();
  const invested = await deps.db
    .selectFrom('follows')
    .select(sql<string>`coalesce(sum(amount_paise), 0)::text`.as('total'))
    .where('product_id', '=', product.id)
    .where('state', '=', 'in_progress')
    .executeTakeFirstOrThrow();
  return {
    product: await toFollowProductView(deps, product, nowMs),
    strategyUserId: String(product.strategyUserId),
    strategyCash: formatPaise(cash?.balance_minor ?? 0n),
    takenDown: product.takenDownAtMs !== null,
    takenDownReason: product.takenDownReason,
    endedAt: product.endedAtMs,
    endReason: product.endReason,
    invested: formatPaise(BigInt(invested.total)),
    createdAt: product.createdAtMs,
  };
}

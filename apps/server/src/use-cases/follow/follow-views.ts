import type { DataOf, listFollowProducts, listMyFollows, staffListFollowProducts } from '@nivesh/contract';
import {
  type CurrencyCode,
  dailyProfitPaise,
  formatPaise,
  istDate,
  istDayStartMs,
  type ProfitMark,
  type ProfitPosition,
  totalProfitPaise,
  type UserAccountPurpose,
} from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import {
  type FollowProductRecord,
  type FollowRecord,
  summarizeFollowsInProgress,
} from '../../repositories/follow.repository.js';
import { userBalancesByPurpose } from '../../repositories/ledger.repository.js';
import {
  countPositionsOfUser,
  findHoldingAndClosedPositions,
} from '../../repositories/position.repository.js';
import { secondApprovalOf } from '../approvals/second-approval.js';

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
  owner: { followId: bigint } | { userId: bigint },
): Promise<Positioned[]> {
  const positions = await findHoldingAndClosedPositions(db, owner);
  return positions.map((position) => ({
    symbol: position.symbol,
    side: position.side,
    quantity: position.quantity,
    entryPricePaise: position.entryPricePaise!,
    openedAtMs: position.openedAtMs!,
    marginPaise: position.marginPaise!,
    openFeePaise: position.openFeePaise ?? 0n,
    ...(position.state === 'closed'
      ? {
          closed: {
            exitPricePaise: position.exitPricePaise!,
            closedAtMs: position.closedAtMs!,
            closeFeePaise: position.closeFeePaise ?? 0n,
            taxPaise: position.taxPaise ?? 0n,
            payoutPaise: position.payoutPaise ?? 0n,
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

/** A user's balance of one purpose in a currency; nothing yet is zero. */
async function userBalanceOf(
  db: Db,
  userId: bigint,
  purpose: UserAccountPurpose,
  currency: string,
): Promise<bigint> {
  const balances = await userBalancesByPurpose(db, userId, currency as CurrencyCode);
  return balances.get(purpose) ?? 0n;
}

export async function toFollowProductView(
  deps: Pick<AppDeps, 'db' | 'prices'>,
  product: FollowProductRecord,
  nowMs: number,
): Promise<FollowProductView> {
  const positions = await profitPositions(deps.db, { userId: product.strategyUserId });
  const profit = await profitsOf(deps, positions, nowMs);
  const strategyOrders = await countPositionsOfUser(deps.db, product.strategyUserId);
  const { followers } = await summarizeFollowsInProgress(deps.db, product.id);
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
    strategyOrders,
    strategyOpenPositions: profit.open,
    followers,
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
      ? await userBalanceOf(deps.db, follow.userId, 'follow_allocation', product.currency)
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
  const cash = await userBalanceOf(deps.db, product.strategyUserId, 'cash', product.currency);
  const { investedPaise } = await summarizeFollowsInProgress(deps.db, product.id);
  return {
    product: await toFollowProductView(deps, product, nowMs),
    strategyUserId: String(product.strategyUserId),
    strategyCash: formatPaise(cash),
    takenDown: product.takenDownAtMs !== null,
    takenDownReason: product.takenDownReason,
    endedAt: product.endedAtMs,
    endReason: product.endReason,
    invested: formatPaise(investedPaise),
    createdAt: product.createdAtMs,
    pendingFunding: await secondApprovalOf(deps.db, 'follow_funding', product.id),
  };
}

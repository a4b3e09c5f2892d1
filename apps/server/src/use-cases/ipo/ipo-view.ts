import type { DataOf, newStockDetail, newStockOrders, staffListIpo } from '@nivesh/contract';
import {
  displayStateOf,
  formatPaise,
  issuePhaseOf,
  listingPremiumBps,
  sharesAmountPaise,
  winningRateBps,
} from '@nivesh/core';
import type { Db } from '../../db/database.js';
import {
  type IpoIssueRow,
  type IpoSubscriptionRow,
  type IssueTotals,
  issueTotals,
  quotePrices,
  userSubscriptionsOf,
} from '../../repositories/ipo.repository.js';

export type IssueView = DataOf<typeof newStockDetail>;
export type SubscriptionView = DataOf<typeof newStockOrders>['items'][number];
export type StaffIssueView = DataOf<typeof staffListIpo>['items'][number];

const time = (date: Date | null) => (date ? date.getTime() : null);
const money = (paise: bigint | null) => (paise === null ? null : formatPaise(paise));

/** Basis points as a percent with two decimals: 1235 → "12.35", -5 → "-0.05". */
export function percentOfBps(bps: number): string {
  const sign = bps < 0 ? '-' : '';
  const whole = Math.abs(bps);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

export function phaseOf(issue: IpoIssueRow, nowMs: number) {
  return issuePhaseOf(
    {
      opensAtMs: issue.opens_at.getTime(),
      closesAtMs: issue.closes_at.getTime(),
      drawAtMs: issue.draw_at.getTime(),
      allotmentAtMs: issue.allotment_at.getTime(),
      listingAtMs: issue.listing_at.getTime(),
      drawnAtMs: time(issue.drawn_at),
      listedAtMs: time(issue.listed_at),
      cancelledAtMs: time(issue.cancelled_at),
    },
    nowMs,
  );
}

/**
 * An issue as investors see it. The market price (and so the difference and premium) exists only
 * once the issue has listed: before that there is no market, and none is made up.
 */
export function toIssueView(
  issue: IpoIssueRow,
  input: {
    nowMs: number;
    totals: IssueTotals | undefined;
    marketPricePaise: bigint | undefined;
    mine: readonly IpoSubscriptionRow[];
  },
): IssueView {
  const phase = phaseOf(issue, input.nowMs);
  const listed = issue.listed_at !== null && input.marketPricePaise !== undefined;
  const finalPrice = issue.final_price_paise;
  const market = listed ? input.marketPricePaise! : null;
  const mine = input.mine.filter((row) => row.state !== 'failed');
  const latest = input.mine[0];
  const myShares = mine.reduce((sum, row) => sum + row.quantity, 0n);
  return {
    id: String(issue.id),
    code: issue.code,
    name: issue.name,
    issueMarket: issue.issue_market,
    sponsor: issue.sponsor,
    provisionalPrice: formatPaise(issue.provisional_price_paise),
    finalPrice: money(finalPrice),
    marketPrice: money(market),
    priceDifference: market !== null && finalPrice !== null ? formatPaise(market - finalPrice) : null,
    premiumPercent:
      market !== null && finalPrice !== null ? percentOfBps(listingPremiumBps(market, finalPrice)) : null,
    lotSize: issue.lot_size,
    minShares: issue.min_subscription_shares,
    perUserLimit: issue.subscriptions_per_user,
    offeredShares: Number(issue.offered_shares),
    totalSubscribedShares: Number(input.totals?.subscribedShares ?? 0n),
    subscriptionCount: input.totals?.subscriptionCount ?? 0,
    winningRatePercent:
      issue.allotted_lots !== null && issue.total_lots !== null
        ? percentOfBps(winningRateBps(Number(issue.allotted_lots), Number(issue.total_lots)))
        : null,
    moneyMode: issue.money_mode,
    opensAt: issue.opens_at.getTime(),
    closesAt: issue.closes_at.getTime(),
    drawAt: issue.draw_at.getTime(),
    allotmentAt: issue.allotment_at.getTime(),
    listingAt: issue.listing_at.getTime(),
    phase,
    seedCommitment: issue.seed_commitment,
    seed: issue.seed,
    drawnAt: time(issue.drawn_at),
    listedAt: time(issue.listed_at),
    my: {
      state: latest
        ? displayStateOf(latest.state, input.nowMs, issue.closes_at.getTime())
        : phase === 'open'
          ? 'to_be_subscribed'
          : null,
      subscriptions: mine.length,
      subscribedShares: Number(myShares),
      subscribedAmount: formatPaise(sharesAmountPaise(myShares, issue.provisional_price_paise)),
    },
  };
}

/** Issues with their totals, the viewer's own subscriptions and (listed ones) market prices. */
export async function issueViews(
  db: Db,
  issues: readonly IpoIssueRow[],
  input: { nowMs: number; userId: bigint | null },
): Promise<IssueView[]> {
  const ids = issues.map((issue) => issue.id);
  const [totals, prices, mine] = await Promise.all([
    issueTotals(db, ids),
    quotePrices(
      db,
      issues.filter((issue) => issue.listed_at !== null).map((issue) => issue.code),
    ),
    input.userId === null ? Promise.resolve([]) : userSubscriptionsOf(db, input.userId, ids),
  ]);
  return issues.map((issue) =>
    toIssueView(issue, {
      nowMs: input.nowMs,
      totals: totals.get(issue.id),
      marketPricePaise: prices.get(issue.code),
      mine: mine.filter((row) => row.issue_id === issue.id),
    }),
  );
}

/** Issues as staff see them: the investor's view plus the staff-only columns and the money held. */
export async function staffIssueViews(
  db: Db,
  issues: readonly IpoIssueRow[],
  nowMs: number,
): Promise<StaffIssueView[]> {
  const views = await issueViews(db, issues, { nowMs, userId: null });
  const totals = await issueTotals(
    db,
    issues.map((issue) => issue.id),
  );
  return issues.map((issue, index) => ({
    issue: views[index]!,
    finalPriceSet: issue.final_price_paise !== null,
    createdAt: issue.created_at.getTime(),
    lapsedAt: time(issue.lapsed_at),
    cancelledAt: time(issue.cancelled_at),
    cancelReason: issue.cancel_reason,
    heldTotal: formatPaise(totals.get(issue.id)?.heldPaise ?? 0n),
  }));
}

export async function staffIssueView(db: Db, issue: IpoIssueRow, nowMs: number): Promise<StaffIssueView> {
  return (await staffIssueViews(db, [issue], nowMs))[0]!;
}

/** A subscription as its investor sees it. */
export function toSubscriptionView(
  row: IpoSubscriptionRow,
  issue: IpoIssueRow,
  nowMs: number,
): SubscriptionView {
  return {
    id: String(row.id),
    issueId: String(issue.id),
    code: issue.code,
    name: issue.name,
    moneyMode: issue.money_mode,
    state: displayStateOf(row.state, nowMs, issue.closes_at.getTime()),
    quantity: Number(row.quantity),
    lots: row.lots,
    amount: formatPaise(sharesAmountPaise(row.quantity, issue.provisional_price_paise)),
    held: formatPaise(row.held_paise),
    wonLots: row.won_lots,
    allottedShares: row.allotted_shares === null ? null : Number(row.allotted_shares),
    finalPrice: money(issue.final_price_paise),
    captured: money(row.captured_paise),
    released: money(row.released_paise),
    due: money(row.due_paise),
    paid: money(row.paid_paise),
    subscribedAt: row.subscribed_at.getTime(),
    paymentDeadline: issue.allotment_at.getTime(),
    listingAt: issue.listing_at.getTime(),
    positionId: row.position_id === null ? null : String(row.position_id),
  };
}

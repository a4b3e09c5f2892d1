import { invariant } from '../invariant.js';

/**
 * The balances of one user's accounts in one currency, in minor units (paise for INR), as the
 * ledger holds them, plus the open positions' unrealised P&L at the feed price. Every amount is
 * zero or positive: `loanOutstanding` is what the user owes (the `loan_payable` balance negated).
 */
export interface AccountBalances {
  /** The `cash` account. */
  cash: bigint;
  /** The `withdrawal_hold` account: withdrawals requested and not yet paid or rejected. */
  withdrawalHold: bigint;
  /** The `order_hold` account: margin and fee held by pending limit orders. */
  orderHold: bigint;
  /** The `margin` account: margin locked in open positions. */
  margin: bigint;
  /** The `ipo_escrow` account: money blocked by IPO subscriptions. */
  ipoEscrow: bigint;
  /** Principal and interest owed on credit loans: minus the `loan_payable` balance. */
  loanOutstanding: bigint;
  /**
   * The `follow_allocation` account: a copy-trading follow's money not in mirrored positions (their
   * margin is in `margin`). Invested, like margin. Absent means zero.
   */
  followAllocation?: bigint;
  /**
   * IPO allotments won and paid for (captured from escrow, or paid after allotment) that have not
   * listed yet, at the allotment price: allotted shares × final price. The money sits in the house's
   * IPO proceeds account until listing day, when it becomes the holding's margin (ADR 0011), so
   * without this figure the shares would vanish from the investor's view between payment and
   * listing. Absent means zero.
   */
  allottedAwaitingListing?: bigint;
  /**
   * The sum over open positions of each position's P&L at the feed price, each first limited to lose
   * at most its margin (splitLossAtMargin), since a loss beyond the margin is the house's. May be
   * negative.
   */
  unrealisedPnl: bigint;
}

/**
 * One currency's balances from the ledger's balances by account purpose (`cash`, `loan_payable`, ...),
 * an account not opened yet counting as zero, with the open positions' unrealised P&L and the IPO
 * allotments awaiting listing (valued at the allotment price; see allotmentValue).
 *
 * Example: `cash` `250000n` and `loan_payable` `-100000n` give cash `250000n` and loanOutstanding
 * `100000n`, every other balance `0n`.
 */
export function accountBalancesOf(
  byPurpose: ReadonlyMap<string, bigint>,
  unrealisedPnl = 0n,
  allottedAwaitingListing = 0n,
): AccountBalances {
  return {
    cash: byPurpose.get('cash') ?? 0n,
    withdrawalHold: byPurpose.get('withdrawal_hold') ?? 0n,
    orderHold: byPurpose.get('order_hold') ?? 0n,
    margin: byPurpose.get('margin') ?? 0n,
    ipoEscrow: byPurpose.get('ipo_escrow') ?? 0n,
    loanOutstanding: -(byPurpose.get('loan_payable') ?? 0n),
    followAllocation: byPurpose.get('follow_allocation') ?? 0n,
    allottedAwaitingListing,
    unrealisedPnl,
  };
}

/**
 * What allotted shares awaiting listing are worth on the investor's view: the shares at the
 * allotment (final) price, exactly what the allotment took from escrow or cash. Their market value
 * is unknown until the instrument lists and trades.
 *
 * Example: 12,000 shares allotted at ₹95.00 (`9500n`) are worth `114000000n` (₹11,40,000.00).
 */
export function allotmentValue(allottedShares: bigint, allotmentPricePaise: bigint): bigint {
  invariant(allottedShares >= 0n && allotmentPricePaise >= 0n, 'an allotment is never negative');
  return allottedShares * allotmentPricePaise;
}

/** What the user sees for one currency; each figure is defined by the function of the same name. */
export interface AccountView {
  totalAssets: bigint;
  liabilities: bigint;
  netAssets: bigint;
  available: bigint;
  frozen: bigint;
  invested: bigint;
  /** The part of `invested` that is IPO allotments awaiting listing. */
  allotted: bigint;
  profit: bigint;
  withdrawable: bigint;
}

/**
 * Available funds: the cash the user can use now to trade, subscribe or withdraw (within the
 * withdrawable rule). Holds are not in it, because they are already separate accounts.
 *
 * Example: cash `250000n` with `50000n` on withdrawal hold shows available `250000n` (₹2,500.00).
 */
export function computeAvailable(balances: AccountBalances): bigint {
  assertBalances(balances);
  return balances.cash;
}

/**
 * Frozen funds: the user's money held for something not yet settled: withdrawal holds, pending-order
 * holds and IPO escrow. It returns to cash or leaves when that thing is decided. Margin in open
 * positions is not frozen; it is invested.
 *
 * Example: withdrawal hold `50000n` + order hold `10300n` + IPO escrow `0n` = frozen `60300n` (₹603.00).
 */
export function computeFrozen(balances: AccountBalances): bigint {
  assertBalances(balances);
  return balances.withdrawalHold + balances.orderHold + balances.ipoEscrow;
}

/**
 * Invested amount: margin locked in open positions, what the user has put into them, plus the cash
 * of a copy-trading allocation (money put into a product, not yet in one of its positions), plus IPO
 * allotments paid for and awaiting listing at the allotment price (on listing day that amount
 * becomes the holding's margin, so listing leaves this figure unchanged).
 *
 * Example: two holdings with margins `100000n` and `25000n` and an allotment of `50000n` awaiting
 * listing show invested `175000n` (₹1,750.00).
 */
export function computeInvested(balances: AccountBalances): bigint {
  assertBalances(balances);
  return balances.margin + (balances.followAllocation ?? 0n) + computeAllotted(balances);
}

/**
 * Allotted: IPO allotments won and paid for that have not listed yet, at the allotment price (part
 * of invested).
 *
 * Example: 1,000 shares allotted at ₹95.00 and paid show allotted `9500000n` (₹95,000.00).
 */
export function computeAllotted(balances: AccountBalances): bigint {
  assertBalances(balances);
  return balances.allottedAwaitingListing ?? 0n;
}

/**
 * Profit: the unrealised P&L of open positions at the feed price, before the fee and tax of closing
 * them. Realised P&L is already in cash and is not counted again.
 *
 * Example: a long of 10 shares bought at ₹100.00 with the feed at ₹101.50 shows profit `1500n` (₹15.00).
 */
export function computeProfit(balances: AccountBalances): bigint {
  assertBalances(balances);
  return balances.unrealisedPnl;
}

/**
 * Total assets: everything the user's accounts hold at the feed price: available + frozen + invested
 * + profit, allotments awaiting listing included (in invested). It is gross of any loan: money
 * borrowed is in cash and counted here, and what is owed is shown beside it (liabilities, netAssets).
 *
 * Example: cash `250000n` + frozen `60300n` + margin `125000n` + profit `1500n` = `436800n` (₹4,368.00).
 */
export function computeTotalAssets(balances: AccountBalances): bigint {
  return (
    computeAvailable(balances) + computeFrozen(balances) + computeInvested(balances) + computeProfit(balances)
  );
}

/**
 * Liabilities: what the user owes on credit loans, principal and interest posted (the
 * `loan_payable` balance negated). Borrowing raises cash and liabilities by the same amount.
 *
 * Example: a ₹1,000.00 loan just paid out shows liabilities `100000n`.
 */
export function computeLiabilities(balances: AccountBalances): bigint {
  assertBalances(balances);
  return balances.loanOutstanding;
}

/**
 * Net assets: total assets less liabilities, the user's own wealth on the platform. Borrowing,
 * repaying, paying for an allotment and its listing leave it unchanged; only P&L, charges,
 * interest, deposits and withdrawals move it.
 *
 * Example: total assets `436800n` with `100000n` owed on a loan gives `336800n` (₹3,368.00).
 */
export function computeNetAssets(balances: AccountBalances): bigint {
  return computeTotalAssets(balances) - computeLiabilities(balances);
}

/**
 * Withdrawable amount (DESIGN rule 1.3): cash less what is owed on an outstanding credit loan, never
 * below zero. Money on hold is already out of cash, so it is not subtracted again. A borrower cannot
 * withdraw the loan's money, but keeps full access to any cash beyond the debt; the credit score never
 * enters this figure.
 *
 * Example: cash `250000n` with `100000n` owed gives `150000n` (₹1,500.00); cash `50000n` with
 * `100000n` owed gives `0n`.
 */
export function computeWithdrawable(balances: AccountBalances): bigint {
  assertBalances(balances);
  const withdrawable = balances.cash - balances.loanOutstanding;
  return withdrawable > 0n ? withdrawable : 0n;
}

/**
 * All of the figures above at once, for an account screen.
 *
 * Example: cash `250000n`, withdrawal hold `50000n`, everything else `0n` gives total assets
 * `300000n`, net assets `300000n`, available `250000n`, frozen `50000n`, withdrawable `250000n`.
 */
export function deriveAccountView(balances: AccountBalances): AccountView {
  return {
    totalAssets: computeTotalAssets(balances),
    liabilities: computeLiabilities(balances),
    netAssets: computeNetAssets(balances),
    available: computeAvailable(balances),
    frozen: computeFrozen(balances),
    invested: computeInvested(balances),
    allotted: computeAllotted(balances),
    profit: computeProfit(balances),
    withdrawable: computeWithdrawable(balances),
  };
}

/** A negative hold or cash balance means the ledger or its reader is broken, never the user. */
function assertBalances(balances: AccountBalances): void {
  for (const name of NON_NEGATIVE_FIELDS) {
    const balance = balances[name] ?? 0n;
    invariant(balance >= 0n, `account balance ${name} must not be negative: ${balance}`);
  }
}

const NON_NEGATIVE_FIELDS = [
  'cash',
  'withdrawalHold',
  'orderHold',
  'margin',
  'ipoEscrow',
  'loanOutstanding',
  'allottedAwaitingListing',
] as const satisfies readonly (keyof AccountBalances)[];

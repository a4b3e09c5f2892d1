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
   * The sum over open positions of each position's P&L at the feed price, each first limited to lose
   * at most its margin (splitLossAtMargin), since a loss beyond the margin is the house's. May be
   * negative.
   */
  unrealisedPnl: bigint;
}

/**
 * One currency's balances from the ledger's balances by account purpose (`cash`, `loan_payable`, ...),
 * an account not opened yet counting as zero, with the open positions' unrealised P&L.
 *
 * Example: `cash` `250000n` and `loan_payable` `-100000n` give cash `250000n` and loanOutstanding
 * `100000n`, every other balance `0n`.
 */
export function accountBalancesOf(
  byPurpose: ReadonlyMap<string, bigint>,
  unrealisedPnl = 0n,
): AccountBalances {
  return {
    cash: byPurpose.get('cash') ?? 0n,
    withdrawalHold: byPurpose.get('withdrawal_hold') ?? 0n,
    orderHold: byPurpose.get('order_hold') ?? 0n,
    margin: byPurpose.get('margin') ?? 0n,
    ipoEscrow: byPurpose.get('ipo_escrow') ?? 0n,
    loanOutstanding: -(byPurpose.get('loan_payable') ?? 0n),
    followAllocation: byPurpose.get('follow_allocation') ?? 0n,
    unrealisedPnl,
  };
}

/** What the user sees for one currency; each figure is defined by the function of the same name. */
export interface AccountView {
  totalAssets: bigint;
  netAssets: bigint;
  available: bigint;
  frozen: bigint;
  invested: bigint;
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
 * of a copy-trading allocation (money put into a product, not yet in one of its positions).
 *
 * Example: two holdings with margins `100000n` and `25000n` show invested `125000n` (₹1,250.00).
 */
export function computeInvested(balances: AccountBalances): bigint {
  assertBalances(balances);
  return balances.margin + (balances.followAllocation ?? 0n);
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
 * + profit. It is gross of any loan: money borrowed is in cash and counted here (see netAssets).
 *
 * Example: cash `250000n` + frozen `60300n` + margin `125000n` + profit `1500n` = `436800n` (₹4,368.00).
 */
export function computeTotalAssets(balances: AccountBalances): bigint {
  return (
    computeAvailable(balances) + computeFrozen(balances) + computeInvested(balances) + computeProfit(balances)
  );
}

/**
 * Net assets: total assets less what is owed on credit loans, the user's own wealth on the platform.
 *
 * Example: total assets `436800n` with `100000n` owed on a loan gives `336800n` (₹3,368.00).
 */
export function computeNetAssets(balances: AccountBalances): bigint {
  return computeTotalAssets(balances) - balances.loanOutstanding;
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
 * `300000n`, available `250000n`, frozen `50000n`, withdrawable `250000n`.
 */
export function deriveAccountView(balances: AccountBalances): AccountView {
  return {
    totalAssets: computeTotalAssets(balances),
    netAssets: computeNetAssets(balances),
    available: computeAvailable(balances),
    frozen: computeFrozen(balances),
    invested: computeInvested(balances),
    profit: computeProfit(balances),
    withdrawable: computeWithdrawable(balances),
  };
}

/** A negative hold or cash balance means the ledger or its reader is broken, never the user. */
function assertBalances(balances: AccountBalances): void {
  for (const name of NON_NEGATIVE_FIELDS) {
    invariant(balances[name] >= 0n, `account balance ${name} must not be negative: ${balances[name]}`);
  }
}

const NON_NEGATIVE_FIELDS = [
  'cash',
  'withdrawalHold',
  'orderHold',
  'margin',
  'ipoEscrow',
  'loanOutstanding',
] as const satisfies readonly (keyof AccountBalances)[];

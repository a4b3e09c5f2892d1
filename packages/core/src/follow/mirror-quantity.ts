import { invariant } from '../invariant.js';

/**
 * How many whole shares a follower's mirror of a strategy trade gets: the strategy's quantity
 * scaled by the follower's share of the strategy capital, rounded down. The fraction of a share
 * that rounding drops is never bought: its money stays as cash in the follower's allocation.
 *
 * `followAmountPaise` is what the follower invested (fixed at the investment, not the allocation's
 * balance after gains or losses), `strategyCapitalPaise` the product's fund size (the capital the
 * strategy account was funded with), so every follower is scaled by the same fixed ratio.
 *
 * Example: the strategy buys 100 shares with ₹10,00,000.00 of capital; a follower who invested
 * ₹25,000.00 mirrors `mirrorQuantity(100, 2500000n, 100000000n)` = 2 shares (2.5 rounded down).
 */
export function mirrorQuantity(
  strategyQuantity: number,
  followAmountPaise: bigint,
  strategyCapitalPaise: bigint,
): number {
  invariant(Number.isSafeInteger(strategyQuantity) && strategyQuantity > 0, 'strategy quantity');
  invariant(followAmountPaise > 0n, 'follow amount is positive');
  invariant(strategyCapitalPaise > 0n, 'strategy capital is positive');
  const quantity = (BigInt(strategyQuantity) * followAmountPaise) / strategyCapitalPaise;
  invariant(quantity <= BigInt(Number.MAX_SAFE_INTEGER), 'mirror quantity is a safe integer');
  return Number(quantity);
}

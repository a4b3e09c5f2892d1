import { invariant } from '../invariant.js';
import { BPS_PER_UNIT, mulDiv } from '../money/rounding.js';

/** A withdrawal fee: a fixed part plus a rate in basis points of the amount. Both default to none. */
export interface WithdrawalFeeRule {
  fixedMinor: bigint;
  rateBps: number;
}

/**
 * The fee taken from a withdrawal: the fixed part plus the rate of the amount (half away from zero),
 * never more than the amount less one paisa, so a withdrawal always pays something out. The user
 * sees it before confirming and it comes out of the amount: no flow asks the user to pay in order to
 * withdraw (DESIGN.md section 9).
 *
 * Example: ₹10,000.00 (`1000000n`) with ₹10.00 fixed and 10 bps is `1000n + 1000n` = `2000n` (₹20.00).
 */
export function computeWithdrawalFee(amountMinor: bigint, rule: WithdrawalFeeRule): bigint {
  invariant(amountMinor > 0n, `computeWithdrawalFee: the amount must be positive: ${amountMinor}`);
  invariant(
    rule.fixedMinor >= 0n && rule.rateBps >= 0,
    'computeWithdrawalFee: the fee rule must not be negative',
  );
  const fee = rule.fixedMinor + mulDiv(amountMinor, BigInt(rule.rateBps), BPS_PER_UNIT, 'half_up');
  return fee < amountMinor ? fee : amountMinor - 1n;
}

/**
 * Why an investment in a copy-trading product is refused, checked in the spec's order: a product
 * that does not exist, has ended or was taken down; the copy time limit; the product minimum.
 * `undefined` means the investment may go ahead (the cash check is the ledger's).
 *
 * Example: ₹4,999.00 into a product with a ₹5,000.00 minimum, before its copy time limit, is
 * `{ code: 'BELOW_PRODUCT_MINIMUM' }`.
 */
export type FollowInvestmentRefusal =
  | { code: 'PRODUCT_NOT_FOUND' }
  | { code: 'COPY_TIME_LIMIT_EXCEEDED' }
  | { code: 'BELOW_PRODUCT_MINIMUM' };

export interface FollowProductTerms {
  state: 'in_progress' | 'ended';
  takenDown: boolean;
  copyUntilMs: number;
  minInvestmentPaise: bigint;
}

export function followInvestmentRefusal(
  product: FollowProductTerms | undefined,
  amountPaise: bigint,
  nowMs: number,
): FollowInvestmentRefusal | undefined {
  if (product?.state !== 'in_progress' || product.takenDown) return { code: 'PRODUCT_NOT_FOUND' };
  if (nowMs >= product.copyUntilMs) return { code: 'COPY_TIME_LIMIT_EXCEEDED' };
  if (amountPaise < product.minInvestmentPaise) return { code: 'BELOW_PRODUCT_MINIMUM' };
  return undefined;
}

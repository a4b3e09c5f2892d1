import { toPaise } from '../../lib/amount-input';

/**
 * The spec's loan rules checked before anything is sent ("loan and repayment amounts are required;
 * repayment cannot exceed the borrowed amount; the borrowed amount cannot exceed the quota"). Each
 * refusal is an i18n key under loans→validation; the server checks again. Money stays in paise.
 */
export function validateLoanAmount(
  value: string,
  limits: { min: string; max: string; borrowable: string },
): string | undefined {
  if (!value.trim()) return 'loans.validation.amountRequired';
  const paise = toPaise(value);
  if (paise === null || paise <= 0n) return 'loans.validation.amountInvalid';
  if (paise < (toPaise(limits.min) ?? 0n)) return 'loans.validation.belowMin';
  if (paise > (toPaise(limits.max) ?? 0n)) return 'loans.validation.overLimit';
  if (paise > (toPaise(limits.borrowable) ?? 0n)) return 'loans.validation.quotaInsufficient';
  return undefined;
}

export function validateRepayAmount(
  value: string,
  limits: { owed: string; cash: string },
): string | undefined {
  if (!value.trim()) return 'loans.validation.amountRequired';
  const paise = toPaise(value);
  if (paise === null || paise <= 0n) return 'loans.validation.amountInvalid';
  if (paise > (toPaise(limits.owed) ?? 0n)) return 'loans.validation.exceedsOwed';
  if (paise > (toPaise(limits.cash) ?? 0n)) return 'loans.validation.cashInsufficient';
  return undefined;
}

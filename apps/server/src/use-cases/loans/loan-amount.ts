import { parsePaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';

/**
 * A loan or repayment amount from a request, in paise. The spec: "loan and repayment amounts are
 * required", so a missing, zero or negative amount is AMOUNT_REQUIRED; any other malformed form
 * (three decimals, an exponent...) is VALIDATION_FAILED with the parser's reason.
 */
export function parseLoanAmount(input: string | number): bigint {
  const parsed = parsePaise(input);
  if (parsed.ok) return parsed.paise;
  if (parsed.reason === 'empty' || parsed.reason === 'zero' || parsed.reason === 'negative') {
    return refuse('AMOUNT_REQUIRED');
  }
  return refuse('VALIDATION_FAILED', { field: 'amount', reason: parsed.reason });
}

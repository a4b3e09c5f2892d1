import { parsePaise } from '@nivesh/core';
import { refuse } from './app-error.js';

/**
 * An amount from a request (decimal string or number) as paise, or a VALIDATION_FAILED refusal that
 * names the field and the parser's reason (empty, exponent, too_many_decimals, zero, negative...).
 */
export function paiseFromInput(
  field: string,
  input: string | number,
  options: { maxPaise?: bigint } = {},
): bigint {
  const parsed = parsePaise(input, options);
  if (!parsed.ok) return refuse('VALIDATION_FAILED', { field, reason: parsed.reason });
  return parsed.paise;
}

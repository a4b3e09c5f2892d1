import { refuse } from '../../application/app-error.js';
import {
  FUND_PASSWORD_MIN_LENGTH,
  isAcceptableFundPassword,
  isStrongLoginPassword,
  LOGIN_PASSWORD_MIN_LENGTH,
} from '../../security/passwords.js';

const RULES = {
  login: { acceptable: isStrongLoginPassword, minLength: LOGIN_PASSWORD_MIN_LENGTH },
  fund: { acceptable: isAcceptableFundPassword, minLength: FUND_PASSWORD_MIN_LENGTH },
} as const;

/**
 * A new password as every form sends it, typed twice: refused when the two differ
 * (PASSWORDS_DO_NOT_MATCH), then when it breaks the rule of its kind (PASSWORD_TOO_WEAK).
 */
export function refuseUnlessNewPassword(
  kind: keyof typeof RULES,
  input: { newPassword: string; confirmPassword: string },
): void {
  if (input.newPassword !== input.confirmPassword) refuse('PASSWORDS_DO_NOT_MATCH');
  const rule = RULES[kind];
  if (!rule.acceptable(input.newPassword)) refuse('PASSWORD_TOO_WEAK', { minLength: rule.minLength });
}

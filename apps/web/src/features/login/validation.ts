import type { FieldErrors } from '../../lib/form-validation';

export interface LoginValues {
  account: string;
  password: string;
}

export interface RegisterValues {
  account: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
  agree: boolean;
}

export type LoginField = keyof LoginValues;
export type RegisterField = keyof RegisterValues;

/**
 * An Indian mobile number as the account: spaces and dashes dropped, a +91 or 0 prefix removed.
 * Example: normalizePhone("+91 98765-43210") === "9876543210".
 */
export function normalizePhone(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  if (/^\+91\d{10}$/.test(digits)) return digits.slice(3);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
}

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

export function validateLogin(values: LoginValues): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (!values.account.trim()) errors.account = 'validation.phoneRequired';
  if (!values.password) errors.password = 'validation.passwordRequired';
  return errors;
}

/** The spec's registration rules: nothing empty, the passwords match, the agreement accepted. */
export function validateRegistration(values: RegisterValues): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  const phone = normalizePhone(values.account.trim());
  if (!phone) errors.account = 'validation.phoneRequired';
  else if (!INDIAN_MOBILE.test(phone)) errors.account = 'validation.phoneInvalid';
  if (!values.password) errors.password = 'validation.passwordRequired';
  if (!values.confirmPassword) errors.confirmPassword = 'validation.confirmPasswordRequired';
  else if (values.password && values.password !== values.confirmPassword) {
    errors.confirmPassword = 'validation.passwordsMismatch';
  }
  if (!values.inviteCode.trim()) errors.inviteCode = 'validation.inviteCodeRequired';
  if (!values.agree) errors.agree = 'validation.agreementRequired';
  return errors;
}

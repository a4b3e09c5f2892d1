import type { FieldErrors } from '../../lib/form-validation';

/** The server's rules, checked first here so the message comes at once and in the user's language. */
export const LOGIN_PASSWORD_MIN_LENGTH = 8;
export const FUND_PASSWORD_MIN_LENGTH = 6;

export interface LoginPasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type LoginPasswordField = keyof LoginPasswordValues;

/** Old, new and repeated password are required; the new one has 8 characters with a letter and a digit, and differs. */
export function validateLoginPasswordChange(values: LoginPasswordValues): FieldErrors<LoginPasswordField> {
  const errors: FieldErrors<LoginPasswordField> = {};
  if (!values.oldPassword) errors.oldPassword = 'validation.oldPasswordRequired';
  if (!values.newPassword) errors.newPassword = 'validation.newPasswordRequired';
  else if (
    values.newPassword.length < LOGIN_PASSWORD_MIN_LENGTH ||
    !/[A-Za-z]/.test(values.newPassword) ||
    !/[0-9]/.test(values.newPassword)
  ) {
    errors.newPassword = 'validation.loginPasswordWeak';
  } else if (values.oldPassword && values.newPassword === values.oldPassword) {
    errors.newPassword = 'validation.passwordUnchanged';
  }
  if (!values.confirmPassword) errors.confirmPassword = 'validation.confirmPasswordRequired';
  else if (values.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = 'validation.passwordsMismatch';
  }
  return errors;
}

export interface FundPasswordValues {
  /** The login password (setting the first time) or the old fund password (changing it). */
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type FundPasswordField = keyof FundPasswordValues;

export function validateFundPassword(
  values: FundPasswordValues,
  isChange: boolean,
): FieldErrors<FundPasswordField> {
  const errors: FieldErrors<FundPasswordField> = {};
  if (!values.currentPassword) {
    errors.currentPassword = isChange
      ? 'validation.oldFundPasswordRequired'
      : 'validation.loginPasswordRequired';
  }
  if (!values.newPassword) errors.newPassword = 'validation.newFundPasswordRequired';
  else if (values.newPassword.length < FUND_PASSWORD_MIN_LENGTH)
    errors.newPassword = 'validation.fundPasswordShort';
  if (!values.confirmPassword) errors.confirmPassword = 'validation.confirmPasswordRequired';
  else if (values.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = 'validation.passwordsMismatch';
  }
  return errors;
}

import type { FormRule } from 'antd';

export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;
export const TOTP_CODE_MESSAGE = 'The code is 6 digits from your authenticator app';

export const optionalTotpCodeRules: FormRule[] = [{ pattern: TOTP_CODE_PATTERN, message: TOTP_CODE_MESSAGE }];

export const requiredTotpCodeRules: FormRule[] = [
  { required: true, message: 'Enter the 6-digit code' },
  { pattern: TOTP_CODE_PATTERN, message: TOTP_CODE_MESSAGE },
];

import { toPaise } from '../../lib/amount-input';
import type { FieldErrors } from '../../lib/form-validation';

/**
 * The spec's section 5 rules for the funds forms, checked before anything is sent. Every refusal is
 * an i18n key under funds→validation; the server checks again and its refusal is shown too.
 * Money never passes through floating point: amounts are compared as paise (bigint).
 */

interface Limits {
  min?: string | undefined;
  max?: string | undefined;
  /** The most that may be taken (withdrawable cash). */
  available?: string | undefined;
}

/** Required, a positive amount with at most 2 decimals, within the server-supplied limits. */
export function validateAmount(value: string, limits: Limits = {}): string | undefined {
  if (!value.trim()) return 'funds.validation.amountRequired';
  const paise = toPaise(value);
  if (paise === null || paise <= 0n) return 'funds.validation.amountInvalid';
  const min = limits.min ? toPaise(limits.min) : null;
  const max = limits.max ? toPaise(limits.max) : null;
  const available = limits.available ? toPaise(limits.available) : null;
  if (min !== null && paise < min) return 'funds.validation.amountBelowMin';
  if (max !== null && paise > max) return 'funds.validation.amountAboveMax';
  if (available !== null && paise > available) return 'funds.validation.amountAboveWithdrawable';
  return undefined;
}

// Identity documents.

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;

// The same Verhoeff check the server applies (packages/core is pure and ships to the browser).
import { isVerhoeffValid } from '@nivesh/core';

export { isVerhoeffValid };

/** PAN in capitals without spaces, Aadhaar as 12 digits. */
export function normalizeIdNumber(idType: 'pan' | 'aadhaar', value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  return idType === 'pan' ? compact.toUpperCase() : compact;
}

export interface KycValues {
  realName: string;
  idType: 'pan' | 'aadhaar';
  idNumber: string;
  frontImage: string | null;
  backImage: string | null;
}
export type KycField = 'realName' | 'idNumber' | 'frontImage' | 'backImage';

export function validateKyc(values: KycValues): FieldErrors<KycField> {
  const errors: FieldErrors<KycField> = {};
  const name = values.realName.trim();
  if (!name) errors.realName = 'funds.validation.nameRequired';
  else if (name.length < 2 || name.length > 100 || /[\d<>{}]/.test(name)) {
    errors.realName = 'funds.validation.nameInvalid';
  }
  const id = normalizeIdNumber(values.idType, values.idNumber);
  if (!id) errors.idNumber = 'funds.validation.idNumberRequired';
  else if (values.idType === 'pan' && !PAN.test(id)) errors.idNumber = 'funds.validation.panInvalid';
  else if (values.idType === 'aadhaar' && !(/^[2-9]\d{11}$/.test(id) && isVerhoeffValid(id))) {
    errors.idNumber = 'funds.validation.aadhaarInvalid';
  }
  if (!values.frontImage) errors.frontImage = 'funds.validation.frontImageRequired';
  if (!values.backImage) errors.backImage = 'funds.validation.backImageRequired';
  return errors;
}

// Payout destinations.

export interface BankCardValues {
  accountNumber: string;
  confirmAccountNumber: string;
  ifsc: string;
  bankName: string;
  branchName: string;
}
export type BankCardField = keyof BankCardValues;

export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export function validateBankCard(values: BankCardValues): FieldErrors<BankCardField> {
  const errors: FieldErrors<BankCardField> = {};
  const account = values.accountNumber.replace(/\s/g, '');
  if (!account) errors.accountNumber = 'funds.validation.accountNumberRequired';
  else if (!/^\d{9,18}$/.test(account)) errors.accountNumber = 'funds.validation.accountNumberInvalid';
  if (!values.confirmAccountNumber.trim()) {
    errors.confirmAccountNumber = 'funds.validation.confirmAccountNumberRequired';
  } else if (values.confirmAccountNumber.replace(/\s/g, '') !== account) {
    errors.confirmAccountNumber = 'funds.validation.accountNumbersMismatch';
  }
  const ifsc = values.ifsc.trim().toUpperCase();
  if (!ifsc) errors.ifsc = 'funds.validation.ifscRequired';
  else if (!IFSC.test(ifsc)) errors.ifsc = 'funds.validation.ifscInvalid';
  if (values.bankName.length > 100) errors.bankName = 'funds.validation.tooLong';
  if (values.branchName.length > 100) errors.branchName = 'funds.validation.tooLong';
  return errors;
}

export interface WalletValues {
  network: 'TRC20' | 'ERC20' | '';
  address: string;
}
export type WalletField = keyof WalletValues;

export function validateWallet(values: WalletValues): FieldErrors<WalletField> {
  const errors: FieldErrors<WalletField> = {};
  const address = values.address.trim();
  if (!values.network) errors.network = 'funds.validation.networkRequired';
  if (!address) errors.address = 'funds.validation.addressRequired';
  else if (values.network === 'TRC20' && !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) {
    errors.address = 'funds.validation.addressInvalid';
  } else if (values.network === 'ERC20' && !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    errors.address = 'funds.validation.addressInvalid';
  }
  return errors;
}

// Deposit, withdrawal, exchange.

export interface DepositValues {
  amount: string;
  payerReference: string;
  receiptImage: string | null;
  sourceId: string;
}
export type DepositField = keyof DepositValues;

export function validateDeposit(
  values: DepositValues,
  channel: { min: string; max: string; payerReference: 'utr' | 'tx_hash' },
): FieldErrors<DepositField> {
  const errors: FieldErrors<DepositField> = {};
  const amount = validateAmount(values.amount, { min: channel.min, max: channel.max });
  if (amount) errors.amount = amount;
  const reference = values.payerReference.trim();
  if (!reference) {
    errors.payerReference =
      channel.payerReference === 'utr' ? 'funds.validation.utrRequired' : 'funds.validation.txHashRequired';
  } else if (channel.payerReference === 'utr' && !/^\d{12}$/.test(reference)) {
    errors.payerReference = 'funds.validation.utrInvalid';
  } else if (channel.payerReference === 'tx_hash' && !/^(0x)?[0-9a-fA-F]{64}$/.test(reference)) {
    errors.payerReference = 'funds.validation.txHashInvalid';
  }
  if (!values.receiptImage) errors.receiptImage = 'funds.validation.receiptRequired';
  if (!values.sourceId) errors.sourceId = 'funds.validation.sourceRequired';
  return errors;
}

export interface WithdrawalValues {
  amount: string;
  destinationId: string;
  fundPassword: string;
}
export type WithdrawalField = keyof WithdrawalValues;

export function validateWithdrawal(
  values: WithdrawalValues,
  limits: { min?: string | undefined; max?: string | undefined; withdrawable?: string | undefined },
): FieldErrors<WithdrawalField> {
  const errors: FieldErrors<WithdrawalField> = {};
  const amount = validateAmount(values.amount, {
    min: limits.min,
    max: limits.max,
    available: limits.withdrawable,
  });
  if (amount) errors.amount = amount;
  if (!values.destinationId) errors.destinationId = 'funds.validation.destinationRequired';
  if (!values.fundPassword) errors.fundPassword = 'funds.validation.fundPasswordRequired';
  return errors;
}

export interface ExchangeValues {
  from: string;
  to: string;
  amount: string;
}
export type ExchangeField = keyof ExchangeValues;

export function validateExchange(values: ExchangeValues): FieldErrors<ExchangeField> {
  const errors: FieldErrors<ExchangeField> = {};
  if (!values.from) errors.from = 'funds.validation.currencyRequired';
  if (!values.to) errors.to = 'funds.validation.currencyRequired';
  else if (values.from && values.from === values.to) errors.to = 'funds.validation.sameCurrency';
  const amount = validateAmount(values.amount);
  if (amount) errors.amount = amount;
  return errors;
}

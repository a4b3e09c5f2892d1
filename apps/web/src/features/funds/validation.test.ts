import { describe, expect, it } from 'vitest';
import { normalizeAmount, toPaise } from '../../lib/amount-input';
import {
  isVerhoeffValid,
  validateAmount,
  validateBankCard,
  validateDeposit,
  validateExchange,
  validateKyc,
  validateWallet,
  validateWithdrawal,
} from './validation';

describe('amounts', () => {
  it('reads rupees into paise without floating point', () => {
    expect(toPaise('1,00,000.5')).toBe(10_000_050n);
    expect(toPaise('0.07')).toBe(7n);
    expect(toPaise('1.234')).toBeNull();
    expect(toPaise('-5')).toBeNull();
    expect(toPaise('1e3')).toBeNull();
    // A stray comma or space is refused, never stripped into another amount.
    expect(toPaise('2,5')).toBeNull();
    expect(toPaise('25,00')).toBeNull();
    expect(toPaise('2 500')).toBeNull();
    expect(toPaise('2.5.0')).toBeNull();
    expect(toPaise('100,000')).toBe(10_000_000n);
    expect(toPaise(' 12,34,567.80 ')).toBe(123_456_780n);
    expect(normalizeAmount('2500')).toBe('2500.00');
    expect(normalizeAmount('99999999999.99')).toBe('99999999999.99');
  });

  it('checks required, positive and the server-supplied limits', () => {
    expect(validateAmount('')).toBe('funds.validation.amountRequired');
    expect(validateAmount('0')).toBe('funds.validation.amountInvalid');
    expect(validateAmount('99.99', { min: '100.00' })).toBe('funds.validation.amountBelowMin');
    expect(validateAmount('100', { min: '100.00', max: '500000.00' })).toBeUndefined();
    expect(validateAmount('500000.01', { max: '500000.00' })).toBe('funds.validation.amountAboveMax');
    expect(validateAmount('200.01', { available: '200.00' })).toBe(
      'funds.validation.amountAboveWithdrawable',
    );
  });
});

describe('identity', () => {
  it('knows the Verhoeff check digit of Aadhaar numbers', () => {
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('234123412346')).toBe(true);
    expect(isVerhoeffValid('234123412345')).toBe(false);
  });

  it('requires name, number and both photos, and checks PAN and Aadhaar', () => {
    expect(
      validateKyc({ realName: '', idType: 'pan', idNumber: '', frontImage: null, backImage: null }),
    ).toEqual({
      realName: 'funds.validation.nameRequired',
      idNumber: 'funds.validation.idNumberRequired',
      frontImage: 'funds.validation.frontImageRequired',
      backImage: 'funds.validation.backImageRequired',
    });
    const base = { realName: 'Asha Rao', frontImage: 'a', backImage: 'b' };
    expect(validateKyc({ ...base, idType: 'pan', idNumber: 'abcde 1234 f' })).toEqual({});
    expect(validateKyc({ ...base, idType: 'pan', idNumber: 'ABCD12345F' }).idNumber).toBe(
      'funds.validation.panInvalid',
    );
    expect(validateKyc({ ...base, idType: 'aadhaar', idNumber: '2341 2341 2346' })).toEqual({});
    expect(validateKyc({ ...base, idType: 'aadhaar', idNumber: '2341 2341 2345' }).idNumber).toBe(
      'funds.validation.aadhaarInvalid',
    );
    expect(validateKyc({ ...base, idType: 'aadhaar', idNumber: '0341 2341 2346' }).idNumber).toBe(
      'funds.validation.aadhaarInvalid',
    );
  });
});

describe('destinations', () => {
  it('checks account number, its confirmation and the IFSC format', () => {
    const valid = {
      accountNumber: '123456789012',
      confirmAccountNumber: '123456789012',
      ifsc: 'sbin0001234',
      bankName: '',
      branchName: '',
    };
    expect(validateBankCard(valid)).toEqual({});
    expect(
      validateBankCard({ ...valid, accountNumber: '12345678', confirmAccountNumber: '12345678' })
        .accountNumber,
    ).toBe('funds.validation.accountNumberInvalid');
    expect(validateBankCard({ ...valid, confirmAccountNumber: '123456789013' }).confirmAccountNumber).toBe(
      'funds.validation.accountNumbersMismatch',
    );
    expect(validateBankCard({ ...valid, ifsc: 'SBIN1001234' }).ifsc).toBe('funds.validation.ifscInvalid');
  });

  it('requires wallet type and an address of the network', () => {
    expect(validateWallet({ network: '', address: '' })).toEqual({
      network: 'funds.validation.networkRequired',
      address: 'funds.validation.addressRequired',
    });
    expect(validateWallet({ network: 'ERC20', address: `0x${'a'.repeat(40)}` })).toEqual({});
    expect(validateWallet({ network: 'TRC20', address: `0x${'a'.repeat(40)}` }).address).toBe(
      'funds.validation.addressInvalid',
    );
  });
});

describe('money forms', () => {
  it('deposit: amount within the channel limits, a 12-digit UTR, the receipt first, a source', () => {
    const channel = { min: '100.00', max: '1000000.00', payerReference: 'utr' as const };
    expect(
      validateDeposit({ amount: '', payerReference: '', receiptImage: null, sourceId: '' }, channel),
    ).toEqual({
      amount: 'funds.validation.amountRequired',
      payerReference: 'funds.validation.utrRequired',
      receiptImage: 'funds.validation.receiptRequired',
      sourceId: 'funds.validation.sourceRequired',
    });
    expect(
      validateDeposit({ amount: '50', payerReference: '12345', receiptImage: 'r', sourceId: 's' }, channel),
    ).toEqual({ amount: 'funds.validation.amountBelowMin', payerReference: 'funds.validation.utrInvalid' });
    expect(
      validateDeposit(
        { amount: '10', payerReference: '12345', receiptImage: 'r', sourceId: 's' },
        { min: '1.00', max: '10.00', payerReference: 'tx_hash' },
      ).payerReference,
    ).toBe('funds.validation.txHashInvalid');
  });

  it('withdrawal: amount, destination and fund password, within the withdrawable cash', () => {
    expect(validateWithdrawal({ amount: '', destinationId: '', fundPassword: '' }, {})).toEqual({
      amount: 'funds.validation.amountRequired',
      destinationId: 'funds.validation.destinationRequired',
      fundPassword: 'funds.validation.fundPasswordRequired',
    });
    expect(
      validateWithdrawal(
        { amount: '900', destinationId: 'd', fundPassword: 'p' },
        { min: '100.00', withdrawable: '800.00' },
      ).amount,
    ).toBe('funds.validation.amountAboveWithdrawable');
  });

  it('exchange: the amount is required and the same currency is refused', () => {
    expect(validateExchange({ from: 'INR', to: 'INR', amount: '' })).toEqual({
      to: 'funds.validation.sameCurrency',
      amount: 'funds.validation.amountRequired',
    });
    expect(validateExchange({ from: 'USD', to: 'INR', amount: '10' })).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { checkIfsc, maskBankAccountNumber, normaliseBankAccountNumber } from './bank-account.js';

describe('IFSC', () => {
  it('accepts a known bank code in any case', () => {
    expect(checkIfsc('hdfc0001234')).toEqual({
      ok: true,
      ifsc: 'HDFC0001234',
      bankCode: 'HDFC',
      bankName: 'HDFC Bank',
    });
  });

  it('refuses a code whose fifth character is not 0, or of the wrong length', () => {
    for (const bad of ['HDFC1001234', 'HDFC000123', 'HDF00001234', 'HDFC00012345']) {
      expect(checkIfsc(bad)).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('refuses an unknown bank code unless the operator added it', () => {
    expect(checkIfsc('ZZZZ0001234')).toEqual({ ok: false, reason: 'unknown_bank' });
    expect(checkIfsc('ZZZZ0001234', { ZZZZ: 'Zeta Co-operative Bank' })).toMatchObject({
      ok: true,
      bankName: 'Zeta Co-operative Bank',
    });
  });
});

describe('bank account numbers', () => {
  it('keeps 9 to 18 digits and drops spaces', () => {
    expect(normaliseBankAccountNumber('5010 0123 4567 89')).toBe('50100123456789');
    expect(normaliseBankAccountNumber('12345678')).toBeNull();
    expect(normaliseBankAccountNumber('1234567890123456789')).toBeNull();
    expect(normaliseBankAccountNumber('12345678A')).toBeNull();
  });

  it('masks all but the last four digits', () => {
    expect(maskBankAccountNumber('50100123456789')).toBe('XXXX6789');
  });
});

import { describe, expect, it } from 'vitest';
import { checkIdentityNumber, isPersonName, maskIdentityNumber, normalisePersonName } from './identity.js';
import { verhoeffCheckDigit } from './verhoeff.js';

const aadhaar = (first11: string) => first11 + verhoeffCheckDigit(first11);

describe('identity numbers', () => {
  it('accepts a PAN in any case and spacing', () => {
    expect(checkIdentityNumber('pan', ' abcde 1234 f ')).toEqual({
      ok: true,
      type: 'pan',
      normalised: 'ABCDE1234F',
      last4: '234F',
    });
  });

  it('refuses a PAN of the wrong shape', () => {
    for (const bad of ['ABCD1234F', 'ABCDE12345', '12345ABCDE', 'ABCDE1234FF', '']) {
      expect(checkIdentityNumber('pan', bad)).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('accepts an Aadhaar number whose last digit is its Verhoeff check digit', () => {
    const number = aadhaar('23456789012');
    const spaced = `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`;
    expect(checkIdentityNumber('aadhaar', spaced)).toMatchObject({
      ok: true,
      normalised: number,
      last4: number.slice(-4),
    });
  });

  it('refuses an Aadhaar number with a wrong check digit', () => {
    const number = aadhaar('23456789012');
    const wrong = number.slice(0, 11) + ((Number(number[11]) + 1) % 10);
    expect(checkIdentityNumber('aadhaar', wrong)).toEqual({ ok: false, reason: 'check_digit' });
  });

  it('refuses an Aadhaar number that starts with 0 or 1 or is not 12 digits', () => {
    expect(checkIdentityNumber('aadhaar', aadhaar('13456789012'))).toEqual({ ok: false, reason: 'format' });
    expect(checkIdentityNumber('aadhaar', '2345678901')).toEqual({ ok: false, reason: 'format' });
  });

  it('shows an Aadhaar number by its last four digits only', () => {
    expect(maskIdentityNumber('aadhaar', '234567890124')).toBe('XXXX XXXX 0124');
    expect(maskIdentityNumber('pan', 'ABCDE1234F')).toBe('ABCDE1234F');
  });
});

describe('person names', () => {
  it('compares names ignoring case and spacing', () => {
    expect(normalisePersonName('  asha   Verma ')).toBe(normalisePersonName('ASHA VERMA'));
  });

  it('accepts letters of any script and common punctuation, refuses digits and symbols', () => {
    expect(isPersonName("D'Souza Anil")).toBe(true);
    expect(isPersonName('आशा वर्मा')).toBe(true);
    expect(isPersonName('Asha123')).toBe(false);
    expect(isPersonName('A')).toBe(false);
    expect(isPersonName('<script>')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatAmount, formatIndianUnits, formatMoney, groupIndian, isNegativeAmount } from './money';

describe('formatMoney', () => {
  it('groups rupees the Indian way: the last three digits, then pairs', () => {
    expect(formatMoney('123456.78')).toBe('1,23,456.78');
    expect(formatMoney('1234567890.00')).toBe('1,23,45,67,890.00');
    expect(formatMoney('1000')).toBe('1,000.00');
    expect(formatMoney('999')).toBe('999.00');
  });

  it('always shows two decimals', () => {
    expect(formatMoney('5')).toBe('5.00');
    expect(formatMoney('5.5')).toBe('5.50');
    expect(formatMoney('.5')).toBe('0.50');
    expect(formatMoney('12.')).toBe('12.00');
  });

  it('rounds a third decimal half away from zero, carrying into rupees', () => {
    expect(formatMoney('123456.785')).toBe('1,23,456.79');
    expect(formatMoney('0.004')).toBe('0.00');
    expect(formatMoney('99999.995')).toBe('1,00,000.00');
    expect(formatMoney('-2.345')).toBe('-2.35');
  });

  it('keeps the sign of a loss and never shows minus zero', () => {
    expect(formatMoney('-1234.50')).toBe('-1,234.50');
    expect(formatMoney('-0.00')).toBe('0.00');
    expect(formatMoney('-0.001')).toBe('0.00');
    expect(formatMoney('+10')).toBe('10.00');
  });

  it('shows 0.00 for empty or non-numeric input', () => {
    for (const value of [
      '',
      '  ',
      'abc',
      '1,000',
      '1e5',
      '--1',
      '.',
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(formatMoney(value)).toBe('0.00');
    }
  });

  it('handles amounts beyond floating-point precision exactly', () => {
    expect(formatMoney('12345678901234567890.12')).toBe('1,23,45,67,89,01,23,45,67,890.12');
    expect(formatMoney(123n)).toBe('123.00');
    expect(formatMoney(1234.5)).toBe('1,234.50');
  });
});

describe('groupIndian', () => {
  it('leaves up to three digits alone', () => {
    expect(groupIndian('0')).toBe('0');
    expect(groupIndian('100')).toBe('100');
    expect(groupIndian('10000')).toBe('10,000');
    expect(groupIndian('100000')).toBe('1,00,000');
  });
});

describe('isNegativeAmount', () => {
  it('is true only below zero', () => {
    expect(isNegativeAmount('-0.01')).toBe(true);
    expect(isNegativeAmount('-0.00')).toBe(false);
    expect(isNegativeAmount('0')).toBe(false);
    expect(isNegativeAmount('12.5')).toBe(false);
    expect(isNegativeAmount(-3)).toBe(true);
    expect(isNegativeAmount(undefined)).toBe(false);
  });
});

describe('formatAmount', () => {
  it('puts the minus sign (U+2212) before the rupee sign', () => {
    expect(formatAmount('-15000')).toBe('\u2212₹15,000.00');
    expect(formatAmount('-15000')).not.toContain('₹-');
    expect(formatAmount('100000')).toBe('₹1,00,000.00');
    expect(formatAmount('2500.5', { signed: true })).toBe('+₹2,500.50');
    expect(formatAmount('0', { signed: true })).toBe('₹0.00');
    expect(formatAmount('-12.5', { currency: 'USD' })).toBe('\u221212.50 USD');
  });
});

describe('formatIndianUnits', () => {
  it('shows large figures in lakh crore, crore and lakh, as Kite and Groww do', () => {
    expect(formatIndianUnits('6360000000000')).toBe('₹6.36L Cr');
    expect(formatIndianUnits('25000000')).toBe('₹2.5 Cr');
    expect(formatIndianUnits('4530000')).toBe('₹45.3 L');
    expect(formatIndianUnits('100000')).toBe('₹1 L');
    expect(formatIndianUnits('123456789012.34')).toBe('₹12,345.68 Cr');
  });

  it('rounds to two decimals of the unit, half away from zero, without floating point', () => {
    expect(formatIndianUnits('12345000')).toBe('₹1.23 Cr');
    expect(formatIndianUnits('12350000')).toBe('₹1.24 Cr');
    expect(formatIndianUnits('99999999999999999.99')).toBe('₹1,00,000L Cr');
  });

  it('keeps a figure below one lakh exact to the paisa', () => {
    expect(formatIndianUnits('99999.5')).toBe('₹99,999.50');
    expect(formatIndianUnits('0')).toBe('₹0.00');
  });

  it('sets the minus sign before the rupee sign, and shows 0 for what is not a number', () => {
    expect(formatIndianUnits('-25000000')).toBe('\u2212₹2.5 Cr');
    expect(formatIndianUnits('abc')).toBe('₹0.00');
    expect(formatIndianUnits(undefined)).toBe('₹0.00');
  });

  it('leaves the rupee sign off for counts such as shares', () => {
    expect(formatIndianUnits('15000000', { currency: false })).toBe('1.5 Cr');
  });
});

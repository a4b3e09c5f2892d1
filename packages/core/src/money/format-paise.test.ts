import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIndianGrouping, formatMoneyDisplay, formatPaise, paiseToChartNumber } from './format-paise.js';
import { MAX_PAISE } from './parse-paise.js';

const INDIAN_GROUPED = /^-?(?:[0-9]{1,3}|[1-9][0-9]?(?:,[0-9]{2})*,[0-9]{3})\.[0-9]{2}$/;

describe('formatPaise', () => {
  it.each([
    [123450n, '1234.50'],
    [-5n, '-0.05'],
    [0n, '0.00'],
    [100n, '1.00'],
    [-123456n, '-1234.56'],
    [MAX_PAISE, '10000000000000.00'],
  ])('writes %s paise as %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });
});

describe('formatIndianGrouping', () => {
  it.each([
    [0n, '0.00'],
    [99999n, '999.99'],
    [100000n, '1,000.00'],
    [12345678n, '1,23,456.78'],
    [1000000000n, '1,00,00,000.00'],
    [-100000000n, '-10,00,000.00'],
    [MAX_PAISE, '1,00,00,00,00,00,000.00'],
  ])('groups %s paise in lakhs and crores as %s', (paise, text) => {
    expect(formatIndianGrouping(paise)).toBe(text);
  });

  it('only adds commas in Indian places to the plain format', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (paise) => {
        const grouped = formatIndianGrouping(paise);
        expect(grouped).toMatch(INDIAN_GROUPED);
        expect(grouped.replaceAll(',', '')).toBe(formatPaise(paise));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatMoneyDisplay', () => {
  it.each([
    ['', '0.00'],
    ['   ', '0.00'],
    ['abc', '0.00'],
    ['1,000', '0.00'],
    ['-', '0.00'],
    ['e5', '0.00'],
    [null, '0.00'],
    [undefined, '0.00'],
    [Number.NaN, '0.00'],
    [Number.POSITIVE_INFINITY, '0.00'],
    [{}, '0.00'],
    [true, '0.00'],
    ['9'.repeat(101), '0.00'],
  ])('shows empty or non-numeric %j as 0.00', (value, text) => {
    expect(formatMoneyDisplay(value)).toBe(text);
  });

  it.each([
    ['123456.78', '1,23,456.78'],
    ['1234.5', '1,234.50'],
    [1234.5, '1,234.50'],
    [12345678n, '1,23,456.78'],
    ['-5000', '-5,000.00'],
    [' 12 ', '12.00'],
    ['+12', '12.00'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['1.005', '1.01'],
    ['1.004999', '1.00'],
    ['-1.005', '-1.01'],
    ['-0.001', '0.00'],
    ['2.5e3', '2,500.00'],
    [1e-7, '0.00'],
    [0.000006, '0.00'],
    [0.005, '0.01'],
    [1e21, '1,00,00,00,00,00,00,00,00,00,000.00'],
    ['1e-300', '0.00'],
  ])('shows the amount %s as %s', (value, text) => {
    expect(formatMoneyDisplay(value)).toBe(text);
  });

  it('shows every API amount exactly as its paise would be grouped', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_PAISE, max: MAX_PAISE }), (paise) => {
        expect(formatMoneyDisplay(formatPaise(paise))).toBe(formatIndianGrouping(paise));
      }),
      { numRuns: 2000 },
    );
  });

  it('shows any value at all without throwing, as a grouped amount', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.double(), fc.string()), (value) => {
        expect(formatMoneyDisplay(value)).toMatch(INDIAN_GROUPED);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('chart numbers', () => {
  it('turn paise into rupees for display series only', () => {
    expect(paiseToChartNumber(140_725n)).toBe(1407.25);
    expect(paiseToChartNumber(-5n)).toBe(-0.05);
  });
});

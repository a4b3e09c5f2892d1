import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAtRate, formatExchangeRate, parseExchangeRate } from './exchange.js';

describe('exchange rates', () => {
  it('reads a decimal rate as an exact ratio and writes it back', () => {
    expect(parseExchangeRate('83.25')).toEqual({ numerator: 8325n, denominator: 100n });
    expect(formatExchangeRate(parseExchangeRate('83.25')!)).toBe('83.25');
    expect(formatExchangeRate(parseExchangeRate('0.01203')!)).toBe('0.01203');
    expect(formatExchangeRate(parseExchangeRate('7')!)).toBe('7');
  });

  it('refuses zero, signs, exponents and more than 8 decimals', () => {
    for (const bad of ['0', '0.00', '-1', '+1', '1e3', '1.123456789', '', 'abc', '1234567890']) {
      expect(parseExchangeRate(bad), bad).toBeNull();
    }
  });

  it('converts ₹10,000.00 to USD at 0.012 less a 50 bps spread, rounding down', () => {
    expect(convertAtRate(1_000_000n, parseExchangeRate('0.012')!, 50)).toBe(11_940n);
  });

  it('rounds toward zero: the house never pays a fraction it did not receive', () => {
    // 1 paisa at 0.012 is 0.012 cents: nothing.
    expect(convertAtRate(1n, parseExchangeRate('0.012')!, 0)).toBe(0n);
    // US$1.00 at 83.33 with 0 spread is ₹83.33 exactly.
    expect(convertAtRate(100n, parseExchangeRate('83.33')!, 0)).toBe(8_333n);
  });

  it('never gives more than the rate without spread, and a wider spread never gives more', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.stringMatching(/^[1-9][0-9]{0,3}\.[0-9]{1,6}$/),
        fc.integer({ min: 0, max: 999 }),
        (amount, rateText, spread) => {
          const rate = parseExchangeRate(rateText)!;
          const exact = (amount * rate.numerator) / rate.denominator;
          const narrow = convertAtRate(amount, rate, spread);
          const wide = convertAtRate(amount, rate, spread + 1);
          return narrow <= exact && wide <= narrow;
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { CURRENCIES, isCurrencyCode, MINOR_PER_UNIT } from './currency.js';

describe('currencies', () => {
  it('knows the rupee, the spec accounts and the exchange list', () => {
    expect(CURRENCIES[0]).toBe('INR');
    for (const code of ['USD', 'THB', 'USDT', 'JPY', 'KRW']) expect(isCurrencyCode(code)).toBe(true);
  });

  it('refuses codes it does not know, lower case, and non-strings', () => {
    for (const value of ['inr', 'BTC', '', ' INR', null, 1, undefined])
      expect(isCurrencyCode(value)).toBe(false);
  });

  it('stores every currency with two minor digits', () => {
    expect(MINOR_PER_UNIT).toBe(100n);
  });
});

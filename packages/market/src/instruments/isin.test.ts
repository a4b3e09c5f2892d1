import { describe, expect, it } from 'vitest';
import { isValidIndianEquityIsin, isValidIsin } from './isin.js';

describe('ISIN check digits', () => {
  it('accepts real ISINs from India and abroad', () => {
    expect(isValidIsin('INE002A01018')).toBe(true); // Reliance Industries
    expect(isValidIsin('US0378331005')).toBe(true); // Apple
    expect(isValidIsin('AU0000XVGZA3')).toBe(true); // letters in the body
  });

  it('refuses a wrong check digit or a swapped pair of characters', () => {
    expect(isValidIsin('INE002A01019')).toBe(false);
    expect(isValidIsin('INE020A01018')).toBe(false);
  });

  it('refuses malformed strings', () => {
    expect(isValidIsin('ine002a01018')).toBe(false);
    expect(isValidIsin('INE002A0101')).toBe(false);
    expect(isValidIsin('INE002A0101X')).toBe(false);
  });

  it('tells an Indian equity ISIN from other Indian securities', () => {
    expect(isValidIndianEquityIsin('INE040A01034')).toBe(true);
    expect(isValidIndianEquityIsin('US0378331005')).toBe(false);
  });
});

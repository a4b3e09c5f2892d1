import { describe, expect, it } from 'vitest';
import { computeWithdrawalFee } from './withdrawal-fee.js';

describe('withdrawal fee', () => {
  it('is the fixed part plus the rate of the amount', () => {
    expect(computeWithdrawalFee(1_000_000n, { fixedMinor: 1_000n, rateBps: 10 })).toBe(2_000n);
  });

  it('is nothing when no fee is configured', () => {
    expect(computeWithdrawalFee(1_000_000n, { fixedMinor: 0n, rateBps: 0 })).toBe(0n);
  });

  it('rounds the rate half away from zero to the paisa', () => {
    // 5 bps of 10,100 paise is 5.05 paise, which rounds to 5; of 11,000 it is 5.5, which rounds to 6.
    expect(computeWithdrawalFee(10_100n, { fixedMinor: 0n, rateBps: 5 })).toBe(5n);
    expect(computeWithdrawalFee(11_000n, { fixedMinor: 0n, rateBps: 5 })).toBe(6n);
  });

  it('always leaves at least one paisa to pay out', () => {
    expect(computeWithdrawalFee(500n, { fixedMinor: 1_000n, rateBps: 0 })).toBe(499n);
  });
});

import { describe, expect, it } from 'vitest';
import { kindFamilyOf } from './kind-family';

describe('kindFamilyOf', () => {
  it("names the product behind a trade-tab entry by its kind's prefix", () => {
    expect(kindFamilyOf('trade_open')).toBe('trade');
    expect(kindFamilyOf('ipo_hold')).toBe('ipo');
    expect(kindFamilyOf('follow_strategy_return')).toBe('follow');
    expect(kindFamilyOf('loan_repayment')).toBe('loan');
    expect(kindFamilyOf('lending_fee')).toBe('lending');
    expect(kindFamilyOf('exchange')).toBe('exchange');
    expect(kindFamilyOf('checkin_reward')).toBe('checkin');
    expect(kindFamilyOf('user_transfer')).toBe('user_transfer');
    expect(kindFamilyOf('reversal')).toBe('other');
    expect(kindFamilyOf('trader')).toBe('other');
  });
});

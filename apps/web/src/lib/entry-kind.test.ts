import { describe, expect, it } from 'vitest';
import { entryKindKey, isHoldKind, kindFamilyOf } from './entry-kind';

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

  it('names each line by its kind, not by the tab it is listed under', () => {
    expect(entryKindKey('loan_disbursed')).toBe('entryKind.loan_disbursed');
    expect(entryKindKey('ipo_capture')).toBe('entryKind.ipo_capture');
    expect(entryKindKey('trade_expired')).toBe('entryKind.family.trade');
    expect(entryKindKey('reversal')).toBe('entryKind.family.other');
    expect(isHoldKind('trade_hold')).toBe(true);
    expect(isHoldKind('trade_open')).toBe(false);
  });
});

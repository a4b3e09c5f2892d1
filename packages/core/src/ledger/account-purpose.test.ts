import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PURPOSES,
  balanceSignOf,
  HOUSE_ACCOUNT_PURPOSES,
  isAccountPurpose,
  isUserPurpose,
  USER_ACCOUNT_PURPOSES,
} from './account-purpose.js';

describe('account purposes', () => {
  it('tells a user account from a house account', () => {
    expect(isUserPurpose('cash')).toBe(true);
    expect(isUserPurpose('order_hold')).toBe(true);
    expect(isUserPurpose('house_stopout_absorbed')).toBe(false);
    for (const purpose of HOUSE_ACCOUNT_PURPOSES) {
      expect(isUserPurpose(purpose)).toBe(false);
      expect(purpose.startsWith('house_')).toBe(true);
    }
    for (const purpose of USER_ACCOUNT_PURPOSES) expect(purpose.startsWith('house_')).toBe(false);
  });

  it('names each purpose once', () => {
    expect(new Set(ACCOUNT_PURPOSES).size).toBe(ACCOUNT_PURPOSES.length);
  });

  it('recognises purposes from outside and refuses others', () => {
    expect(isAccountPurpose('margin')).toBe(true);
    expect(isAccountPurpose('bonus')).toBe(false);
    expect(isAccountPurpose(undefined)).toBe(false);
  });

  it('keeps user money at or above zero and shows a loan as what the user owes', () => {
    expect(balanceSignOf('cash')).toBe('non_negative');
    expect(balanceSignOf('withdrawal_hold')).toBe('non_negative');
    expect(balanceSignOf('loan_payable')).toBe('non_positive');
    expect(balanceSignOf('house_counterparty')).toBe('any');
  });
});
